import Foundation
import StrataEncode
import StrataModel
import XCTest

/// The command-line conventions of `render` (issue 16): `-o -` raw video for
/// a pipe, `-y` / `-n`, PNG sequences that never mix renders, the summary
/// line and `--json`, the system's error text about the user's path.
final class RenderConventionsCLITests: XCTestCase {
    let scene = """
    strata: 1
    canvas: {size: [64, 48], fps: 10, duration: 1s, background: "#203040"}
    layers:
      - name: box
        bounds: [0, 0, 16, 16]
        position: [8, 24]
        backgroundColor: "#ff000080"
        animations:
          - {keyPath: position.x, from: 8, to: 56, duration: 1s}
    """

    /// Runs a program of the machine (ffmpeg, ffprobe) on `input`; nil when it is not installed.
    func tool(_ name: String, _ args: [String], input: Data) throws -> Data? {
        guard let path = ["/usr/bin/", "/usr/local/bin/"].map({ $0 + name }).first(where: FileManager.default.isExecutableFile) else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = args
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.detachNewThread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(name) \(args)")
        return out
    }

    func testY4MOnStandardOutputIsWhatFFmpegReads() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let header = "YUV4MPEG2 W64 H48 F10:1 Ip A1:1 C420jpeg XCOLORRANGE=LIMITED\n"
        XCTAssertTrue(r.stdout.hasPrefix(header + "FRAME\n"))
        XCTAssertEqual(r.stdoutData.count, header.utf8.count + 10 * (6 + 64 * 48 * 3 / 2), "the header, then 10 frames of 4:2:0")
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
        guard let probe = try tool("ffprobe", ["-v", "error", "-count_frames", "-show_entries",
                                               "stream=codec_name,width,height,pix_fmt,r_frame_rate,nb_read_frames,color_range",
                                               "-of", "default=nw=1", "-i", "-"], input: r.stdoutData) else {
            throw XCTSkip("ffprobe is missing: make deps-test installs it")
        }
        XCTAssertEqual(String(decoding: probe, as: UTF8.self).split(separator: "\n").sorted(), [
            "codec_name=rawvideo", "color_range=tv", "height=48", "nb_read_frames=10", "pix_fmt=yuv420p",
            "r_frame_rate=10/1", "width=64",
        ])
        // ffmpeg's decode of frame 5 is the PNG render within the loss of 4:2:0 (the edges of the box).
        let rgb = try XCTUnwrap(tool("ffmpeg", ["-v", "error", "-i", "-", "-vf", "select=eq(n\\,5),scale=in_color_matrix=bt709:in_range=tv",
                                                "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], input: r.stdoutData))
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/5.png", "--frames", "5"]).status, 0)
        let png = try PNGCodec.read(path: dir + "/5.png")
        XCTAssertEqual(rgb.count, 64 * 48 * 3)
        let centre = (24 * 64 + 32) * 3, background = (4 * 64 + 4) * 3
        for (offset, pixel) in [(centre, png.pixel(32, 24)), (background, png.pixel(4, 4))] {
            XCTAssertEqual(Int(rgb[offset]), Int(pixel.r), accuracy: 3)
            XCTAssertEqual(Int(rgb[offset + 1]), Int(pixel.g), accuracy: 3)
            XCTAssertEqual(Int(rgb[offset + 2]), Int(pixel.b), accuracy: 3)
        }
    }

    func testNUTOnStandardOutputIsTheExactRGBAOfThePNGs() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene.replacingOccurrences(of: ", background: \"#203040\"", with: "")
            .replacingOccurrences(of: "[64, 48]", with: "[63, 47]"), in: dir)
        let r = try CLIHarness.run(["render", path, "-o", "-", "--stream-format", "nut", "--frames", "2-4"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/frames/", "--frames", "2-4"]).status, 0)
        guard let raw = try tool("ffmpeg", ["-v", "error", "-f", "nut", "-i", "-", "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                                 input: r.stdoutData) else { throw XCTSkip("ffmpeg is missing: make deps-test installs it") }
        var expected = Data()
        for frame in ["00002", "00003", "00004"] {
            // The PNGs hold straight RGBA: a transparent canvas, a translucent box, an odd size.
            let png = try PNGCodec.read(path: dir + "/frames/\(frame).png")
            expected += Data(PremultipliedAlpha.straightRGBA(from: png))
        }
        XCTAssertEqual(raw, expected)
    }

    func testStreamMistakes() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let notStream = try CLIHarness.run(["render", path, "-o", dir + "/x.mp4", "--stream-format", "nut"])
        XCTAssertEqual(notStream.status, 2)
        XCTAssertEqual(notStream.stderr, "strata: error: --stream-format is the format of -o - (raw video on standard output); '\(dir)/x.mp4' is a file\n")
        let odd = try CLIHarness.run(["render", path, "-o", "-", "--size", "63x48"])
        XCTAssertEqual(odd.status, 2)
        XCTAssertTrue(odd.stderr.contains("Y4M 4:2:0 needs an even width and height (--stream-format nut takes any size)"), odd.stderr)
        XCTAssertEqual(odd.stdoutData.count, 0)
        let watch = try CLIHarness.run(["watch", path, "-o", "-"])
        XCTAssertEqual(watch.status, 2)
        XCTAssertTrue(watch.stderr.contains("-o - (standard output) is for render"), watch.stderr)
        guard let terminal = try CLIHarness.runOnTerminal(["render", path, "-o", "-"]) else { throw XCTSkip("no 'script' for a pty") }
        XCTAssertEqual(terminal.status, 2)
        XCTAssertTrue(terminal.stdout.contains("-o - writes Y4M video to standard output, which is a terminal"), terminal.stdout)
    }

    func testNoOverwriteRefusesAndYesReplaces() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/still.png"))
        let refused = try CLIHarness.run(["render", path, "-o", dir + "/still.png", "--time", "0", "-n"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "strata: error: '\(dir)/still.png' already exists; not replacing it (-n). Remove it, or give -y to replace it\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/still.png")), Data("old".utf8))
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/new.png", "--time", "0", "-n"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/still.png", "--time", "0", "-y"]).status, 0)
        XCTAssertEqual(try PNGCodec.read(path: dir + "/still.png").width, 64)
        let both = try CLIHarness.run(["render", path, "-o", dir + "/still.png", "-y", "-n"])
        XCTAssertEqual(both.stderr, "strata: error: give -y (replace an existing output) or -n (never replace it), not both\n")
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/frames/", "--frames", "0-1"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/frames/", "-n"]).status, 1, "a folder with frames exists")
        XCTAssertEqual(CLIHarness.files(in: dir + "/frames"), ["00000.png", "00001.png"])
    }

    func testAPNGSequenceNeverMixesTwoRenders() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/frames/"]).status, 0)
        XCTAssertEqual(CLIHarness.files(in: dir + "/frames").count, 10)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: dir + "/frames/notes.txt"))
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/frames/", "--frames", "3-4"]).status, 0)
        XCTAssertEqual(CLIHarness.files(in: dir + "/frames"), ["00003.png", "00004.png", "notes.txt"],
                       "stale numbered frames are gone; other files stay")
        XCTAssertEqual(CLIHarness.files(in: dir), ["frames", "scene.yaml"], "no temporary folder left")
    }

    func testTheSummaryLineOnATerminalAndJSON() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let piped = try CLIHarness.run(["render", path, "-o", dir + "/out.mp4"])
        XCTAssertEqual(piped.stderr, "", "quiet when stderr is not a terminal")
        let json = try CLIHarness.run(["render", path, "-o", dir + "/out.mp4", "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["output"] as? String, dir + "/out.mp4")
        XCTAssertEqual(object["format"] as? String, "mp4")
        XCTAssertEqual(object["frames"] as? Int, 10)
        XCTAssertEqual(object["duration"] as? Double, 1)
        XCTAssertEqual(object["width"] as? Int, 64)
        XCTAssertEqual(object["height"] as? Int, 48)
        XCTAssertEqual(object["bytes"] as? Int, try FileManager.default.attributesOfItem(atPath: dir + "/out.mp4")[.size] as? Int)
        XCTAssertNotNil(object["seconds"] as? Double)
        // With -o - the video is on stdout: the JSON goes to stderr.
        let stream = try CLIHarness.run(["render", path, "-o", "-", "--json", "--stream-format", "nut"])
        XCTAssertTrue(stream.stderr.hasPrefix("{\"output\":\"-\",\"format\":\"nut\",\"frames\":10,"), stream.stderr)
        guard let terminal = try CLIHarness.runOnTerminal(["render", path, "-o", dir + "/t.mp4"]) else { throw XCTSkip("no 'script' for a pty") }
        // After the progress line is cleared: the summary, last.
        let last = terminal.stdout.components(separatedBy: "\u{1B}[K").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        XCTAssertTrue(last.hasPrefix("wrote \(dir)/t.mp4: 10 frames, 1 s, 64x48, ") && last.hasSuffix(" s"), terminal.stdout)
        let quiet = try XCTUnwrap(CLIHarness.runOnTerminal(["render", path, "-o", dir + "/t.mp4", "-q"]))
        XCTAssertEqual(quiet.stdout, "")
    }

    func testFailuresSayWhatTheSystemSaidAboutTheUsersPath() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        try Data().write(to: URL(fileURLWithPath: dir + "/file"))
        let notFolder = try CLIHarness.run(["render", path, "-o", dir + "/file/out.mp4"])
        XCTAssertEqual(notFolder.status, 1)
        XCTAssertEqual(notFolder.stderr, "strata: error: cannot create folder '\(dir)/file': Not a directory\n")
        // /proc takes no new files: the error names the output, never the temporary name beside it.
        let proc = try CLIHarness.run(["render", path, "-o", "/proc/strata-test.png", "--time", "0"])
        XCTAssertEqual(proc.status, 1)
        XCTAssertTrue(proc.stderr.hasPrefix("strata: error: cannot create "), proc.stderr)
        XCTAssertTrue(proc.stderr.contains("/proc/strata-test.png") && proc.stderr.hasSuffix(": No such file or directory\n"), proc.stderr)
        XCTAssertFalse(proc.stderr.contains(".tmp"), proc.stderr)
    }
}
