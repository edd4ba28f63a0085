import StrataModel
import XCTest
@testable import StrataRender

/// 3D layers end to end through FrameRenderer.
final class Compositing3DTests: XCTestCase {
    /// Stage: 200x200, perspective 400 about its centre.
    private func stage(_ children: [RenderNode]) -> RenderTree {
        let persp = Transform3D.translation(-100, -100) * Transform3D.perspective(400) * Transform3D.translation(100, 100)
        return Fixture.tree(200, 200, children.map { var c = $0; c.transform = c.transform * persp; return c })
    }

    /// A 100x100 layer centred on the stage with `transform` about its centre.
    private func square(_ color: Color, _ transform: Transform3D = .identity, doubleSided: Bool = true) -> RenderNode {
        var n = Fixture.layer("sq", Rect(0, 0, 100, 100), background: color,
                              transform: Transform3D.translation(-50, -50) * transform * Transform3D.translation(100, 100))
        n.doubleSided = doubleSided
        return n
    }

    func testPerspectiveLayerLandsOnItsProjectedCorners() throws {
        let rot = Transform3D.rotation(.pi / 4, 0, 1, 0)
        let tree = stage([square(Fixture.red, rot)])
        let pixmap = try Fixture.render(tree)
        let full = tree.root.children[0].transform
        let corners = [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)].map { full.project($0) }
        let box = try XCTUnwrap(pixmap.paintedBox)
        XCTAssertEqual(Double(box.minX), corners.map(\.x).min()!, accuracy: 1)
        XCTAssertEqual(Double(box.maxX + 1), corners.map(\.x).max()!, accuracy: 1)
        XCTAssertEqual(Double(box.minY), corners.map(\.y).min()!, accuracy: 1)
        XCTAssertEqual(Double(box.maxY + 1), corners.map(\.y).max()!, accuracy: 1)
        // The near (left) edge is taller than the far one.
        XCTAssertLessThan(corners[0].y, corners[1].y)
        XCTAssertEqual(pixmap.rgba(100, 100), opaqueRed)
    }

    func testLayerBehindTheEyeDrawsNothingAndCrossingOneStaysBounded() throws {
        // z = 500 is beyond the eye at 400: nothing.
        let behind = try Fixture.render(stage([square(Fixture.red, .translation(0, 0, 500))]))
        XCTAssertNil(behind.paintedBox)
        // A huge floor tilted through the eye: drawn, finite, inside the canvas.
        var floor = Fixture.layer("floor", Rect(0, 0, 4000, 4000), background: Fixture.green,
                                  transform: Transform3D.translation(-2000, -2000) * Transform3D.rotation(-.pi / 2.2, 1, 0, 0)
                                    * Transform3D.translation(100, 160))
        floor.doubleSided = true
        let pixmap = try Fixture.render(stage([floor]))
        let box = try XCTUnwrap(pixmap.paintedBox)
        XCTAssertEqual(box.maxY, 199)
        XCTAssertEqual(pixmap.rgba(100, 199), opaqueGreen)
    }

    func testDoubleSidedFalseHidesTheBack() throws {
        let turned = Transform3D.rotation(.pi, 0, 1, 0)
        XCTAssertNil(try Fixture.render(stage([square(Fixture.red, turned, doubleSided: false)])).paintedBox)
        XCTAssertEqual(try Fixture.render(stage([square(Fixture.red, turned, doubleSided: true)])).rgba(100, 100), opaqueRed)
        XCTAssertEqual(try Fixture.render(stage([square(Fixture.red, .identity, doubleSided: false)])).rgba(100, 100), opaqueRed)
    }

    /// A transform layer holding a red face at z = +30 and a blue one at
    /// z = -30: the near face wins whatever the list order, and turning the
    /// pair half round brings the blue one to the front.
    func testTransformLayerDepthOrder() throws {
        func face(_ color: Color, z: Double) -> RenderNode {
            Fixture.layer("f", Rect(0, 0, 100, 100), background: color,
                          transform: Transform3D.translation(-50, -50, z) * Transform3D.translation(50, 50))
        }
        func pair(_ faces: [RenderNode], turn: Double) -> RenderNode {
            var t = Fixture.layer("cube", Rect(0, 0, 100, 100),
                                  transform: Transform3D.translation(-50, -50) * Transform3D.rotation(turn, 0, 1, 0)
                                    * Transform3D.translation(100, 100), children: faces)
            t.isTransformLayer = true
            return t
        }
        let red = face(Fixture.red, z: 30), blue = face(Fixture.blue, z: -30)
        XCTAssertEqual(try Fixture.render(stage([pair([red, blue], turn: 0.3)])).rgba(100, 100), opaqueRed)
        XCTAssertEqual(try Fixture.render(stage([pair([blue, red], turn: 0.3)])).rgba(100, 100), opaqueRed)
        XCTAssertEqual(try Fixture.render(stage([pair([red, blue], turn: .pi - 0.3)])).rgba(100, 100), opaqueBlue)
    }

    /// A transform layer's opacity multiplies into each sublayer (no group).
    func testTransformLayerOpacityAppliesPerSublayer() throws {
        var a = Fixture.layer("a", Rect(50, 50, 60, 60), background: Fixture.red)
        var b = Fixture.layer("b", Rect(80, 80, 60, 60), background: Fixture.red)
        a.transform = a.transform * .identity; b.transform = b.transform * .identity
        var t = Fixture.layer("t", Rect(0, 0, 200, 200), opacity: 0.5, transform: .identity, children: [a, b])
        t.isTransformLayer = true
        let pixmap = try Fixture.render(Fixture.tree(200, 200, [t]))
        XCTAssertEqual(Double(pixmap.rgba(60, 60)[3]), 128, accuracy: 1)
        XCTAssertEqual(Double(pixmap.rgba(100, 100)[3]), 191, accuracy: 2)  // two halves over each other
    }
}
