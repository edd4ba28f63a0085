import Foundation
import StrataModel
import StrataRender
import XCTest

/// The cost of a typical 1080p frame, as a ratio to the floor of any frame
/// (the opaque canvas alone) measured in the same run. Skipped unless
/// STRATA_BENCH=1; run `bench/frame-costs.sh` (release, one thread).
final class FrameCostBenchmark: XCTestCase {
    func testDashboardFrameCost() throws {
        guard ProcessInfo.processInfo.environment["STRATA_BENCH"] == "1" else { throw XCTSkip("set STRATA_BENCH=1") }
        let renderer = FrameRenderer()
        var pixmap = Pixmap(width: 0, height: 0)
        var canvasOnly = Self.dashboard(angle: 0)
        canvasOnly.root.children = []
        try renderer.render(canvasOnly, into: &pixmap)
        let floor = try medianMilliseconds { try renderer.render(canvasOnly, into: &pixmap) }
        var angle = 0.0
        func nextTree() -> RenderTree {
            angle += 0.01
            return Self.dashboard(angle: angle)
        }
        let fresh = try medianMilliseconds { _ = try renderer.render(nextTree()) }
        let reused = try medianMilliseconds { try renderer.render(nextTree(), into: &pixmap) }
        // Benchmarks check what they time: the reused pixmap holds the frame a fresh one does.
        let tree = nextTree()
        XCTAssertEqual(try renderer.render(tree), try { try renderer.render(tree, into: &pixmap); return pixmap }())
        let layers = Self.count(tree.root) - 1
        print("Frame cost at 1920x1080, \(layers) layers + root (median of 9, one thread):")
        for (name, ms) in [("the opaque canvas alone (reference)", floor), ("dashboard, new pixmap", fresh),
                           ("dashboard, reused pixmap", reused)] {
            print("  " + name.padding(toLength: 44, withPad: " ", startingAt: 0)
                  + String(format: "%7.2f ms  %5.1fx", ms, ms / floor))
        }
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
