import StrataModel
import StrataRender
import XCTest

/// Errors, degenerate transforms, determinism and buffer reuse.
final class FrameRendererRobustnessTests: XCTestCase {
    func testPerspectiveTransformRenders() throws {
        let tilted = Fixture.layer("root.card.face", Rect(0, 0, 10, 10), background: Fixture.red,
                                   transform: .rotation(0.5, 0, 1, 0) * .perspective(500))
        let card = Fixture.layer("root.card", Rect(0, 0, 20, 20), children: [tilted])
        let pixmap = try FrameRenderer().render(Fixture.tree(20, 20, [card]))
        XCTAssertEqual(pixmap.rgba(4, 5), opaqueRed)
    }

    func testZeroWTransformDrawsNothing() throws {
        var t = Transform3D.identity
        t.m44 = 0
        let layer = Fixture.layer("root.w0", Rect(0, 0, 10, 10), background: Fixture.red, transform: t)
        XCTAssertNil(try FrameRenderer().render(Fixture.tree(10, 10, [layer])).paintedBox)
    }

    func testAffineTransformWithPerspectiveRowOnlyIsAccepted() throws {
        // m34 alone does not change the z = 0 plane; m44 = 2 halves everything.
        var t = Transform3D.perspective(500)
        t.m44 = 2
        t.m41 = 8; t.m42 = 8
        let pixmap = try Fixture.render(Fixture.tree(20, 20, [
            Fixture.layer("root.half", Rect(0, 0, 10, 10), background: Fixture.red, transform: t),
        ]))
        pixmap.assertExactly(opaqueRed, in: (4, 4, 8, 8))
    }

    func testSingularTransformDrawsNothingAndLaterLayersStillDraw() throws {
        let child = Fixture.layer("root.flat.child", Rect(0, 0, 5, 5), background: Fixture.blue)
        let flat = Fixture.layer("root.flat", Rect(0, 0, 10, 10), background: Fixture.red,
                                 borderWidth: 1, opacity: 0.5, masksToBounds: true,
                                 transform: .scale(0, 1), children: [child])
        var nan = Transform3D.identity
        nan.m11 = .nan
        let broken = Fixture.layer("root.nan", Rect(0, 0, 10, 10), background: Fixture.red, transform: nan)
        let later = Fixture.layer("root.later", Rect(2, 3, 4, 2), background: Fixture.green, cornerRadius: 0)
        let renderer = FrameRenderer()
        let pixmap = try renderer.render(Fixture.tree(10, 10, [flat, broken, later]))
        pixmap.assertExactly(opaqueGreen, in: (2, 3, 5, 4))
        // The context did not keep an error state: the next frame renders normally.
        try renderer.render(Fixture.tree(10, 10, [later])).assertExactly(opaqueGreen, in: (2, 3, 5, 4))
    }

    func testIdenticalTreesGiveIdenticalBytes() throws {
        let tree = Self.busyTree()
        let renderer = FrameRenderer()
        let first = try renderer.render(tree)
        XCTAssertNotNil(first.paintedBox)
        XCTAssertEqual(try renderer.render(tree), first)
        XCTAssertEqual(try FrameRenderer().render(tree), first)
    }

    func testReturnedPixmapIsIndependentOfLaterFrames() throws {
        let renderer = FrameRenderer()
        let red = try renderer.render(Fixture.tree(8, 8, [Fixture.layer("root.r", Rect(0, 0, 8, 8), background: Fixture.red)]))
        _ = try renderer.render(Fixture.tree(8, 8, [Fixture.layer("root.g", Rect(0, 0, 4, 4), background: Fixture.green)]))
        red.assertExactly(opaqueRed, in: (0, 0, 7, 7))
        // Reusing the surface clears it: no trace of the earlier frames.
        let empty = try renderer.render(Fixture.tree(8, 8, []))
        XCTAssertNil(empty.paintedBox)
        // A size change gets a new surface.
        let wide = try renderer.render(Fixture.tree(12, 3, [Fixture.layer("root.r", Rect(11, 2, 1, 1), background: Fixture.red)]))
        wide.assertExactly(opaqueRed, in: (11, 2, 11, 2))
    }

    func testRenderIntoReusesAMatchingPixmap() throws {
        let renderer = FrameRenderer()
        var pixmap = Pixmap(width: 1, height: 1)
        try renderer.render(Fixture.tree(6, 4, [Fixture.layer("root.r", Rect(1, 1, 2, 2), background: Fixture.red)]), into: &pixmap)
        pixmap.assertExactly(opaqueRed, in: (1, 1, 2, 2))
        let kept = pixmap
        try renderer.render(Fixture.tree(6, 4, [Fixture.layer("root.g", Rect(3, 0, 3, 4), background: Fixture.green)]), into: &pixmap)
        pixmap.assertExactly(opaqueGreen, in: (3, 0, 5, 3))
        kept.assertExactly(opaqueRed, in: (1, 1, 2, 2))
    }

    func testEmptyCanvasAndInvalidScale() throws {
        let empty = try FrameRenderer().render(Fixture.tree(0, 0, []))
        XCTAssertEqual(empty.width, 0)
        XCTAssertEqual(empty.pixels.count, 0)
        XCTAssertThrowsError(try FrameRenderer().render(Fixture.tree(10, 10, scale: 0, [])))
        XCTAssertThrowsError(try FrameRenderer().render(Fixture.tree(100_000, 10, [])))
    }

    /// Nested translucent, rounded, bordered, rotated and clipped layers.
    static func busyTree() -> RenderTree {
        var cards: [RenderNode] = []
        for i in 0..<6 {
            let d = Double(i)
            let dot = Fixture.layer("root.card\(i).dot", Rect(-3, 4, 9, 9), background: Color(0.2, 0.8, 0.4, 0.9),
                                    cornerRadius: 4.5)
            cards.append(Fixture.layer(
                "root.card\(i)", Rect(0, 0, 30, 20), background: Color(0.9, 0.3 + 0.1 * d, 0.2, 0.8),
                cornerRadius: 5, borderWidth: 1.5, borderColor: Color(0.1, 0.1, 0.4, 0.7), opacity: 0.7,
                masksToBounds: i % 2 == 0,
                transform: .rotation(0.3 * d, 0, 0, 1) * .translation(10 + 12 * d, 15 + 7 * d),
                children: [dot]))
        }
        return Fixture.tree(100, 80, scale: 1.5, cards)
    }
}
