import Foundation
import XCTest

/// Mistakes that used to pass in silence (issue 16): each is now an error
/// (nothing written, exit 2) or a warning (the output is written, exit 0).
final class SilentTrapsCLITests: XCTestCase {
    func scene(_ layer: String, canvas: String = "size: [64, 48], fps: 10, duration: 1s") -> String {
        """
        strata: 1
        canvas: {\(canvas)}
        layers:
          - name: card
            bounds: [0, 0, 20, 20]
        \(layer)
        """
    }

    func render(_ yaml: String, _ extra: [String] = ["--time", "0"], output: String = "out.png")
        throws -> (result: CLIResult, files: [String], path: String) {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(yaml, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/" + output] + extra)
        return (r, CLIHarness.files(in: dir), path)
    }

    func testAnUnquotedHexColourIsACommentAndAnError() throws {
        let (r, files, path) = try render(scene("    backgroundColor: #ff0000"))
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, """
        \(path):6:22: error: '#ff0000' starts a YAML comment here, so 'backgroundColor' has no value; quote the colour: backgroundColor: "#ff0000"
         6 |     backgroundColor: #ff0000
           |                      ^~~~~~~
           |                      "#ff0000"

        """)
        XCTAssertEqual(files, ["scene.yaml"])
        // A real comment after an empty value stays a comment.
        XCTAssertEqual(try render(scene("    contents: # none yet")).result.status, 0)
    }

    func testABareAngleThatLooksLikeRadiansIsAWarning() throws {
        let (r, files, path) = try render(scene("    animations: [{keyPath: transform.rotation.z, from: 0, to: 6.283185, duration: 1s}]"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("\(path):6:63: warning: a bare angle is in degrees: 6.283185 is 6.283185°, but it looks like 2π radians (360°); write 6.283185rad if radians are meant, or 360deg\n"), r.stderr)
        XCTAssertTrue(r.stderr.contains("6.283185rad\n"), "the suggestion under the value: \(r.stderr)")
        XCTAssertEqual(files, ["out.png", "scene.yaml"])
        for quiet in ["to: 360deg", "to: 6.283185rad", "to: 45", "to: 22.5"] {
            let r = try render(scene("    animations: [{keyPath: transform.rotation.z, from: 0, \(quiet), duration: 1s}]")).result
            XCTAssertEqual(r.stderr, "", quiet)
        }
        XCTAssertTrue(try render(scene("    transform: {rotate: 1.5708}")).result.stderr.contains("looks like π/2 radians (90°)"))
    }

    func testForwardsFillWithoutRemovedOnCompletionFalseIsAWarning() throws {
        let (r, _, path) = try render(scene("    animations: [{keyPath: opacity, from: 0, to: 1, duration: 1s, fillMode: forwards}]"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("\(path):6:77: warning: fillMode 'forwards' has no effect: removedOnCompletion is true (the default)"), r.stderr)
        let held = try render(scene("    animations: [{keyPath: opacity, from: 0, to: 1, duration: 1s, fillMode: forwards, removedOnCompletion: false}]"))
        XCTAssertEqual(held.result.stderr, "")
        // Inside a group the children's fill works (their removedOnCompletion is ignored): no warning.
        let group = try render(scene("    animations: [{type: group, duration: 2s, fillMode: backwards, animations: [{keyPath: opacity, from: 0, to: 1, duration: 1s, fillMode: forwards}]}]"))
        XCTAssertEqual(group.result.stderr, "")
    }

    func testEaseInOutSuggestsEaseInEaseOut() throws {
        let (r, _, _) = try render(scene("    animations: [{keyPath: opacity, from: 0, to: 1, timingFunction: easeInOut}]"))
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("unknown timing function 'easeInOut'; did you mean 'easeInEaseOut'?"), r.stderr)
        XCTAssertTrue(try render(scene("    animations: [{keyPath: opacity, from: 0, to: 1, timingFunction: ease-in}]")).result
            .stderr.contains("did you mean 'easeIn'?"))
    }

    func testATransitionInAGroupSaysWhereTransitionsGo() throws {
        // In a layer's animations a transition type is a CATransition; in a group it is an error.
        let (r, files, path) = try render(scene("    animations: [{animations: [{type: push, duration: 1s}]}]"))
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("\(path):6:39: error: 'push' is a transition (CATransition): it goes in a layer's 'animations'"), r.stderr)
        XCTAssertEqual(files, ["scene.yaml"])
    }

    func testATimePastTheEndIsAnErrorWithTheDuration() throws {
        let (r, files, path) = try render(scene(""), ["--time", "1.5s"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, """
        strata: error: --time 1.5s is past the end of the scene, which lasts 1s (frames 0-9 at 10 fps)
        \(path):2:45: note: the scene's duration
         2 | canvas: {size: [64, 48], fps: 10, duration: 1s}
           |                                             ^~

        """)
        XCTAssertEqual(files, ["scene.yaml"])
        XCTAssertEqual(try render(scene(""), ["--time", "1s"]).result.status, 0, "the end itself is a time of the scene")
        let inspect = try CLIHarness.run(["inspect", path, "--frame", "10"])
        XCTAssertEqual(inspect.status, 2)
        XCTAssertTrue(inspect.stderr.hasPrefix("strata: error: --frame 10 is past the end of the scene"), inspect.stderr)
    }

    func testAnOddCanvasSizeIsLocated() throws {
        let (r, files, path) = try render(scene("", canvas: "size: [65, 48], fps: 10, duration: 1s, background: \"#000000\""), [], output: "out.mp4")
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, """
        \(path):2:16: error: H.264 (libx264) 4:2:0 needs an even width and height, but the canvas is 65x48 pixels; change the size (or render at another --size or --scale)
         2 | canvas: {size: [65, 48], fps: 10, duration: 1s, background: "#000000"}
           |                ^~~~~~~~

        """)
        XCTAssertEqual(files, ["scene.yaml"])
    }
}
