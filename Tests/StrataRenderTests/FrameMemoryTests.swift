import StrataModel
import XCTest

@testable import StrataRender

/// Issue #13 in the renderer: what a frame holds while it is drawn is
/// counted before it is allocated (FrameMemory, following the retained
/// renderer's plan), a contentsRect far past its image stays within the
/// sampler's range, and a frame that cannot be drawn is an error at its layer.
final class FrameMemoryTests: XCTestCase {
    func testPlainLayersNeedOnlyTheFrame() throws {
        let tree = Fixture.tree(100, 50, [Fixture.layer("root.a", Rect(0, 0, 10, 10), background: Fixture.red)])
        XCTAssertEqual(try FrameRenderer().prepare(tree).bytes, 4 * 5000)
    }

    func testNestedGroupsAddUpAndTheGroupThatPassesTheLimitIsBlamed() throws {
        // Three nested groups (opacity < 1 over two fills) covering the canvas: 4 bytes a pixel each, plus the frame.
        func group(_ path: String, _ children: [RenderNode]) -> RenderNode {
            Fixture.layer(path, Rect(0, 0, 100, 100), background: Fixture.red, opacity: 0.5, children: children)
        }
        let leaf = Fixture.layer("root.a.b.c.d", Rect(0, 0, 10, 10), background: Fixture.blue)
        let tree = Fixture.tree(100, 100, [group("root.a", [group("root.a.b", [group("root.a.b.c", [leaf])])])])
        let canvas = 4.0 * 100 * 100
        XCTAssertEqual(try FrameRenderer().prepare(tree).bytes, 4 * canvas)
        XCTAssertEqual(try FrameRenderer().prepare(tree, memoryLimit: 4 * canvas).bytes, 4 * canvas)
        XCTAssertThrowsError(try FrameRenderer().prepare(tree, memoryLimit: 2.5 * canvas)) { error in
            let e = error as? RenderError
            XCTAssertEqual(e?.layerPath, "root.a.b", "the frame and two groups reach 3 canvases")
            XCTAssertEqual(e?.memoryNeed, 4 * canvas)
        }
    }

    func testAGroupCountsTheBoxItCoversNotTheCanvas() throws {
        let small = Fixture.layer("root.a", Rect(10, 10, 20, 10), background: Fixture.red, opacity: 0.5, children: [
            Fixture.layer("root.a.b", Rect(0, 0, 5, 5), background: Fixture.blue),
        ])
        XCTAssertEqual(try FrameRenderer().prepare(Fixture.tree(100, 100, [small])).bytes, 4 * 100 * 100 + 4 * 20 * 10)
    }

    func testAMaskHoldsTwoBuffersOfWhatItCuts() throws {
        var layer = Fixture.layer("root.a", Rect(0, 0, 100, 100), background: Fixture.red)
        layer.mask = RenderNodeBox(Fixture.layer("root.a.mask", Rect(0, 0, 50, 40), background: Color(0, 0, 0, 0.5)))
        // The content and the mask, over the 50x40 pixels both cover.
        XCTAssertEqual(try FrameRenderer().prepare(Fixture.tree(100, 100, [layer])).bytes, 4 * 100 * 100 + 8 * 50 * 40)
    }

    func testThePlanesOfA3DContextNeedNoBitmapOfTheirOwn() throws {
        // 300 full-canvas planes: the direct renderer's estimate counted twice the canvas for each (600 canvases).
        var context = Fixture.layer("root.t", Rect(0, 0, 100, 100), children: (0..<300).map {
            Fixture.layer("root.t.\($0)", Rect(0, 0, 100, 100), background: Color(1, 0, 0, 0.1),
                          transform: .translation(0, 0, Double($0)))
        })
        context.isTransformLayer = true
        let tree = Fixture.tree(100, 100, [context])
        XCTAssertEqual(try FrameRenderer().prepare(tree, memoryLimit: 2 * 4 * 100 * 100).bytes, 4 * 100 * 100)
    }

    func testAStoreIsChargedWhenItIsMadeAndRefusedBeforeItIsAllocated() throws {
        var shape = ShapeProperties()
        shape.path = .rect(Rect(0, 0, 60, 40))
        shape.fillColor = Fixture.red
        var node = Fixture.layer("root.shape", Rect(10, 10, 60, 40))
        node.content = .shape(shape)
        node.location = SourceLocation(file: "scene.yaml", line: 7, column: 5)
        let tree = Fixture.tree(100, 100, [node])
        let frame = 4.0 * 100 * 100
        let renderer = FrameRenderer()
        let first = try renderer.prepare(tree).bytes
        // A coverage store (1 byte a pixel) of at least the shape's 60x40 pixels.
        XCTAssertGreaterThanOrEqual(first - frame, 60 * 40)
        XCTAssertLessThan(first - frame, 70 * 50)
        XCTAssertEqual(try renderer.prepare(tree).bytes, frame, "the cache holds it: nothing made again")
        let refusing = FrameRenderer()
        XCTAssertThrowsError(try refusing.prepare(tree, memoryLimit: frame + 100)) { error in
            let e = error as? RenderError
            XCTAssertEqual(e?.layerPath, "root.shape")
            XCTAssertEqual(e?.location, node.location)
            XCTAssertEqual(e?.memoryNeed, first)
        }
        XCTAssertEqual(refusing.cache.made, 0, "refused before the store was made")
    }

    func testAContentsRectFarPastTheImageIsSplitAtItsEdges() {
        let patch = ContentsLayout.Patch(source: Rect(0, 0, 1e7, 1e7), destination: Rect(0, 0, 100, 100))
        let parts = ContentsLayout.confined([patch], width: 10, height: 10)
        // On the image, then its last column, row and corner stretched over the rest.
        XCTAssertEqual(parts.count, 4)
        XCTAssertEqual(parts[0], ContentsLayout.Patch(source: Rect(0, 0, 10, 10), destination: Rect(0, 0, 1e-4, 1e-4)))
        for p in parts {
            XCTAssertGreaterThanOrEqual(p.source.minX, 0)
            XCTAssertLessThanOrEqual(p.source.maxX, 10)
            XCTAssertLessThanOrEqual(p.source.maxY, 10)
        }
        XCTAssertEqual(parts.map { $0.destination.width * $0.destination.height }.reduce(0, +), 100 * 100, accuracy: 1e-6)
        // Within the padding nothing changes.
        let near = ContentsLayout.Patch(source: Rect(-5, -5, 20, 20), destination: Rect(0, 0, 100, 100))
        XCTAssertEqual(ContentsLayout.confined([near], width: 10, height: 10), [near])
    }
}
