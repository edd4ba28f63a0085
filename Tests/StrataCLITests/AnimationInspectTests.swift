import Foundation
import XCTest

/// `strata inspect` with the timeline: model values after transactions,
/// implicit animations and transitions listed as active, spring settling.
final class AnimationInspectTests: XCTestCase {
    let yaml = """
    strata: 1
    canvas: {size: [200, 100], fps: 10, duration: 3s}
    layers:
      - name: card
        bounds: [0, 0, 20, 20]
        animations:
          - {keyPath: transform.scale, type: spring, from: 0.5, to: 1, damping: 10, fillMode: forwards, removedOnCompletion: false}
      - name: slide
        bounds: [0, 0, 20, 20]
        backgroundColor: black
    timeline:
      - {at: 1s, duration: 1s, timingFunction: linear, set: {card.position: [100, 50]}}
      - {at: 1s, transition: {type: push, subtype: fromRight, duration: 1s}, set: {slide.backgroundColor: white}}
    """

    func entries(_ json: String) throws -> [String: [String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        var byPath: [String: [String: Any]] = [:]
        for l in object["layers"] as! [[String: Any]] { byPath[l["path"] as! String] = l }
        return byPath
    }

    func testInspectShowsTheTimeline() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(yaml, in: dir)
        let r = try CLIHarness.run(["inspect", scene, "--time", "1.5s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let layers = try entries(r.stdout)
        let card = try XCTUnwrap(layers["card"])
        XCTAssertEqual(card["position"] as? [Double], [50, 25], "presentation: half way")
        XCTAssertEqual((card["model"] as? [String: Any])?["position"] as? [Double], [100, 50], "model: after the transaction")
        let animations = try XCTUnwrap(card["animations"] as? [[String: Any]])
        XCTAssertEqual(animations.map { $0["keyPath"] as? String }, ["transform.scale", "position"])
        XCTAssertEqual(animations[0]["kind"] as? String, "spring")
        XCTAssertEqual(animations[0]["settlingDuration"] as! Double, 1.410319263, accuracy: 1e-8)
        XCTAssertEqual(animations[1]["transaction"] as? Double, 0)
        XCTAssertEqual(animations[1]["progress"] as? Double, 0.5)
        XCTAssertEqual(animations[1]["localTime"] as? Double, 0.5)
        let slide = try XCTUnwrap(layers["slide"])
        let transition = try XCTUnwrap((slide["animations"] as? [[String: Any]])?.first)
        XCTAssertEqual(transition["kind"] as? String, "transition")
        XCTAssertEqual(transition["type"] as? String, "push")
        XCTAssertEqual(transition["subtype"] as? String, "fromRight")
        XCTAssertEqual(transition["fraction"] as? Double, 0.5)
        XCTAssertEqual(slide["backgroundColor"] as? String, "#ffffffff")
    }

    func testTimelineErrorsAreLocated() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(yaml.replacingOccurrences(of: "set: {card.position", with: "set: {crad.position"), in: dir)
        let r = try CLIHarness.run(["validate", scene])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("scene.yaml:12:58: error: no layer named 'crad' at the top level; did you mean 'card'?"), r.stderr)
    }
}
