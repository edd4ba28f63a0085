import StrataModel
import XCTest

@testable import StrataRender

/// Issue #13 in the renderer: what a frame's offscreen bitmaps need is
/// estimated before drawing (FrameMemory), a contentsRect far past its image
/// stays within the sampler's range, and a frame that cannot be drawn is an
/// error at its layer.
final class FrameMemoryTests: XCTestCase {
    func testPlainLayersNeedOnlyTheFrame() {
        let tree = Fixture.tree(100, 50, [Fixture.layer("root.a", Rect(0, 0, 10, 10), background: Fixture.red)])
        XCTAssertEqual(FrameMemory.estimate(tree), FrameMemory.Estimate(bytes: 4 * 5000, layerPath: "root"))
    }

    func testNestedGroupsAddUpAndTheLayerThatPassesTheLimitIsBlamed() {
        // Three nested groups (opacity < 1 over two fills): 4 canvases each, plus the frame.
        func group(_ path: String, _ children: [RenderNode]) -> RenderNode {
            Fixture.layer(path, Rect(0, 0, 100, 100), background: Fixture.red, opacity: 0.5, children: children)
        }
        let leaf = Fixture.layer("root.a.b.c.d", Rect(0, 0, 10, 10), background: Fixture.blue)
        let tree = Fixture.tree(100, 100, [group("root.a", [group("root.a.b", [group("root.a.b.c", [leaf])])])])
        let canvas = 4.0 * 100 * 100
        XCTAssertEqual(FrameMemory.estimate(tree).bytes, 4 * canvas)
        XCTAssertEqual(FrameMemory.estimate(tree, limit: 2.5 * canvas).layerPath, "root.a.b")
        XCTAssertEqual(FrameMemory.estimate(tree, limit: 10 * canvas).layerPath, "root")
    }

    func testEveryPlaneOfA3DContextCountsAtOnce() {
        var context = Fixture.layer("root.t", Rect(0, 0, 100, 100), children: (0..<10).map {
            Fixture.layer("root.t.\($0)", Rect(0, 0, 100, 100), background: Fixture.red)
        })
        context.isTransformLayer = true
        let canvas = 4.0 * 100 * 100
        // The frame, the context's composite, and a plane of twice the canvas for each of 10 sublayers.
        XCTAssertEqual(FrameMemory.estimate(Fixture.tree(100, 100, [context])).bytes, canvas + canvas + 10 * 2 * canvas)
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
