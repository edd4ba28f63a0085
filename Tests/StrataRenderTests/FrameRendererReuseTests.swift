import StrataModel
import StrataRender
import XCTest

/// Drawing into recycled pixmaps, and the frame's first pass (one SOURCE
/// paint of the canvas background, or a clear).
final class FrameRendererReuseTests: XCTestCase {
    /// A pixmap of the size full of bytes that are no frame's.
    static func garbage(_ width: Int, _ height: Int) -> Pixmap {
        Pixmap(width: width, height: height, pixels: (0..<width * height * 4).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
    }

    /// A root (the canvas) with `background`, optionally rounded or turned, over `children`.
    static func canvas(_ width: Double, _ height: Double, background: Color?, cornerRadius: Double = 0,
                       transform: Transform3D = .identity, opacity: Double = 1, scale: Double = 1,
                       _ children: [RenderNode] = []) -> RenderTree {
        let root = RenderNode(path: "root", bounds: Rect(0, 0, width, height), transform: transform,
                              opacity: opacity, backgroundColor: background, cornerRadius: cornerRadius,
                              borderWidth: 0, borderColor: .black, masksToBounds: false, children: children)
        return RenderTree(size: Size(width, height), scale: scale, root: root)
    }

    static let trees: [RenderTree] = {
        let box = Fixture.layer("root.box", Rect(2, 3, 5, 4), background: Color(0, 0, 1, 0.5), cornerRadius: 1.5)
        return [
            canvas(12, 9, background: Color(0.2, 0.4, 0.6), [box]),                   // opaque canvas: one SOURCE paint
            canvas(12, 9, background: Color(0.2, 0.4, 0.6, 0.3), [box]),              // translucent canvas: SOURCE too
            canvas(12, 9, background: nil, [box]),                                    // no background: clear
            canvas(12, 9, background: Color(1, 0, 0), cornerRadius: 3, [box]),         // corners left out: clear + fill
            canvas(12, 9, background: Color(1, 0, 0), transform: .rotation(0.3, 0, 0, 1), [box]),
            canvas(12, 9, background: Color(1, 0, 0), transform: .translation(0.5, 0), [box]),  // leaves a column
            canvas(12, 9, background: Color(1, 0, 0), opacity: 0.5, [box]),
            canvas(10.5, 8.5, background: Color(0, 1, 0), scale: 1),                  // rounds up to 11 x 9 pixels
        ]
    }()

    func testRecycledPixmapGivesTheBytesOfAFreshOne() throws {
        let renderer = FrameRenderer()
        for (i, tree) in Self.trees.enumerated() {
            let fresh = try FrameRenderer().render(tree)
            var recycled = Self.garbage(tree.pixelWidth, tree.pixelHeight)
            try renderer.render(tree, into: &recycled)
            XCTAssertEqual(recycled, fresh, "tree \(i)")
        }
    }

    func testAFrameSaysWhichRowsMayDifferFromTheOneBefore() throws {
        let renderer = FrameRenderer()
        func tree(_ y: Double) -> RenderTree {
            Self.canvas(200, 150, background: Color(0.2, 0.4, 0.6),
                   [Fixture.layer("root.box", Rect(10, y, 20, 10), background: Color(1, 1, 0))])
        }
        let first = try renderer.renderChanges(tree(100))
        XCTAssertEqual(first.change, .all)
        let first0 = first.frame
        // The same frame again: nothing differs.
        XCTAssertEqual(try renderer.renderChanges(tree(100)).change, .rows([]))
        let moved = try renderer.renderChanges(tree(104))
        guard case .rows(let rows) = moved.change else { return XCTFail("\(moved.change)") }
        XCTAssertFalse(rows.isEmpty)
        // Every row outside the ones named is the previous frame's, and the moved box's rows are named.
        let changed = Set(rows.flatMap { Array($0) })
        XCTAssertTrue(Set(100..<114).isSubset(of: changed))
        for y in 0..<150 where !changed.contains(y) {
            XCTAssertEqual(moved.frame.pixels[(y * 800)..<((y + 1) * 800)], first0.pixels[(y * 800)..<((y + 1) * 800)], "row \(y)")
        }
        XCTAssertEqual(moved.frame, try FrameRenderer().render(tree(104)))
        // A new size: everything.
        XCTAssertEqual(try renderer.renderChanges(Self.canvas(100, 50, background: .white)).change, .all)
    }

    func testOpaqueCanvasBackgroundCoversEveryPixel() throws {
        var pixmap = Self.garbage(12, 9)
        try FrameRenderer().render(Self.canvas(12, 9, background: Color(1, 0, 0)), into: &pixmap)
        pixmap.assertExactly([255, 0, 0, 255], in: (0, 0, 11, 8))
    }

    func testTranslucentCanvasBackgroundIsPremultiplied() throws {
        var pixmap = Self.garbage(4, 4)
        try FrameRenderer().render(Self.canvas(4, 4, background: Color(1, 0, 0, 0.5)), into: &pixmap)
        pixmap.assertExactly([128, 0, 0, 128], in: (0, 0, 3, 3))
    }

    func testCanvasBackgroundThatLeavesPixelsOutClearsThem() throws {
        // Bounds 10.5 points wide on an 11-pixel canvas: the last column is half covered.
        var pixmap = Self.garbage(11, 9)
        try FrameRenderer().render(Self.canvas(10.5, 8.5, background: Color(0, 1, 0)), into: &pixmap)
        XCTAssertEqual(pixmap.rgba(0, 0), [0, 255, 0, 255])
        XCTAssertEqual(Double(pixmap.rgba(10, 0)[3]), 127.5, accuracy: 1, "half coverage, not the garbage")
        // A rounded root leaves its corners transparent.
        var rounded = Self.garbage(12, 9)
        try FrameRenderer().render(Self.canvas(12, 9, background: Color(1, 0, 0), cornerRadius: 4), into: &rounded)
        XCTAssertEqual(rounded.rgba(0, 0), [0, 0, 0, 0])
        XCTAssertEqual(rounded.rgba(6, 4), [255, 0, 0, 255])
    }

    func testSharedPixmapIsCopiedNotOverwritten() throws {
        let renderer = FrameRenderer()
        var pixmap = try renderer.render(Self.canvas(6, 4, background: Color(1, 0, 0)))
        let kept = pixmap
        try renderer.render(Self.canvas(6, 4, background: Color(0, 0, 1)), into: &pixmap)
        pixmap.assertExactly([0, 0, 255, 255], in: (0, 0, 5, 3))
        kept.assertExactly([255, 0, 0, 255], in: (0, 0, 5, 3))
    }
}
