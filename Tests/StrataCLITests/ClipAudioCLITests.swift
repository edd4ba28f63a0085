import Foundation
import StrataEncode
import StrataModel
import StrataTestSupport
import XCTest

/// `contents: {video: clip, audio: true}` through the `strata` binary: the
/// clip's sound (AAC, written by Strata's own encoder) lands in the
/// rendered soundtrack where and as fast as the layer plays the picture.
final class ClipAudioCLITests: XCTestCase {
    static let rate = 48_000.0

    /// A 2 s, 20 fps frame-numbered clip whose sound is a click at each of `clicks` (media seconds).
    func clip(_ path: String, clicks: [Double] = [0.75, 1.5]) throws {
        let samples = Set(clicks.map { Int($0 * Self.rate) })
        try FrameNumberVideo.write(to: path, frames: 40, fps: 20, sound: { samples.contains($0) ? 0.9 : 0 })
    }

    /// The left channel of `path`'s sound.
    func sound(_ path: String) throws -> [Float] {
        let stereo = try AudioFile.decode(path: path)
        return stride(from: 0, to: stereo.count, by: 2).map { stereo[$0] }
    }

    /// Seconds of each click in `samples`: peaks above 0.25, one per 20 ms.
    func clicks(_ samples: [Float]) -> [Double] {
        var found: [Int] = []
        for i in samples.indices where abs(samples[i]) > 0.25 {
            if let last = found.last, i - last < 960 {
                if abs(samples[i]) > abs(samples[last]) { found[found.count - 1] = i }
            } else {
                found.append(i)
            }
        }
        return found.map { Double($0) / Self.rate }
    }

    func assertClicks(_ found: [Double], _ expected: [Double], accuracy: Double = 0.001,
                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(found.count, expected.count, "clicks at \(found), expected \(expected)", file: file, line: line)
        for (f, e) in zip(found, expected) { XCTAssertEqual(f, e, accuracy: accuracy, "clicks at \(found)", file: file, line: line) }
    }

