import StrataLayout
import StrataModel
@testable import StrataParse
@testable import StrataTimeline
import XCTest

/// Layout over time: a transaction that changes geometry lays the model tree
/// out again, and the frames layout moves animate with the transaction.
final class LayoutOverTimeTests: XCTestCase {
    typealias F = EngineFixture

    /// A panel (frame [0, 0, 100, 50]) with an autoresizing bar, and a
    /// follower whose left edge is 10 points right of the panel.
    func load(_ timeline: String, follower: String = "") -> Scene? {
        let yaml = """
        strata: 1
        canvas: {size: [400, 200], duration: 4s}
        layers:
          - name: panel
            frame: [0, 0, 100, 50]
            sublayers:
              - {name: bar, frame: [10, 10, 80, 10], autoresizingMask: [widthSizable]}
          - name: follower
            bounds: [0, 0, 20, 20]
            position: [0, 100]\(follower)
            constraints:
              - {attribute: minX, relativeTo: panel, target: maxX, offset: 10}
        timeline:
        \(timeline)
        """
        do {
            var scene = try SceneLoader.parse(text: yaml, file: "test.yaml").scene
            XCTAssertTrue(scene.layOut().isEmpty)
            return scene
        } catch {
            XCTFail("\(error)")
            return nil
        }
    }

    func frame(_ s: Scene, _ path: String, _ t: Double, model: Bool = false) -> Rect? {
        guard let l = F.layer(s, path, t) else { return nil }
        return model ? l.model.frame : l.properties.frame
    }

    /// The panel grows from 100 to 300 wide (about its centre, x 50): its
    /// frame becomes [-100, 0, 300, 50]; the follower's minX goes from 110
    /// to 210 and the bar (both margins fixed) from 80 to 280 wide, both
    /// animated with the transaction's duration and timing function.
    func testSiblingsAndSublayersFollowAndAnimate() throws {
        let s = try XCTUnwrap(load("  - {at: 1s, duration: 1s, timingFunction: linear, set: {panel.bounds.size.width: 300}}"))
        XCTAssertEqual(frame(s, "follower", 0.5)?.minX, 110)
        XCTAssertEqual(frame(s, "follower", 1, model: true)?.minX, 210, "the model is laid out at the commit")
        XCTAssertEqual(frame(s, "follower", 1)?.minX, 110, "the presentation starts where it was")
        XCTAssertEqual(frame(s, "follower", 1.5)?.minX ?? 0, 160, accuracy: 1e-9)
        XCTAssertEqual(frame(s, "follower", 2)?.minX, 210)
        XCTAssertEqual(frame(s, "panel/bar", 1, model: true), Rect(10, 10, 280, 10))
        XCTAssertEqual(frame(s, "panel/bar", 1.5)?.width ?? 0, 180, accuracy: 1e-9)
        XCTAssertEqual(frame(s, "panel/bar", 2), Rect(10, 10, 280, 10))
        // The layout's animations are implicit ones of the transaction.
        let follower = try XCTUnwrap(F.layer(s, "follower", 1.5))
        XCTAssertEqual(follower.activeAnimations.map(\.keyPath), ["position"])
        XCTAssertEqual(follower.activeAnimations.first?.transaction, 0)
        let bar = try XCTUnwrap(F.layer(s, "panel/bar", 1.5))
        XCTAssertEqual(bar.activeAnimations.map(\.keyPath), ["bounds", "position"])
    }

    func testDisableActionsJumpsAndTheDefaultDurationApplies() throws {
        let off = try XCTUnwrap(load("  - {at: 1s, disableActions: true, set: {panel.bounds.size.width: 300}}"))
        XCTAssertEqual(frame(off, "follower", 1)?.minX, 210)
        XCTAssertTrue(F.layer(off, "follower", 1)!.activeAnimations.isEmpty)
        let plain = try XCTUnwrap(load("  - {at: 1s, set: {panel.bounds.size.width: 300}}"))
        XCTAssertEqual(F.layer(plain, "follower", 1.1)?.activeAnimations.first?.duration, 0.25)
        XCTAssertEqual(frame(plain, "follower", 1.25)?.minX, 210)
    }

    /// The layer's own action for `position` wins (here: none), as for a set value.
    func testLayerActionsApplyToLaidOutProperties() throws {
        let s = try XCTUnwrap(load("  - {at: 1s, duration: 1s, set: {panel.bounds.size.width: 300}}",
                                   follower: "\n    actions: {position: null}"))
        XCTAssertEqual(frame(s, "follower", 1.5)?.minX, 210)
        let bar = try XCTUnwrap(frame(s, "panel/bar", 1.5)?.width)
        XCTAssertTrue(bar > 80 && bar < 280, "the bar still animates: \(bar)")
    }

    /// Nested transactions: the layout takes the settings of the last
    /// geometry change (here the nested one with disableActions).
    func testNestedSettingsOfTheLastGeometryChange() throws {
        let s = try XCTUnwrap(load("""
          - at: 1s
            duration: 1s
            set: {follower.opacity: 0.5}
            transactions: [{disableActions: true, set: {panel.position.x: 150}}]
        """))
        // The panel jumps to x 100...200 and the follower with it: minX 210.
        XCTAssertEqual(frame(s, "panel", 1)?.minX, 100)
        XCTAssertEqual(frame(s, "follower", 1)?.minX, 210)
        XCTAssertEqual(F.layer(s, "follower", 1.5)!.properties.opacity, 0.75, accuracy: 0.2, "opacity still animates")
    }

    /// Changes that move nothing lay nothing out (no animations), and a
    /// change in the middle of a layout animation starts from the screen.
    func testInterruptedLayoutStartsFromThePresentation() throws {
        let s = try XCTUnwrap(load("""
          - {at: 1s, duration: 1s, timingFunction: linear, set: {panel.bounds.size.width: 300}}
          - {at: 1.5s, duration: 1s, timingFunction: linear, set: {panel.bounds.size.width: 100}}
          - {at: 3s, set: {panel.opacity: 0.5}}
        """))
        XCTAssertEqual(frame(s, "follower", 1.5, model: true)?.minX, 110)
        XCTAssertEqual(frame(s, "follower", 1.5)?.minX ?? 0, 160, accuracy: 1e-9, "from where it was on screen")
        XCTAssertEqual(frame(s, "follower", 2)?.minX ?? 0, 135, accuracy: 1e-9)
        XCTAssertTrue(F.layer(s, "follower", 3.1)!.activeAnimations.isEmpty)
    }

    /// A scene without constraints or autoresizing never lays out again.
    func testNoLayoutWithoutConstraints() throws {
        let s = try XCTUnwrap(F.load("""
        strata: 1
        canvas: {size: [200, 100], duration: 2s}
        layers: [{name: a, frame: [0, 0, 10, 10]}]
        timeline: [{at: 1s, set: {a.bounds.size.width: 50}}]
        """))
        XCTAssertEqual(F.layer(s, "a", 1.5)?.properties.bounds.width, 50)
    }
}
