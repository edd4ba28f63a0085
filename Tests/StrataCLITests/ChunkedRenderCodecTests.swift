import Foundation
import StrataEncode
import StrataModel
import XCTest

/// Chunked renders in every video format that joins by stream copy, and the
/// soundtrack laid once over the whole.
final class ChunkedRenderCodecTests: XCTestCase {
    /// Plans, renders every chunk (in reverse order) and joins; returns the joined file.
    private func chunkedRender(_ scene: String, chunks: Int, format: String, options: [String], in dir: String) throws -> String {
        let farm = dir + "/farm-" + format
        let plan = try CLIHarness.run(["plan", scene, "--chunks", String(chunks), "--format", format, "-o", farm + "/m.json"] + options)
        XCTAssertEqual(plan.status, 0, plan.stderr)
        for i in (0..<chunks).reversed() {
            let r = try CLIHarness.run(["render", scene, "--chunk", "\(i)/\(chunks)", "--format", format, "-o", farm + "/"] + options)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let out = dir + "/joined." + format
        let r = try CLIHarness.run(["concat", farm + "/m.json", "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        return out
    }

    func testProResMOVChunksDecodeToTheSingleProcessRender() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Farm.scene, in: dir)
        let options = ["--codec", "prores-lt"]
        let joined = try chunkedRender(scene, chunks: 3, format: "mov", options: options, in: dir)
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/single.mov"] + options).status, 0)
        let facts = try SegmentReader.read(path: joined, frameRate: FrameRate(24)!)
        XCTAssertEqual(facts.codec, "prores")
        XCTAssertEqual(facts.frameCount, Farm.frameCount)
        XCTAssertNil(facts.timestampGap)
        // ProRes is intra-only and deterministic: the same pictures, frame for frame.
        let all = Set(0..<Farm.frameCount)
        let a = try VideoReader.decodeFrames(path: joined, indices: all), b = try VideoReader.decodeFrames(path: dir + "/single.mov", indices: all)
        for i in 0..<Farm.frameCount { XCTAssertEqual(a[i], b[i], "frame \(i)") }
    }

    func testVP9WebMAndHEVCChunksJoinEveryFrameAtItsTime() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Farm.scene, in: dir)
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/png/", "-q"]).status, 0)
        let pngs = try Farm.pngFrames(dir + "/png")
        for (format, codec, options) in [("webm", "vp9", ["--preset", "ultrafast"]), ("mp4", "hevc", ["--codec", "hevc", "--preset", "ultrafast"])] {
            let joined = try chunkedRender(scene, chunks: 4, format: format, options: options, in: dir)
            let facts = try SegmentReader.read(path: joined, frameRate: FrameRate(24)!)
            XCTAssertEqual(facts.codec, codec)
            XCTAssertEqual(facts.frameCount, Farm.frameCount, format)
            XCTAssertNil(facts.timestampGap, "\(format): every frame at its time (WebM: to the millisecond)")
            XCTAssertTrue(facts.startsWithKeyFrame)
            // Each side of every join decodes to its own frame.
            let joins = [23, 24, 47, 48, 71, 72]
            let decoded = try VideoReader.decodeFrames(path: joined, indices: Set(joins))
            for i in joins {
                let frame = try XCTUnwrap(decoded[i])
                XCTAssertGreaterThan(Farm.psnr(frame, pngs[i]), 30, "\(format) frame \(i)")
                for j in [i - 1, i + 1] {
                    XCTAssertLessThan(Farm.meanDifference(frame, pngs[i]), Farm.meanDifference(frame, pngs[j]), "\(format) frame \(i) looks like \(j)")
                }
            }
        }
    }

    func testTheSoundtrackIsEncodedOnceOverTheWhole() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/audio", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLIHarness.packageRoot + "/scenes/outputs/audio/tick-hum.wav", toPath: dir + "/audio/tick-hum.wav")
        let source = try String(contentsOfFile: CLIHarness.packageRoot + "/scenes/outputs/soundtrack.yaml", encoding: .utf8)
        let scene = try CLIHarness.writeScene(source, in: dir)
        let joined = try chunkedRender(scene, chunks: 4, format: "mp4", options: ["--frames", "10-89"], in: dir)
        let manifest = try String(contentsOfFile: dir + "/farm-mp4/m.json", encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"codec\" : \"aac\""), manifest)
        XCTAssertTrue(manifest.contains("\"file audio/tick-hum.wav\""), "the digest covers the audio file")
        // The segments are silent; the joined file has the scene's sound for frames 10-89, as a single render has.
        let segment = try ffprobe(["-select_streams", "a", "-show_entries", "stream=codec_name", dir + "/farm-mp4/chunk-0001.mp4"])
        XCTAssertEqual(segment, "")
        XCTAssertEqual(try CLIHarness.run(["render", scene, "--frames", "10-89", "-o", dir + "/single.mp4"]).status, 0)
        for file in [joined, dir + "/single.mp4"] {
            XCTAssertEqual(try ffprobe(["-select_streams", "a", "-show_entries", "stream=codec_name,duration", file]), "aac,3.200000")
        }
        XCTAssertEqual(try decodedAudio(joined), try decodedAudio(dir + "/single.mp4"), "the same samples as a single render")

        // The sound comes from the scene at the join: an edit after the plan is named.
        try source.replacingOccurrences(of: "volume: -6dB", with: "volume: -7dB").write(toFile: scene, atomically: true, encoding: .utf8)
        let changed = try CLIHarness.run(["concat", dir + "/farm-mp4/m.json", "-o", dir + "/again.mp4"])
        XCTAssertEqual(changed.status, 2)
        XCTAssertTrue(changed.stderr.contains("changed since the plan: differs in scene ("), changed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/again.mp4"))
    }

    private func ffprobe(_ args: [String]) throws -> String {
        try run("/usr/bin/ffprobe", ["-v", "error", "-of", "csv=p=0"] + args).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The MD5 of the decoded audio samples (ffmpeg's md5 muxer).
    private func decodedAudio(_ path: String) throws -> String {
        try run("/usr/bin/ffmpeg", ["-v", "error", "-i", path, "-map", "0:a", "-f", "md5", "-"])
    }

    private func run(_ tool: String, _ args: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = args
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
