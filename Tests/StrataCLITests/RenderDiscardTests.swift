import Foundation
import XCTest

/// `strata render SCENE -o /dev/null`: renders and discards (used by bench/).
final class RenderDiscardTests: XCTestCase {
    // An odd pixel size: discarding has no H.264 even-size rule.
    let scene = """
    strata: 1
    canvas: {size: [63, 47], fps: 10, duration: 1s, background: "#203040"}
    layers:
      - name: box
        bounds: [0, 0, 16, 16]
        position: [8, 24]
        cornerRadius: 4
        borderWidth: 2
        backgroundColor: "#ff000080"
        animations:
          - {keyPath: position.x, from: 8, to: 56, duration: 1s}
    """

    func testDiscardRendersEveryFrameAndWritesNothing() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", "/dev/null"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "")
        XCTAssertEqual(r.stderr, "", "nothing extra; progress only on a terminal")
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
    }

    func testDiscardTakesFramesAndTime() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        for extra in [["--frames", "9"], ["--frames", "0-9", "-j", "1"], ["--time", "0.35s"]] {
            let r = try CLIHarness.run(["render", path, "-o", "/dev/null", "--quiet"] + extra, cwd: dir)
            XCTAssertEqual(r.status, 0, "\(extra): \(r.stderr)")
            XCTAssertEqual(r.stdout + r.stderr, "", "\(extra)")
        }
        // The frame range is still checked against the scene's 10 frames.
        let outside = try CLIHarness.run(["render", path, "-o", "/dev/null", "--frames", "0-10"], cwd: dir)
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("outside the scene's frames 0-9"), outside.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
    }

    func testBadSceneIsStillReportedWithDiscard() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene.replacingOccurrences(of: "cornerRadius: 4", with: "cornerRadius: round"), in: dir)
        let r = try CLIHarness.run(["render", path, "-o", "/dev/null"], cwd: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("\(path):7:19: error:"), r.stderr)
    }

    func testOtherNamesWithoutAnExtensionAreStillRefused() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/null"], cwd: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("/dev/null"), r.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
    }
}
