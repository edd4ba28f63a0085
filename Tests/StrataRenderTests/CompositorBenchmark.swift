import Foundation
import StrataModel
import XCTest
@testable import StrataRender

/// 1080p costs of the compositor, printed (no timing assertions: the
/// machine is shared). Skipped unless STRATA_BENCH=1; run `bench/compositor.sh`.
final class CompositorBenchmark: XCTestCase {
    /// A full-frame 1920x1080 "page": background, a rounded bordered card and a few bars.
    private func page(_ transform: Transform3D) -> RenderNode {
        var bars: [RenderNode] = []
        for i in 0..<6 {
            bars.append(Fixture.layer("bar\(i)", Rect(160, 200 + Double(i) * 120, 1600, 70),
                                      background: Color(0.2 + 0.1 * Double(i), 0.4, 0.8), cornerRadius: 20))
        }
        let card = Fixture.layer("card", Rect(60, 60, 1800, 960), background: Color(0.95, 0.95, 0.97),
                                 cornerRadius: 40, borderWidth: 6, borderColor: Color(0.2, 0.2, 0.3), children: bars)
        return Fixture.layer("page", Rect(0, 0, 1920, 1080), background: Color(0.1, 0.12, 0.16),
                             transform: Transform3D.translation(-960, -540) * transform * Transform3D.translation(960, 540),
                             children: [card])
    }

    func testCompositorCosts() throws {
        guard ProcessInfo.processInfo.environment["STRATA_BENCH"] == "1" else { throw XCTSkip("set STRATA_BENCH=1") }
        let renderer = FrameRenderer()
        var pixmap = Pixmap(width: 1, height: 1)
        func time(_ name: String, _ children: [RenderNode]) throws -> Double {
            let tree = Fixture.tree(1920, 1080, children)
            try renderer.render(tree, into: &pixmap)
            let ms = try medianMilliseconds { try renderer.render(tree, into: &pixmap) }
            print("  " + name.padding(toLength: 58, withPad: " ", startingAt: 0) + String(format: "%7.2f ms", ms))
            return ms
        }
        print("Compositor costs at 1920x1080 (median of 9, one thread):")
        let affine = try time("full-frame page, affine (2D rotate 3deg), Cairo", [page(.rotation(0.05, 0, 0, 1))])
        let flat = try time("full-frame page, identity", [page(.identity)])
        let persp = try time("full-frame page, perspective (rotateY 25deg, d 1500)",
                             [page(Transform3D.rotation(25 * .pi / 180, 0, 1, 0) * Transform3D.perspective(1500))])
        var raster = page(.rotation(0.05, 0, 0, 1))
        raster.rasterizationScale = 1
        let rasterized = try time("full-frame page, shouldRasterize, affine composite", [raster])
        var cube: [RenderNode] = []
        let half = Double.pi / 2
        let turns: [Transform3D] = [.identity, .rotation(half, 0, 1, 0), .rotation(2 * half, 0, 1, 0),
                                    .rotation(-half, 0, 1, 0), .rotation(half, 1, 0, 0), .rotation(-half, 1, 0, 0)]
        for (i, t) in turns.enumerated() {
            cube.append(Fixture.layer("f\(i)", Rect(0, 0, 500, 500), background: Color(Double(i) / 6, 0.5, 0.7),
                                      transform: Transform3D.translation(-250, -250, 250) * t * Transform3D.translation(250, 250)))
        }
        var box = Fixture.layer("cube", Rect(0, 0, 500, 500),
                                transform: Transform3D.translation(-250, -250) * Transform3D.rotation(0.6, 1, 1, 0)
                                    * Transform3D.perspective(1500) * Transform3D.translation(960, 540), children: cube)
        box.isTransformLayer = true
        _ = try time("cube of six 500pt faces (transform layer, BSP)", [box])
        func shadowed(_ radius: Double) -> RenderNode {
            var c = Fixture.layer("s", Rect(360, 190, 1200, 700), background: .white, cornerRadius: 30)
            c.shadow = RenderShadow(color: Color(0, 0, 0, 0.5), offset: Size(0, 12), radius: radius, path: nil)
            return c
        }
        let plain = try time("1200x700 card, no shadow", [Fixture.layer("s", Rect(360, 190, 1200, 700), background: .white, cornerRadius: 30)])
        let r3 = try time("1200x700 card, shadowRadius 3", [shadowed(3)])
        let r30 = try time("1200x700 card, shadowRadius 30", [shadowed(30)])
        print(String(format: "  perspective / affine: %.2fx; shadow r30 / r3: %.2fx (%.1f ms over no shadow at r3, %.1f at r30); raster %.1f; identity %.1f",
                     persp / affine, r30 / r3, r3 - plain, r30 - plain, rasterized, flat))
    }
}
