import Foundation
import StrataModel
import StrataRender
import XCTest

/// Prints the cost of a typical 1080p frame; never asserts on time (the
/// machine is shared). Meaningful in release: `swift test -c release`.
final class FrameRendererTimingTests: XCTestCase {
    func testPrintMillisecondsPerFrameAt1080p() throws {
        let renderer = FrameRenderer()
        var pixmap = Pixmap(width: 0, height: 0)
        let frames = 30
        var copying: [Double] = [], reusing: [Double] = []
        for frame in 0..<frames {
            let tree = Self.dashboard(angle: Double(frame) * 0.01)
            let t0 = DispatchTime.now().uptimeNanoseconds
            let fresh = try renderer.render(tree)
            let t1 = DispatchTime.now().uptimeNanoseconds
            try renderer.render(tree, into: &pixmap)
            let t2 = DispatchTime.now().uptimeNanoseconds
            XCTAssertEqual(fresh, pixmap)
            copying.append(Double(t1 - t0) / 1e6)
            reusing.append(Double(t2 - t1) / 1e6)
        }
        func median(_ v: [Double]) -> String { String(format: "%.2f", v.sorted()[v.count / 2]) }
        let tree = Self.dashboard(angle: 0)
        print("FrameRenderer 1920x1080, \(Self.count(tree.root) - 1) layers + root: median \(median(copying)) ms/frame "
              + "(render), \(median(reusing)) ms/frame (render into reused Pixmap) over \(frames) frames")
    }

    /// 10 translucent, rounded, bordered panels (half clipping), each with 4
    /// translucent rounded bordered cards, some rotated: 50 layers over an opaque root.
    static func dashboard(angle: Double) -> RenderTree {
        var panels: [RenderNode] = []
        for p in 0..<10 {
            let px = Double(p % 5) * 380 + 20, py = Double(p / 5) * 520 + 30
            var cards: [RenderNode] = []
            for c in 0..<4 {
                let cx = Double(c % 2) * 170 + 20, cy = Double(c / 2) * 230 + 20
                let turn = c == 3 ? Transform3D.rotation(angle + 0.2, 0, 0, 1) : .identity
                cards.append(Fixture.layer(
                    "root.panel\(p).card\(c)", Rect(0, 0, 150, 210),
                    background: Color(0.2 + 0.05 * Double(c), 0.4, 0.8, 0.9), cornerRadius: 12,
                    borderWidth: 3, borderColor: Color(1, 1, 1, 0.8), opacity: 0.8,
                    transform: .translation(-75, -105) * turn * .translation(cx + 75, cy + 105)))
            }
            panels.append(Fixture.layer(
                "root.panel\(p)", Rect(px, py, 360, 480), background: Color(0.1, 0.1, 0.15, 0.85),
                cornerRadius: 24, borderWidth: 2, borderColor: Color(0.9, 0.9, 1, 0.5), opacity: 0.9,
                masksToBounds: p % 2 == 0, children: cards))
        }
        var root = Fixture.tree(1920, 1080, panels).root
        root.backgroundColor = Color(0.95, 0.95, 0.97)
        return RenderTree(size: Size(1920, 1080), scale: 1, root: root)
    }

    static func count(_ node: RenderNode) -> Int { 1 + node.children.map(count).reduce(0, +) }
}
