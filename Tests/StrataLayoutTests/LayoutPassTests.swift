import XCTest
import StrataModel
@testable import StrataLayout

/// The whole pass: autoresizing then constraints, top-down, warnings, relayout.
final class LayoutPassTests: XCTestCase {
    func testConstraintsRunAfterAutoresizingAndWin() {
        // widthSizable stretches the layer; its minX constraint then places it, keeping the autoresized width.
        let yaml = sceneYAML("""
          - name: a
            frame: [10, 10, 100, 20]
            autoresizingMask: [widthSizable, minYMargin]
            constraints:
              - {attribute: minX, relativeTo: superlayer, target: minX, offset: 30}

        """)
        guard let s = laidOut(yaml, size: Size(600, 400)) else { return }
        XCTAssertEqual(s.frame("a"), Rect(30, 110, 300, 20))
    }

    func testSublayersOfAResizedLayerAutoresizeAndReadTheirSuperlayersNewBounds() {
        let yaml = sceneYAML("""
          - name: panel
            frame: [0, 0, 200, 100]
            constraints:
              - {attribute: width, relativeTo: superlayer, target: width, scale: 0.5}
            sublayers:
              - {name: stretch, frame: [10, 10, 180, 10], autoresizingMask: [widthSizable]}
              - name: centred
                bounds: [0, 0, 20, 20]
                constraints:
                  - {attribute: midX, relativeTo: superlayer, target: midX}

        """)
        guard let s = laidOut(yaml) else { return }
        XCTAssertEqual(s.frame("panel"), Rect(0, 0, 200, 100), "half of 400 is its authored width")
        guard let wide = laidOut(yaml, size: Size(800, 300)) else { return }
        XCTAssertEqual(wide.frame("panel"), Rect(0, 0, 400, 100))
        XCTAssertEqual(wide.frame("panel/stretch"), Rect(10, 10, 380, 10))
        XCTAssertEqual(wide.frame("panel/centred")?.midX, 200)
    }

    func testConstraintsUseTheFrameSetterWithAnchorAndTransform() {
        let yaml = sceneYAML("""
          - name: scaled
            bounds: [5, 5, 10, 10]
            anchorPoint: [0, 1]
            transform: [{scale: 2}]
            constraints:
              - {attribute: minX, relativeTo: superlayer, target: minX, offset: 20}
              - {attribute: maxX, relativeTo: superlayer, target: minX, offset: 120}
              - {attribute: minY, relativeTo: superlayer, target: minY, offset: 40}

        """)
        guard let s = laidOut(yaml) else { return }
        let p = s.root.sublayers[0].properties
        XCTAssertEqual(p.frame, Rect(20, 40, 100, 20))
        XCTAssertEqual(p.bounds, Rect(5, 5, 50, 10), "bounds origin kept, size through the inverse scale")
        XCTAssertEqual(p.position, Point(20, 60), "the anchor (left, bottom) sits at the frame's left bottom")
    }

    func testUnconstrainedAndUnmaskedLayersAreUntouched() {
        let yaml = sceneYAML("  - {name: a, bounds: [1, 2, 30, 40], position: [7, 8], anchorPoint: [0.2, 0.9]}\n")
        guard let s = laidOut(yaml, size: Size(123, 45)) else { return }
        let p = s.root.sublayers[0].properties
        XCTAssertEqual(p.bounds, Rect(1, 2, 30, 40))
        XCTAssertEqual(p.position, Point(7, 8))
    }

    func testNegativeSizesBecomeZeroWithAWarningAtTheConstraint() {
        let yaml = sceneYAML("""
          - name: a
            constraints:
              - {attribute: minX, relativeTo: superlayer, target: minX, offset: 300}
              - {attribute: maxX, relativeTo: superlayer, target: maxX, offset: -300}
          - {name: b, frame: [10, 10, 380, 10], autoresizingMask: [widthSizable]}

        """)
        var warnings: [Diagnostic] = []
        guard let s = laidOut(yaml, size: Size(0.5, 300), warnings: &warnings) else { return }
        XCTAssertEqual(s.frame("a"), Rect(300, 0, 0, 0))
        XCTAssertEqual(s.frame("b"), Rect(10, 10, 0, 10))
        XCTAssertEqual(warnings.map(\.description), [
            "t.yaml:8:5: warning: autoresizing gives 'b' a negative width at this canvas size; it is laid out with width 0",
            "t.yaml:6:9: warning: the constraints of 'a' give it a negative width at this canvas size; it is laid out with width 0",
        ])
    }

    func testRelayoutAfterAModelChangeIsOneCall() {
        // A transaction-like change: the panel's bounds grow; its sublayers autoresize from the
        // previous size and the sibling reading the panel follows.
        let yaml = sceneYAML("""
          - name: panel
            frame: [0, 0, 200, 100]
            sublayers:
              - {name: bar, frame: [10, 10, 180, 10], autoresizingMask: [widthSizable]}
          - name: follower
            bounds: [0, 0, 10, 10]
            constraints:
              - {attribute: minX, relativeTo: panel, target: maxX}

        """)
        guard let before = laidOut(yaml) else { return }
        XCTAssertEqual(before.frame("follower")?.minX, 200)
        var root = before.root
        root.sublayers[0].properties.setFrame(Rect(0, 0, 300, 100))
        let warnings = Layout.relayOut(&root, previous: before.root)
        XCTAssertTrue(warnings.isEmpty)
        var after = before
        after.root = root
        XCTAssertEqual(after.frame("panel/bar"), Rect(10, 10, 280, 10))
        XCTAssertEqual(after.frame("follower")?.minX, 300)
        // Running it again without a change changes nothing.
        var again = root
        _ = Layout.relayOut(&again, previous: root)
        XCTAssertEqual(again.sublayers.map(\.properties), root.sublayers.map(\.properties))
    }

    func testLayoutIsTheSameWhateverTheListOrder() {
        let a = "  - {name: a, bounds: [0, 0, 50, 50], constraints: [{attribute: maxX, relativeTo: superlayer, target: maxX}]}\n"
        let b = "  - {name: b, bounds: [0, 0, 20, 20], constraints: [{attribute: maxX, relativeTo: a, target: minX, offset: -5}, {attribute: maxY, relativeTo: a, target: maxY}]}\n"
        guard let ab = laidOut(sceneYAML(a + b)), let ba = laidOut(sceneYAML(b + a)) else { return }
        XCTAssertEqual(ab.frame("b"), Rect(325, 5, 20, 20), "a keeps its authored y (-25...25)")
        XCTAssertEqual(ba.frame("b"), ab.frame("b"))
    }
}
