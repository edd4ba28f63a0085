import Foundation
import XCTest

final class InspectValidateTests: XCTestCase {
    let geometry = """
    strata: 1
    canvas: {size: [400, 400], fps: 10, duration: 2s}
    layers:
      - {name: a, bounds: [0, 0, 100, 50], position: [200, 300]}
      - {name: b, bounds: [0, 0, 100, 50], position: [200, 300], transform: [{scale: [2, 4, 1]}]}
      - {name: c, frame: [10, 20, 100, 50]}
      - name: moving
        bounds: [0, 0, 10, 10]
        position: [0, 0]
        animations:
          - {keyPath: position.x, from: 0, to: 100, duration: 1s}
    """

    func layers(_ json: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        return object["layers"] as! [[String: Any]]
    }

    func testInspectPrintsCoreAnimationGeometry() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(geometry, in: dir)
        let r = try CLIHarness.run(["inspect", scene, "--time", "0.5s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let all = try layers(r.stdout)
        XCTAssertEqual(all.map { $0["path"] as! String }, ["", "a", "b", "c", "moving"])
        XCTAssertEqual(all[1]["frame"] as! [Double], [150, 275, 100, 50])
        XCTAssertEqual(all[2]["frame"] as! [Double], [100, 200, 200, 200])
        XCTAssertEqual(all[3]["position"] as! [Double], [60, 45])
        XCTAssertEqual(all[3]["frame"] as! [Double], [10, 20, 100, 50])
        XCTAssertEqual(all[0]["frame"] as! [Double], [0, 0, 400, 400])
        // Presentation value at 0.5 s, model value under "model".
        XCTAssertEqual(all[4]["position"] as! [Double], [50, 0])
        XCTAssertEqual((all[4]["model"] as! [String: Any])["position"] as! [Double], [0, 0])
        XCTAssertEqual((all[4]["animations"] as! [[String: Any]]).first?["keyPath"] as? String, "position.x")
        XCTAssertEqual((all[1]["transform"] as! [Double]).count, 16)
    }

    func testInspectAfterAnimationEndShowsModelValue() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(geometry, in: dir)
        let r = try CLIHarness.run(["inspect", scene, "--time", "1s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let moving = try layers(r.stdout)[4]
        XCTAssertEqual(moving["position"] as! [Double], [0, 0])
        XCTAssertNil(moving["animations"])
    }

    func testValidateAcceptsAGoodScene() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(geometry, in: dir)
        let r = try CLIHarness.run(["validate", scene])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
    }

    func testValidateReportsEveryErrorWithItsPlace() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [100, 100]}
        layers:
          - {name: a, opacity: high}
          - {name: b, backgroundColr: red}
        """, in: dir)
        let r = try CLIHarness.run(["validate", scene])
        XCTAssertEqual(r.status, 2)
        // Headlines; the excerpts under them start with a space.
        let lines = r.stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(" ") }
        XCTAssertEqual(lines.count, 2, r.stderr)
        XCTAssertTrue(lines[0].hasPrefix("\(scene):4:"), lines[0])
        XCTAssertTrue(lines[0].contains(": error: "), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("\(scene):5:"), lines[1])
        XCTAssertTrue(lines[1].contains("did you mean 'backgroundColor'"), lines[1])
    }

    func testUsageErrorsExitTwo() throws {
        XCTAssertEqual(try CLIHarness.run(["frobnicate"]).status, 2)
        XCTAssertEqual(try CLIHarness.run(["render"]).status, 2)
        let r = try CLIHarness.run(["inspect", "/nonexistent/scene.yaml"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("error"), r.stderr)
    }

    func testHelpAndVersion() throws {
        let help = try CLIHarness.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("render"))
        let renderHelp = try CLIHarness.run(["render", "--help"])
        XCTAssertTrue(renderHelp.stdout.contains("--frames"))
        let version = try CLIHarness.run(["--version"])
        XCTAssertTrue(version.stdout.hasPrefix("strata "))
    }

    func testSchemaIsJSON() throws {
        let r = try CLIHarness.run(["schema"])
        XCTAssertEqual(r.status, 0)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["$id"] as? String, "urn:strata:scene:1")
        XCTAssertNotNil((object["$defs"] as? [String: Any])?["layer.text"], "the rules of text layers")
        XCTAssertEqual(try CLIHarness.run(["schema"]).stdout, r.stdout, "the same schema every time")
    }
}
