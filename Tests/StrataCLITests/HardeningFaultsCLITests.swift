import Foundation
import StrataEncode
import XCTest

/// Issue #13 at the command line: memory, messages and faults (signals,
/// processes killed outright, outputs that cannot be written).
final class HardeningFaultsCLITests: XCTestCase {
    static let inputs = HardeningCLITests.inputs

    // MARK: Memory

    func testTooManyDepthSortedCopiesAreALocatedErrorAndFewerRender() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        var r = try CLIHarness.run(["render", Self.inputs + "depth-replicator.yaml", "-o", dir + "/x.png", "--frames", "0"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix(Self.inputs + "depth-replicator.yaml:7:5: error: "), r.stderr)
        XCTAssertTrue(r.stderr.contains("at most 1024"), r.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir), [])
        r = try CLIHarness.run(["render", Self.inputs + "depth-replicator-200.yaml", "-o", dir + "/x.png", "--frames", "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/x.png"))))
        XCTAssertGreaterThan(image.pixel(100, 60).a, 230, "200 copies of alpha 1/16 cover the canvas")
    }

    /// 200 full-canvas planes at 1080p, composited straight onto the frame.
    static let heavyScene = """
        strata: 1
        canvas: {size: [1920, 1080], fps: 10, duration: 1s}
        layers:
          - type: replicator
            frame: [0, 0, 1920, 1080]
            preservesDepth: true
            instanceCount: 200
            instanceTransform: {translate: [0, 0, 0.01]}
            sublayers:
              - {frame: [0, 0, 1920, 1080], backgroundColor: "#ff000010"}
        """

    /// `count` nested layers covering a `width` x `height` canvas, each a
    /// group (opacity < 1 over a background and a sublayer); layer k
    /// (from 1) is written at line 4k, its `frame` key at column 4k + 1.
    static func nestedGroups(_ count: Int, width: Int, height: Int) -> String {
        var lines = ["strata: 1", "canvas: {size: [\(width), \(height)], fps: 10, duration: 1s}", "layers:"]
        var indent = "  "
        for _ in 0..<count {
            lines += [indent + "- frame: [0, 0, \(width), \(height)]", indent + "  opacity: 0.99",
                      indent + "  backgroundColor: \"#ff000020\"", indent + "  sublayers:"]
            indent += "    "
        }
        lines.append(indent + "- {frame: [0, 0, 10, 10], backgroundColor: blue}")
        return lines.joined(separator: "\n") + "\n"
    }

    func testAFrameOverTheMemoryLimitIsALocatedError() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        // The frame and 12 group buffers at 1080p, 7.9 MiB each: the 8th group passes 64 MiB.
        let path = try CLIHarness.writeScene(Self.nestedGroups(12, width: 1920, height: 1080), in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/out/", "--memory-limit", "64M", "-q"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("\(path):32:33: error: the frame at 0.000s needs about 103 MiB"), r.stderr)
        XCTAssertTrue(r.stderr.contains("more than the limit of 64 MiB; give --memory-limit"), r.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
    }

    /// Depth-sorted planes are composited as quads, with no bitmap each: a
    /// thousand full-canvas planes fit the smallest limit. (Counted as a
    /// bitmap of twice the canvas each, as the direct renderer needs, they
    /// came to 440 MiB; at 1080p the default 4 GiB refused more than about 250.)
    func testManyDepthSortedPlanesFitTheMemoryLimit() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = Self.heavyScene.replacingOccurrences(of: "[1920, 1080]", with: "[320, 180]")
            .replacingOccurrences(of: "[0, 0, 1920, 1080]", with: "[0, 0, 320, 180]")
            .replacingOccurrences(of: "instanceCount: 200", with: "instanceCount: 1000")
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/x.png", "--frames", "0", "--memory-limit", "64M"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/x.png"))))
        XCTAssertGreaterThan(image.pixel(160, 90).a, 230, "a thousand copies of alpha 1/16 cover the canvas")
    }

    /// The retained renderer composites depth-sorted planes as quads, with
    /// no bitmap per plane: under a 1 GB address-space limit the 200 planes
    /// draw, the same bytes as without the limit.
    func testDepthSortedPlanesDrawUnderALowAddressSpaceLimit() throws {
        // ASan reserves terabytes of address space for itself: no limit can be set under it.
        try XCTSkipIf(ProcessInfo.processInfo.environment["STRATA_SANITIZER"] != nil, "under a sanitizer")
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(Self.heavyScene, in: dir)
        let r = try CLIHarness.run(["-c", "ulimit -v 1000000 && exec \"$0\" \"$@\"", CLIHarness.binary,
                                    "render", path, "-o", dir + "/x.png", "--frames", "0", "-j", "1"],
                                   executable: "/bin/sh")
        XCTAssertEqual(r.status, 0, r.stderr)
        let free = try CLIHarness.run(["render", path, "-o", dir + "/y.png", "--frames", "0", "-j", "1"])
        XCTAssertEqual(free.status, 0, free.stderr)
        let limited = try Data(contentsOf: URL(fileURLWithPath: dir + "/x.png"))
        XCTAssertEqual(limited, try Data(contentsOf: URL(fileURLWithPath: dir + "/y.png")))
        XCTAssertGreaterThan(try PNGCodec.decode([UInt8](limited)).pixel(960, 540).a, 230, "never a blank frame")
    }

    /// A bitmap the system will not give is an error at its layer, never a
    /// blank frame: the 62 nested group-opacity layers on a
    /// 4096x4096 canvas (a 64 MB group buffer each, 4 GB held at once) under
    /// a 2 GB address-space limit fail at the layer whose group buffer could
    /// not be allocated, not at 1:1.
    func testAFailedAllocationIsALocatedErrorNeverABlankFrame() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["STRATA_SANITIZER"] != nil, "under a sanitizer")
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(Self.nestedGroups(62, width: 4096, height: 4096), in: dir)
        let r = try CLIHarness.run(["-c", "ulimit -v 2000000 && exec \"$0\" \"$@\"", CLIHarness.binary,
                                    "render", path, "-o", dir + "/x.png", "--frames", "0", "-j", "1"],
                                   executable: "/bin/sh")
        XCTAssertEqual(r.status, 2, r.stderr)
        let head = try XCTUnwrap(r.stderr.split(separator: "\n").first.map(String.init))
        let place = head.dropFirst(path.count + 1).split(separator: ":").prefix(2).compactMap { Int($0) }
        XCTAssertEqual(place.count, 2, head)
        // A layer's `- frame:` line (4 lines a layer from line 4), at its column.
        XCTAssertEqual((place[0] - 4) % 4, 0, head)
        XCTAssertEqual(place[1], 3 + 4 * (place[0] - 4) / 4 + 2, head)
        XCTAssertTrue(head.contains(": error: cannot allocate a 4096x4096 pixel bitmap (64 MB) to draw this layer"), head)
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
        // With a memory limit the frame is refused before drawing, at the layer where it passes it.
        let limited = try CLIHarness.run(["render", path, "-o", dir + "/x.png", "--frames", "0", "--memory-limit", "1G"])
        XCTAssertEqual(limited.status, 2)
        XCTAssertTrue(limited.stderr.hasPrefix("\(path):64:65: error: the frame at 0.000s needs about 3.9 GiB"), limited.stderr)
    }

    func testAContentsRectFarPastTheImageShowsItsEdgePixels() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let r = try CLIHarness.run(["render", Self.inputs + "contents-rect-huge.yaml", "-o", dir + "/x.png", "--frames", "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/x.png"))))
        // The image is a millionth of the layer at its top-left: the rest repeats its last column and row.
        let corner = image.pixel(95, 95)
        XCTAssertEqual(corner.a, 255)
        XCTAssertTrue(image.pixel(50, 50) == corner && image.pixel(95, 20) == image.pixel(95, 60))
        XCTAssertEqual(image.pixel(150, 50).a, 0, "nothing drawn outside the layer")
    }

    // MARK: Messages

    func testATinyDurationSaysTheSceneHasNoFrames() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = Self.inputs + "tiny-duration.yaml"
        let r = try CLIHarness.run(["render", scene, "-o", dir + "/out.mp4"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("\(scene):2:47: error: the scene has no frames: 5e-324s at 10 fps rounds to 0 frames"),
                      r.stderr)
        XCTAssertFalse(r.stderr.contains("past the last frame"), r.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir), [])
    }

    func testAPNGSequenceThatCannotBeWrittenSaysWhyInTheSystemsWords() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/file"))
        let scene = Self.inputs + "plain.yaml"
        var r = try CLIHarness.run(["render", scene, "-o", dir + "/file/frames/", "-q"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "strata: error: cannot create folder '\(dir)/file': Not a directory\n")
        if getuid() != 0 {
            // Root writes anywhere: a read-only folder stops only other users.
            try FileManager.default.createDirectory(atPath: dir + "/ro", withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o555])
            addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/ro") }
            r = try CLIHarness.run(["render", scene, "-o", dir + "/ro/frames/", "-q"])
            XCTAssertEqual(r.status, 1)
            XCTAssertEqual(r.stderr, "strata: error: cannot create folder '\(dir)/ro/frames': Permission denied\n")
        }
        XCTAssertFalse(r.stderr.contains("NSCocoaErrorDomain"))
        XCTAssertEqual(CLIHarness.files(in: dir).filter { $0 != "ro" }, ["file"])
    }

    // MARK: Faults

    /// Starts a render of a long scene into `output` and returns once its temporary output exists.
    func startLongRender(_ output: String, in dir: String) throws -> Process {
        let long = try CLIHarness.writeScene("""
            strata: 1
            canvas: {size: [640, 360], fps: 30, duration: 600s, background: white}
            layers:
              - {frame: [0, 0, 100, 100], backgroundColor: red, cornerRadius: 20}
            """, named: "long.yaml", in: dir)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIHarness.binary)
        process.arguments = ["render", long, "-o", dir + "/" + output, "--quiet", "-j", "1"]
        process.standardError = Pipe()
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !CLIHarness.files(in: dir).contains(where: { $0.hasSuffix(".tmp") }) { usleep(20_000) }
        XCTAssertTrue(CLIHarness.files(in: dir).contains { $0.hasSuffix(".tmp") }, "the render never started")
        usleep(300_000)
        return process
    }

    func testTemporariesOfAKilledRenderAreRemovedByTheNextRenderToThatOutput() throws {
        for output in ["out.mp4", "frames/"] {
            let dir = try CLIHarness.temporaryFolder(self)
            let process = try startLongRender(output, in: dir)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let left = CLIHarness.files(in: dir).filter { $0.hasSuffix(".tmp") }
            XCTAssertEqual(left.count, 1, "\(output): SIGKILL leaves its temporary")
            // Another output in the same folder leaves it alone; the next render to that output removes it.
            let short = try CLIHarness.writeScene("strata: 1\ncanvas: {size: [64, 48], fps: 10, duration: 0.2s, background: white}\n",
                                                  named: "short.yaml", in: dir)
            XCTAssertEqual(try CLIHarness.run(["render", short, "-o", dir + "/other.mp4", "-q"]).status, 0)
            XCTAssertEqual(CLIHarness.files(in: dir).filter { $0.hasSuffix(".tmp") }, left)
            XCTAssertEqual(try CLIHarness.run(["render", short, "-o", dir + "/" + output, "-q"]).status, 0)
            XCTAssertEqual(CLIHarness.files(in: dir).filter { $0.hasSuffix(".tmp") }, [], output)
        }
    }

    /// SIGHUP (a closed terminal), SIGQUIT (Ctrl-\) and SIGPIPE stop a
    /// render as SIGTERM does: outputs removed, exit 128 + the signal, no crash report.
    func testHangupQuitAndPipeStopARenderLikeTerm() throws {
        for (signal, status) in [(SIGHUP, Int32(129)), (SIGQUIT, 131), (SIGPIPE, 141), (SIGTERM, 143)] {
            let dir = try CLIHarness.temporaryFolder(self)
            let process = try startLongRender("out.mp4", in: dir)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "signal \(signal)")
            XCTAssertEqual(process.terminationStatus, status, "signal \(signal)")
            let stderr = (process.standardError as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
            XCTAssertFalse(String(decoding: stderr, as: UTF8.self).contains("crashed"), "signal \(signal)")
            XCTAssertEqual(CLIHarness.files(in: dir), ["long.yaml"], "signal \(signal)")
        }
    }
}
