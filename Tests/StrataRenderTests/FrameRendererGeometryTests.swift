import StrataModel
import StrataRender
import XCTest

/// Where layers land: position, scale, rotation, bounds origin, corners.
final class FrameRendererGeometryTests: XCTestCase {
    func testLayerAtPositionCoversExactlyItsPixels() throws {
        // CALayer semantics: a 10x10 layer at position (15, 15) with the default
        // anchor (0.5, 0.5) has its frame at (10, 10).
        var props = LayerProperties()
        props.bounds = Rect(0, 0, 10, 10)
        props.position = Point(15, 15)
        var red = Fixture.layer("root.red", props.bounds, background: Fixture.red)
        red.transform = props.toSuperlayer()
        let pixmap = try Fixture.render(Fixture.tree(30, 30, [red]))
        XCTAssertEqual(pixmap.width, 30)
        XCTAssertEqual(pixmap.height, 30)
        pixmap.assertExactly(opaqueRed, in: (10, 10, 19, 19))
    }

    func testPixmapBytesAreBGRA() throws {
        let pixmap = try Fixture.render(Fixture.tree(2, 1, [
            Fixture.layer("root.a", Rect(0, 0, 1, 1), background: Color(1, 0.5, 0)),
        ]))
        XCTAssertEqual(Array(pixmap.pixels[0..<4]), [0, 128, 255, 255])
        XCTAssertEqual(Array(pixmap.pixels[4..<8]), [0, 0, 0, 0])
    }

    func testScaleTwoDoublesPixelCoordinates() throws {
        let tree = Fixture.tree(30, 30, scale: 2, [
            Fixture.layer("root.red", Rect(10, 10, 10, 10), background: Fixture.red),
        ])
        XCTAssertEqual(tree.pixelWidth, 60)
        let pixmap = try Fixture.render(tree)
        XCTAssertEqual(pixmap.width, 60)
        XCTAssertEqual(pixmap.height, 60)
        pixmap.assertExactly(opaqueRed, in: (20, 20, 39, 39))
    }

    func testFractionalScaleRoundsCanvasAndAntialiasesEdges() throws {
        // 10 points at 1.5x: the layer (1, 1, 3, 3) spans pixels 1.5 ..< 6.
        let pixmap = try Fixture.render(Fixture.tree(10, 10, scale: 1.5, [
            Fixture.layer("root.red", Rect(1, 1, 3, 3), background: Fixture.red),
        ]))
        XCTAssertEqual(pixmap.width, 15)
        XCTAssertEqual(pixmap.rgba(3, 3), opaqueRed)
        XCTAssertEqual(pixmap.rgba(5, 5), opaqueRed)
        XCTAssertEqual(pixmap.rgba(6, 6), transparent)
        let edge = pixmap.rgba(1, 3)  // half covered
        XCTAssertTrue((126...129).contains(edge[3]), "edge alpha \(edge[3])")
        XCTAssertEqual(edge[0], edge[3], "premultiplied red equals alpha")
    }

    func testRotationNinetyDegreesIsClockwiseOnScreen() throws {
        // A 20x10 layer rotated +90deg about its top-left corner, then moved to
        // (30, 10): local (x, y) -> (30 - y, 10 + x), i.e. pixels x 20..29, y 10..29.
        // A green 5x5 marker at its local top-left lands at the top-right: x 25..29, y 10..14.
        let marker = Fixture.layer("root.card.marker", Rect(0, 0, 5, 5), background: Fixture.green)
        let card = Fixture.layer("root.card", Rect(0, 0, 20, 10), background: Fixture.red,
                                 transform: .rotation(.pi / 2, 0, 0, 1) * .translation(30, 10),
                                 children: [marker])
        let pixmap = try Fixture.render(Fixture.tree(40, 40, [card]))
        let box = try XCTUnwrap(pixmap.paintedBox)
        XCTAssertEqual([box.minX, box.minY, box.maxX, box.maxY], [20, 10, 29, 29])
        XCTAssertEqual(pixmap.rgba(27, 12), opaqueGreen)
        XCTAssertEqual(pixmap.rgba(25, 10), opaqueGreen)
        XCTAssertEqual(pixmap.rgba(24, 10), opaqueRed)
        XCTAssertEqual(pixmap.rgba(25, 15), opaqueRed)
        XCTAssertEqual(pixmap.rgba(20, 29), opaqueRed)
    }

