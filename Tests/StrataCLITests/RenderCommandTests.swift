import Foundation
import StrataEncode
import XCTest

final class RenderCommandTests: XCTestCase {
    let scene = """
    strata: 1
    canvas: {size: [64, 48], fps: 10, duration: 1s, background: "#203040"}
    layers:
      - name: box
        bounds: [0, 0, 16, 16]
        position: [8, 24]
        backgroundColor: "#ff0000"
        animations:
          - {keyPath: position.x, from: 8, to: 56, duration: 1s}
    """

    func testStillAtATime() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/still.png", "--time", "0.5s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNGCodec.read(path: dir + "/still.png")
        XCTAssertEqual(image.width, 64)
        XCTAssertEqual(image.height, 48)
        // At 0.5 s the box is centred at x = 32: pixels 24...39 are red.
        XCTAssertEqual(image.pixel(32, 24).r, 255)
        XCTAssertEqual(image.pixel(24, 24).r, 255)
        XCTAssertEqual(image.pixel(40, 24).r, 0x20)
        XCTAssertEqual(image.pixel(23, 24).r, 0x20)
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml", "still.png"])
    }

    func testPNGSequenceNamesFramesByNumber() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/frames/", "--frames", "3-5"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir + "/frames"), ["00003.png", "00004.png", "00005.png"])
        let all = try CLIHarness.run(["render", path, "-o", dir + "/all/", "--quiet"])
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir + "/all").count, 10)
        XCTAssertEqual(all.stderr, "", "no progress when stderr is not a terminal")
    }

    func testMP4HasTheRightFramesRateAndDuration() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/out.mp4", "--fps", "20"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let info = try VideoReader.probe(path: dir + "/out.mp4")
        XCTAssertEqual(info.codec, "h264")
        XCTAssertEqual(info.pixelFormat, "yuv420p")
        XCTAssertEqual(info.frameCount, 20)
        XCTAssertEqual(info.fps, 20, accuracy: 1e-9)
        XCTAssertEqual(info.duration, 1.0, accuracy: 0.051)
        XCTAssertEqual(CLIHarness.files(in: dir), ["out.mp4", "scene.yaml"])
    }

    func testBadSceneLeavesNoOutput() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene.replacingOccurrences(of: "duration: 1s, background", with: "duration: forever, background"), in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/out.mp4"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("\(path):2:"), r.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
    }

    func testOddSizeForH264IsAnErrorBeforeOutput() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/out.mp4", "--size", "63x48"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("even"), r.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
    }

    func testInterruptLeavesNothingBehind() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let long = scene.replacingOccurrences(of: "size: [64, 48], fps: 10, duration: 1s", with: "size: [1280, 720], fps: 60, duration: 600s")
        let path = try CLIHarness.writeScene(long, in: dir)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIHarness.binary)
        process.arguments = ["render", path, "-o", dir + "/out.mp4", "--quiet"]
        process.standardError = Pipe()
        try process.run()
        // Wait until the temporary output exists, then interrupt.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !CLIHarness.files(in: dir).contains(where: { $0.hasSuffix(".tmp") }) {
            usleep(20_000)
        }
        XCTAssertTrue(CLIHarness.files(in: dir).contains { $0.hasSuffix(".tmp") }, "render never started")
        usleep(200_000)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
    }

    func testPNGsAreByteIdenticalAcrossRunsAndThreadCounts() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/a/", "--jobs", "1"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/b/", "--jobs", "2"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/c/", "--jobs", "3"]).status, 0)
        for name in CLIHarness.files(in: dir + "/a") {
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a/" + name))
            XCTAssertEqual(a, try Data(contentsOf: URL(fileURLWithPath: dir + "/b/" + name)), name)
            XCTAssertEqual(a, try Data(contentsOf: URL(fileURLWithPath: dir + "/c/" + name)), name)
        }
    }
}
