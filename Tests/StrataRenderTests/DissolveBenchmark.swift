import Foundation
import StrataModel
import XCTest
@testable import StrataRender

/// 1080p costs of cross-dissolves, printed (no timing assertions: the
/// machine is shared). Skipped unless STRATA_BENCH=1; run `bench/integration.sh`.
final class DissolveBenchmark: XCTestCase {
    /// A full-frame page: background, a rounded card and six bars.
    private func page(_ hue: Double) -> RenderNode {
        let bars = (0..<6).map { i in
            Fixture.layer("bar\(i)", Rect(160, 200 + Double(i) * 120, 1600, 70),
                          background: Color(hue, 0.4, 0.2 + 0.1 * Double(i)), cornerRadius: 20)
        }
        let card = Fixture.layer("card", Rect(60, 60, 1800, 960), background: Color(0.95, 0.95, 0.97),
                                 cornerRadius: 40, children: bars)
        return Fixture.layer("page", Rect(0, 0, 1920, 1080), background: Color(0.1, 0.12, hue), children: [card])
    }

    func testDissolveCosts() throws {
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
        print("Dissolve costs at 1920x1080 (median of 9, one thread):")
        let one = try time("one full-frame page", [page(0.3)])
        var old = page(0.3), new = page(0.8)
        old.opacity = 0.5; new.opacity = 0.5
        let over = try time("two pages, one over the other at opacities (before)",
                            [Fixture.layer("t", Rect(0, 0, 1920, 1080), children: [old, new])])
        old.opacity = 1; new.opacity = 1
        var dissolve = Fixture.layer("t", Rect(0, 0, 1920, 1080), children: [old, new])
        dissolve.crossDissolve = 0.5
        let cross = try time("fade transition: cross-dissolve of the two pages", [dissolve])
        var image = Pixmap(width: 1920, height: 1080)
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            image.pixels[i] = UInt8(truncatingIfNeeded: i / 7); image.pixels[i + 1] = 90; image.pixels[i + 2] = 40; image.pixels[i + 3] = 255
        }
        let render = RenderImage(pixmap: image, gravity: .resize, contentsRect: Rect(0, 0, 1, 1),
                                 contentsCenter: Rect(0, 0, 1, 1), contentsScale: 1)
        var plain = Fixture.layer("img", Rect(0, 0, 1920, 1080))
        plain.image = render
        let still = try time("full-frame contents image", [plain])
        plain.contentsFade = RenderContentsFade(from: render, progress: 0.5)
        let fade = try time("full-frame contents dissolve (two images)", [plain])
        print(String(format: "  dissolve over one page: +%.1f ms (opacity overlay was +%.1f); contents dissolve over one image: +%.1f ms",
                     cross - one, over - one, fade - still))
    }
}