    func scene(_ dir: String, duration: String = "4s", layer: String) throws -> String {
        try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [64, 64], fps: 30, duration: \(duration), background: black}
        layers:
          - frame: [0, 0, 64, 32]
        \(layer)
        """, in: dir)
    }

    func testTheClipsSoundLandsWhereTheLayerPlaysItAndFramesCutIt() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try clip(dir + "/talk.mp4")
        // Local time = scene time - 0.5 s; media 0.5 s shows at local 1 s: a click at media m sounds at 1 + m.
        let scene = try scene(dir, layer: """
            beginTime: 0.5s
            contents: {video: talk.mp4, start: 1s, trim: [0.5s, 2s], audio: true}
        """)
        let r = try CLIHarness.run(["render", scene, "-o", dir + "/out.mp4", "-q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("warning"), r.stderr)
        let all = try sound(dir + "/out.mp4")
        assertClicks(clicks(all), [1.75, 2.5])
        XCTAssertLessThan(all[..<Int(1.49 * Self.rate)].map(abs).max()!, 0.01, "silent before the trimmed start")
        XCTAssertLessThan(all[Int(3.01 * Self.rate)...].map(abs).max()!, 0.01, "silent after the trimmed end")
        // Frames 60-89 are scene seconds 2 ... 3: only the second click, 0.5 s in.
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/cut.mp4", "--frames", "60-89", "-q"]).status, 0)
        let cut = try sound(dir + "/cut.mp4")
        XCTAssertTrue((48_000..<48_000 + 1024).contains(cut.count), "\(cut.count)")
        assertClicks(clicks(cut), [0.5])
        // The picture agrees: at scene 1.75 s the layer shows media 0.75 s (frame 15).
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/at.png", "--time", "1.75s", "-q"]).status, 0)
        XCTAssertEqual(FrameNumberVideo.number(in: try PNGCodec.read(path: dir + "/at.png"), rect: (0, 0, 64, 32)), 15)
    }

    func testAChunkedRenderJoinsTheClipsSoundOnceAndKeepsTheKeyFrameInterval() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try clip(dir + "/talk.mp4")
        let scene = try scene(dir, layer: """
            beginTime: 0.5s
            contents: {video: talk.mp4, start: 1s, trim: [0.5s, 2s], audio: true}
        """)
        let options = ["--keyint", "10"]
        let plan = try CLIHarness.run(["plan", scene, "--chunks", "3", "-o", dir + "/farm/m.json"] + options)
        XCTAssertEqual(plan.status, 0, plan.stderr)
        let manifest = try String(contentsOfFile: dir + "/farm/m.json", encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"--keyint\""), manifest)
        for i in 0..<3 {
            let r = try CLIHarness.run(["render", scene, "--chunk", "\(i)/3", "-o", dir + "/farm/", "-q"] + options)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        XCTAssertThrowsError(try AudioFile.probe(path: dir + "/farm/chunk-1.mp4"), "the chunks carry no sound")
        let joined = try CLIHarness.run(["concat", dir + "/farm/m.json", "-o", dir + "/joined.mp4"])
        XCTAssertEqual(joined.status, 0, joined.stderr)
        assertClicks(clicks(try sound(dir + "/joined.mp4")), [1.75, 2.5])
        let keys = try PacketFlags.videoKeyFlags(path: dir + "/joined.mp4")
        XCTAssertEqual(keys.count, 120)
        let at = keys.indices.filter { keys[$0] }
        XCTAssertTrue([0, 40, 80].allSatisfy(at.contains), "every chunk starts with a key frame: \(at)")
        XCTAssertLessThanOrEqual(zip(at, at.dropFirst() + [120]).map { $1 - $0 }.max() ?? 99, 10, "at most 10 frames apart: \(at)")
    }

    func testLayerSpeedTimeOffsetAndLoopMoveTheSoundWithThePicture() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try clip(dir + "/talk.mp4", clicks: [0.25, 0.75])
        // Local time = (t - 1) * 2 + 0.5; plays [0.5, 1) of the clip from local 0.5, looping:
        // media 0.75 at local 0.75 + k/2, so at scene 1.125 + k/4 (varispeed: exact timing).
        let scene = try scene(dir, duration: "2s", layer: """
            beginTime: 1s
            speed: 2
            timeOffset: 0.5s
            contents: {video: talk.mp4, start: 0.5s, trim: [0.5s, 1s], loop: true, audio: {timePitch: varispeed}}
        """)
        let r = try CLIHarness.run(["render", scene, "-o", dir + "/out.webm", "-q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        assertClicks(clicks(try sound(dir + "/out.webm")), [1.125, 1.375, 1.625, 1.875])
    }

    func testTransactionsSwitchTheSoundOnAndOffAtTheirCommits() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try clip(dir + "/talk.mp4", clicks: [0.25, 0.75, 1.25, 1.75])
        let scene = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [64, 64], fps: 30, duration: 2s, background: black}
        layers:
          - name: screen
            frame: [0, 0, 64, 32]
        timeline:
          - {at: 0.61s, disableActions: true, set: {screen.contents: {video: talk.mp4, audio: true}}}
          - {at: 1.5s, disableActions: true, set: {screen.contents: null}}
        """, in: dir)
        let r = try CLIHarness.run(["render", scene, "-o", dir + "/out.mp4", "-q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        assertClicks(clicks(try sound(dir + "/out.mp4")), [0.75, 1.25])
    }

    func testFasterSoundKeepsItsPitchOrFollowsTheRate() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        // A 1 kHz tone over media 0.5 ... 1.5 s.
        try FrameNumberVideo.write(to: dir + "/tone.mp4", frames: 40, fps: 20, sound: { n in
            (24_000..<72_000).contains(n) ? Float(0.5 * sin(2 * Double.pi * 1000 * Double(n) / Self.rate)) : 0
        })
        for (pitch, frequency) in [("timeDomain", 1000.0), ("varispeed", 2000.0)] {
            let scene = try scene(dir, duration: "2s", layer: "    contents: {video: tone.mp4, rate: 2, audio: {timePitch: \(pitch), volume: 2}}")
            let r = try CLIHarness.run(["render", scene, "-o", dir + "/\(pitch).mp4", "-q"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let s = try sound(dir + "/\(pitch).mp4")
            // The tone plays over scene 0.25 ... 0.75 s, at twice the level (volume 2).
            let heard = s.indices.filter { abs(s[$0]) > 0.5 }
            XCTAssertEqual(Double(heard.first!) / Self.rate, 0.25, accuracy: pitch == "varispeed" ? 0.002 : 0.03, pitch)
            XCTAssertEqual(Double(heard.last!) / Self.rate, 0.75, accuracy: pitch == "varispeed" ? 0.002 : 0.03, pitch)
            XCTAssertEqual(Double(s.map(abs).max()!), 1.0, accuracy: 0.1, pitch)
            let middle = Array(s[Int(0.4 * Self.rate)..<Int(0.6 * Self.rate)])
            let crossings = zip(middle, middle.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
            XCTAssertEqual(Double(crossings) / 2 / 0.2, frequency, accuracy: frequency * 0.02, pitch)
        }
    }

    func testClipSoundErrorsAreLocatedAndLeaveNothing() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try clip(dir + "/talk.mp4")
        try FrameNumberVideo.write(to: dir + "/mute.mp4", frames: 20, fps: 20)
        let cases: [(String, String)] = [
            ("    contents: {video: mute.mp4, audio: true}", ":5:40: error: audio: true, but the clip has no audio stream"),
            ("    speed: 40\n    contents: {video: talk.mp4, audio: true}",
             ":6:40: error: the clip's sound on layer '0' would play at 40x (the layer's time runs at 40x, the contents' rate is 1); sound plays at 1/32x to 32x"),
            ("    contents: {video: talk.mp4, audio: {timePitch: fast}}", ":5:52: error: unknown timePitch 'fast'; expected 'timeDomain' or 'varispeed'"),
            ("    contents: {video: talk.mp4, audio: {volume: -2}}", ":5:49: error: expected a volume factor of 0 or more"),
            ("    contents: {video: talk.mp4, audio: {fade: 1s}}", ":5:41: error: unknown clip audio key 'fade'"),
        ]
        for (layer, expected) in cases {
            let scene = try scene(dir, layer: layer)
            for command in [["validate", scene], ["render", scene, "-o", dir + "/out.mp4", "-q"]] {
                let r = try CLIHarness.run(command)
                XCTAssertEqual(r.status, 2, "\(layer): \(r.stderr)")
                XCTAssertTrue(r.stderr.hasPrefix(scene + expected), "\(layer): \(r.stderr)")
            }
            XCTAssertEqual(CLIHarness.files(in: dir).filter { $0.hasPrefix("out") }, [], layer)
        }
    }

    func testBackwardsPlayIsSilentAndAFormatWithoutSoundWarns() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try clip(dir + "/talk.mp4")
        let scene = try scene(dir, duration: "2s", layer: "    contents: {video: talk.mp4, rate: -1, start: 2s, audio: true}")
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/out.mp4", "-q"]).status, 0)
        XCTAssertLessThan(try sound(dir + "/out.mp4").map(abs).max() ?? 0, 0.01, "AVPlayer mutes reverse play")
        let gif = try CLIHarness.run(["render", scene, "-o", dir + "/out.gif"])
        XCTAssertEqual(gif.status, 0)
        XCTAssertTrue(gif.stderr.contains(":5:61: warning: .gif has no audio: the scene's audio tracks and clip sounds are left out"), gif.stderr)
    }
}