    func testBoundsOriginShiftsSublayers() throws {
        // bounds (5, 5, 20, 20) at position (20, 20): the bounds rect itself maps to
        // (10, 10)-(30, 30), and a 4x4 sublayer at (2, 2) in bounds space covers 7...10.
        var props = LayerProperties()
        props.bounds = Rect(5, 5, 20, 20)
        props.position = Point(20, 20)
        let child = Fixture.layer("root.parent.child", Rect(2, 2, 4, 4), background: Fixture.green)
        let parent = RenderNode(path: "root.parent", bounds: props.bounds, transform: props.toSuperlayer(),
                                opacity: 1, backgroundColor: Fixture.red, cornerRadius: 0, borderWidth: 0,
                                borderColor: .black, masksToBounds: false, children: [child])
        let pixmap = try Fixture.render(Fixture.tree(40, 40, [parent]))
        XCTAssertEqual(pixmap.rgba(7, 7), opaqueGreen)
        XCTAssertEqual(pixmap.rgba(9, 9), opaqueGreen)  // still outside the parent's background
        XCTAssertEqual(pixmap.rgba(10, 10), opaqueGreen)  // above the parent's background
        XCTAssertEqual(pixmap.rgba(11, 11), opaqueRed)
        XCTAssertEqual(pixmap.rgba(10, 11), opaqueRed)
        XCTAssertEqual(pixmap.rgba(6, 6), transparent)
        XCTAssertEqual(pixmap.rgba(29, 29), opaqueRed)
        XCTAssertEqual(pixmap.rgba(30, 30), transparent)
    }

    func testCornerRadiusLeavesCornersTransparent() throws {
        let pixmap = try Fixture.render(Fixture.tree(20, 20, [
            Fixture.layer("root.r", Rect(0, 0, 20, 20), background: Fixture.red, cornerRadius: 5),
        ]))
        for (x, y) in [(0, 0), (19, 0), (0, 19), (19, 19)] {
            XCTAssertEqual(pixmap.rgba(x, y), transparent, "corner (\(x), \(y))")
        }
        // Straight edges between the arcs and the inside stay fully covered.
        for (x, y) in [(5, 0), (14, 0), (0, 10), (19, 10), (10, 19), (10, 10), (2, 2)] {
            XCTAssertEqual(pixmap.rgba(x, y), opaqueRed, "(\(x), \(y))")
        }
        // The arc crosses pixel (1, 1): partly covered.
        let arc = pixmap.rgba(1, 1)[3]
        XCTAssertTrue(arc > 0 && arc < 255, "arc pixel alpha \(arc)")
    }

    func testCornerRadiusIsClampedToHalfTheShorterSide() throws {
        // 20x10 with radius 100 draws a capsule of radius 5, like radius 5 exactly.
        func render(_ radius: Double) throws -> Pixmap {
            try Fixture.render(Fixture.tree(20, 10, [
                Fixture.layer("root.pill", Rect(0, 0, 20, 10), background: Fixture.red, cornerRadius: radius),
            ]))
        }
        let clamped = try render(100)
        XCTAssertEqual(clamped, try render(5))
        XCTAssertEqual(clamped.rgba(10, 0), opaqueRed)
        XCTAssertEqual(clamped.rgba(10, 9), opaqueRed)
        XCTAssertEqual(clamped.rgba(0, 0), transparent)
        XCTAssertEqual(clamped.rgba(19, 9), transparent)
        XCTAssertNotEqual(clamped, try render(4))
    }

    func testNegativeAndZeroSizedLayersDrawNothingButTheirSublayersDo() throws {
        let child = Fixture.layer("root.empty.child", Rect(0, 0, 3, 3), background: Fixture.green)
        let empty = Fixture.layer("root.empty", Rect(5, 5, 0, 0), background: Fixture.red,
                                  borderWidth: 1, children: [child])
        let pixmap = try Fixture.render(Fixture.tree(10, 10, [empty]))
        pixmap.assertExactly(opaqueGreen, in: (5, 5, 7, 7))
    }
}
