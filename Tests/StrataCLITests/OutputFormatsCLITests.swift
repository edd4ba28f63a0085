import Foundation
import StrataEncode
import StrataModel
import StrataTestSupport
import XCTest

/// `-o x.mov / .webm / .gif / ...` from the command line: formats, codecs,
/// rational frame rates, alpha warnings and the soundtrack.
final class OutputFormatsCLITests: XCTestCase {
    static let transparent = """
    strata: 1
    canvas: {size: [64, 64], fps: 24000/1001, duration: 0.5s}
    layers:
      - {frame: [8, 8, 32, 32], backgroundColor: "#ff800080"}
    """

    /// A 16-bit mono WAV at 44.1 kHz holding `samples` (-1...1).
    static func wav(_ samples: [Double], rate: Int = 44_100) -> Data {
        var d = Data("RIFF".utf8)
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { d.append(contentsOf: $0) } }
        u32(36 + samples.count * 2); d.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16); u16(1); u16(1); u32(rate); u32(rate * 2); u16(2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(samples.count * 2)
        for s in samples { withUnsafeBytes(of: Int16(max(-1, min(1, s)) * 32767).littleEndian) { d.append(contentsOf: $0) } }
        return d
    }

    func testEveryFormatFromTheCommandLineWithExactRationalRate() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Self.transparent, in: dir)
        for (name, codec, format) in [("a.mov", "prores", "yuva444p12le"), ("b.webm", "vp9", "yuv420p"),
                                      ("c.apng", "apng", "rgba"), ("d.mp4", "h264", "yuv420p")] {
            let r = try CLIHarness.run(["render", scene, "-o", dir + "/" + name, "-q"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let info = try VideoReader.probe(path: dir + "/" + name)
            XCTAssertEqual(info.codec, codec)
            XCTAssertEqual(info.pixelFormat, format)
            XCTAssertEqual(info.frameRate, "24000/1001", name)
            XCTAssertEqual(info.frameCount, 12, name)  // round(0.5 x 23.976)
            // Only the format without alpha warns, naming it.
            XCTAssertEqual(r.stderr.contains("warning: the canvas is transparent"), name == "d.mp4", r.stderr)
        }
        let mp4 = try CLIHarness.run(["render", scene, "-o", dir + "/e.mp4", "-q"])
        XCTAssertTrue(mp4.stderr.contains("scene.yaml:2:9: warning:"), mp4.stderr)
        XCTAssertTrue(mp4.stderr.contains(".mp4 with H.264 (libx264) has no alpha: frames are composited over black"))
        // --fps overrides keep the fraction too.
        let r = try CLIHarness.run(["render", scene, "-o", dir + "/f.mov", "--fps", "30000/1001", "--codec", "prores-hq", "-q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try VideoReader.probe(path: dir + "/f.mov").frameRate, "30000/1001")
    }

    /// docs/cli.md: GIF, APNG and WebP play forever unless `--loop N`; the
    /// loop field read back from each file's bytes.
    func testAnimationsLoopForeverByDefaultAndNTimesWithLoop() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Self.transparent, in: dir)
        func render(_ name: String, _ extra: [String] = []) throws -> Data {
            let r = try CLIHarness.run(["render", scene, "-o", dir + "/" + name, "-q"] + extra)
            XCTAssertEqual(r.status, 0, r.stderr)
            return try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
        }
        XCTAssertEqual(AnimationLoopFields.webPLoopCount(try render("a.webp")), 0)
        XCTAssertEqual(AnimationLoopFields.webPLoopCount(try render("b.webp", ["--loop", "3"])), 3)
        XCTAssertEqual(AnimationLoopFields.apngPlays(try render("a.apng")), 0)
        XCTAssertEqual(AnimationLoopFields.apngPlays(try render("b.apng", ["--loop", "3"])), 3)
        XCTAssertEqual(AnimationLoopFields.gifRepeats(try render("a.gif")), 0)
        XCTAssertEqual(AnimationLoopFields.gifRepeats(try render("b.gif", ["--loop", "3"])), 2)  // repeats after the first play
    }

    func testAlphaIsKeptInPNGsAndTheMOV() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Self.transparent, in: dir)
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/f/", "-q"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/a.mov", "-q"]).status, 0)
        let png = try PNGCodec.read(path: dir + "/f/00000.png")
        XCTAssertEqual(png.pixel(0, 0).a, 0)
        XCTAssertEqual(png.pixel(20, 20).a, 128)
        let mov = try VideoReader.decodeFrames(path: dir + "/a.mov", indices: [0])[0]!
        for (x, y) in [(0, 0), (20, 20), (63, 63), (8, 8)] {
            XCTAssertEqual(Int(mov.pixel(x, y).a), Int(png.pixel(x, y).a), accuracy: 1, "\(x),\(y)")
        }
    }

    func testGoldenCheckDecodesTheAlphaFormats() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = CLIHarness.packageRoot + "/scenes/outputs/alpha-badge.yaml"
        for name in ["badge.mov", "badge.webm", "badge.apng"] {
            XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/" + name, "-q"]).status, 0)
            let r = try CLIHarness.run(["check", scene, "--video", dir + "/" + name, "-q", "--artifacts", dir + "/check"])
            XCTAssertEqual(r.status, 0, "\(name): \(r.stdout) \(r.stderr)")
        }
    }

    func testBadPairsAndOptionsAreErrorsWithNothingWritten() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Self.transparent, in: dir)
        let cases: [([String], String)] = [
            (["-o", dir + "/x.webm", "--codec", "h264"], ".webm cannot hold H.264 (libx264); .webm takes --codec vp9, av1"),
            (["-o", dir + "/x.mp4", "--codec", "x266"], "option '--codec' expects h264, hevc, av1"),
            (["-o", dir + "/x.avi"], "cannot tell the output format of"),
            (["-o", dir + "/x.gif", "--gif-dither", "atkinson"], "option '--gif-dither' expects sierra, floyd-steinberg, bayer or none"),
            (["-o", dir + "/x.webp", "--loop", "70000"], "option '--loop' expects a play count (0 plays forever)"),
            (["-o", dir + "/x.mp4", "--crf", "60"], "crf 60 is out of range 0...51 for H.264 (libx264)"),
            (["-o", dir + "/x.mp4", "--fps", "0/1"], "expects a frame rate like 30, 29.97 or 24000/1001"),
            (["-o", dir + "/x.mov", "--codec", "prores", "--size", "63x64"], "4:2:2 needs an even width"),
            (["-o", dir + "/f/", "--codec", "vp9"], "--codec vp9 applies to video outputs"),
            (["-o", dir + "/x.mp4", "--keyint", "0"], "option '--keyint' expects a number of frames 1...100000"),
        ]
        for (args, message) in cases {
            let r = try CLIHarness.run(["render", scene, "-q"] + args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
    }

    func testCRFWarnings() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Self.transparent, in: dir)
        let lossless = try CLIHarness.run(["render", scene, "-o", dir + "/x.mp4", "--crf", "0", "-q"])
        XCTAssertEqual(lossless.status, 0)
        XCTAssertTrue(lossless.stderr.contains("warning: --crf 0 makes lossless H.264 in the High 4:4:4 Predictive profile"))
        let prores = try CLIHarness.run(["render", scene, "-o", dir + "/x.mov", "--crf", "20", "-q"])
        XCTAssertTrue(prores.stderr.contains("warning: --crf does not apply to ProRes 4444 (prores_ks) and is ignored"))
        let keyint = try CLIHarness.run(["render", scene, "-o", dir + "/y.mov", "--keyint", "10", "-q"])
        XCTAssertEqual(keyint.status, 0)
        XCTAssertTrue(keyint.stderr.contains("warning: --keyint does not apply to ProRes 4444 (prores_ks), which has no inter frames, and is ignored"), keyint.stderr)
    }

    func testKeyintSpacesTheKeyFramesOfTheVideo() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Self.transparent, in: dir)
        let r = try CLIHarness.run(["render", scene, "-o", dir + "/x.mp4", "--keyint", "2", "-q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let flags = try PacketFlags.videoKeyFlags(path: dir + "/x.mp4")
        XCTAssertEqual(flags.count, 12)
        let at = flags.indices.filter { flags[$0] }
        XCTAssertLessThanOrEqual(zip(at, at.dropFirst() + [12]).map { $1 - $0 }.max() ?? 99, 2, "a key frame at least every 2 frames: \(flags)")
    }

    // MARK: Audio

    /// The left channel of interleaved stereo.
    func left(_ stereo: [Float]) -> [Float] { stride(from: 0, to: stereo.count, by: 2).map { stereo[$0] } }

    func audioScene(_ dir: String, tracks: String, canvas: String = "{size: [64, 64], fps: 30, duration: 3s, background: black}") throws -> String {
        try Self.wav([0.9] + Array(repeating: 0, count: 4409)).write(to: URL(fileURLWithPath: dir + "/click.wav"))
        try Self.wav((0..<88_200).map { 0.5 * sin(2 * Double.pi * 440 * Double($0) / 44_100) })
            .write(to: URL(fileURLWithPath: dir + "/tone.wav"))
        return try CLIHarness.writeScene("strata: 1\ncanvas: \(canvas)\naudio:\n\(tracks)", in: dir)
    }

    func testAnImpulseAtStartDecodesThereAndTheTrackLastsAsLongAsTheVideo() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try audioScene(dir, tracks: "  - {file: click.wav, start: 1.5s}\n")
        for name in ["a.mp4", "b.webm", "c.mov"] {
            let r = try CLIHarness.run(["render", scene, "-o", dir + "/" + name, "-q"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let samples = try left(AudioFile.decode(path: dir + "/" + name))
            // The track lasts exactly the video's 3 s (priming trimmed by the edit list). libavformat 5.1
            // hands MP4/MOV's last AAC frame over whole, the silence padding it included; WebM trims it.
            // (Matroska's DURATION counts the Opus priming too, as ffmpeg's own files do: 3 s + 6.5 ms.)
            let priming = name.hasSuffix("webm") ? 312.0 / 48_000 : 0
            XCTAssertEqual(try AudioFile.probe(path: dir + "/" + name).duration, 3.0 + priming, accuracy: 0.0011, name)
            XCTAssertTrue((3 * 48_000..<3 * 48_000 + 1024).contains(samples.count), "\(name): \(samples.count)")
            if name.hasSuffix("webm") { XCTAssertEqual(samples.count, 3 * 48_000) }
            let peak = samples.indices.max { abs(samples[$0]) < abs(samples[$1]) }!
            XCTAssertEqual(Double(peak) / 48_000, 1.5, accuracy: 0.001, name)
        }
        let info = try AudioFile.probe(path: dir + "/a.mp4")
        XCTAssertEqual(info.codec, "aac")
        XCTAssertEqual(info.duration, 3.0, accuracy: 1e-9)
        XCTAssertEqual(info.startTime, 0)
        // WebM: the first Opus packet, holding the 312 priming samples the decoder drops, is at -6.5 ms (1 ms ticks).
        let opus = try AudioFile.probe(path: dir + "/b.webm")
        XCTAssertEqual(opus.codec, "opus")
        XCTAssertEqual(opus.startTime, -312.0 / 48_000, accuracy: 0.001)
        // --frames cuts the soundtrack to the same span: frames 45-89 start with the click.
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/cut.mp4", "--frames", "45-89", "-q"]).status, 0)
        let cut = try left(AudioFile.decode(path: dir + "/cut.mp4"))
        XCTAssertEqual(try AudioFile.probe(path: dir + "/cut.mp4").duration, 1.5, accuracy: 1e-9)
        XCTAssertTrue((45 * 1600..<45 * 1600 + 1024).contains(cut.count))
        XCTAssertEqual(Double(cut.indices.max { abs(cut[$0]) < abs(cut[$1]) }!) / 48_000, 0, accuracy: 0.001)
    }

    func testFadesAndVolumeShapeTheEnvelope() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try audioScene(dir, tracks: "  - {file: tone.wav, start: 0.5s, volume: \"${level}\", fadeIn: 1s, fadeOut: 0.5s}\n",
                                   canvas: "{size: [64, 64], fps: 30, duration: 3s, background: black}\nparams: {level: 1}")
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/a.mov", "--set", "level=-6dB", "-q"]).status, 0)
        let s = try left(AudioFile.decode(path: dir + "/a.mov"))
        /// Peak amplitude in a 20 ms window at `t` seconds.
        func level(_ t: Double) -> Double {
            let i = Int(t * 48_000)
            return Double(s[i..<i + 960].map { abs($0) }.max()!)
        }
        let full = 0.5 * pow(10, -6.0 / 20)
        XCTAssertLessThan(level(0.2), 0.001)            // before start
        XCTAssertEqual(level(1.0), full * 0.5, accuracy: 0.02)   // half-way through the fade-in
        XCTAssertEqual(level(1.8), full, accuracy: 0.02)
        XCTAssertEqual(level(2.25), full * 0.5, accuracy: 0.02)  // the 2 s file ends at 2.5 s, fading from 2 s
        XCTAssertLessThan(level(2.7), 0.001)
    }

    func testAudioErrorsAreLocatedWithNothingWritten() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try Data("not audio".utf8).write(to: URL(fileURLWithPath: dir + "/junk.wav"))
        let cases: [(String, String)] = [
            ("  - {file: missing.wav}\n", "scene.yaml:4:12: error: audio file 'missing.wav' not found"),
            ("  - {file: junk.wav}\n", "scene.yaml:4:12: error: cannot read audio file 'junk.wav'"),
            ("  - {file: click.wav, trim: [-1, 2]}\n", "scene.yaml:4:30: error: expected a time of 0s or more"),
            ("  - {file: click.wav, trim: [2, 1]}\n", "scene.yaml:4:33: error: trim ends at 1s, not after its start 2s"),
            ("  - {file: click.wav, trim: [5, 6]}\n", "scene.yaml:4:29: error: trim starts at 5s, at or after the end of 'click.wav' (0.1s)"),
            ("  - {file: click.wav, volume: loud}\n", "error: expected a volume: a factor of 0 or more (0.5) or decibels"),
        ]
        for (track, message) in cases {
            let scene = try audioScene(dir, tracks: track)
            let r = try CLIHarness.run(["render", scene, "-o", dir + "/x.mp4", "-q"])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains(message), "\(track): \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/x.mp4"))
        }
        let gif = try CLIHarness.run(["render", try audioScene(dir, tracks: "  - {file: click.wav}\n"), "-o", dir + "/x.gif", "-q"])
        XCTAssertEqual(gif.status, 0)
        XCTAssertTrue(gif.stderr.contains("scene.yaml:4:5: warning: .gif has no audio"), gif.stderr)
    }
}
