import StrataModel
import XCTest
@testable import StrataRender

/// Cross-dissolves: a fade transition's two subtrees and a contents
/// animation's two images sum to before·(1-p) + after·p in one group.
final class DissolveTests: XCTestCase {
    /// Two opaque subtrees at the midpoint: opaque everywhere they overlap
    /// (not 75 % as with one drawn over the other at opacities 1-p and p),
    /// with half of each colour.
    func testOpaqueSubtreesStayOpaqueAtTheMidpoint() throws {
        let old = Fixture.layer("old", Rect(0, 0, 40, 40), background: Fixture.red)
        let new = Fixture.layer("new", Rect(0, 0, 40, 40), background: Fixture.blue)
        var container = Fixture.layer("t", Rect(10, 10, 40, 40), children: [old, new])
        container.crossDissolve = 0.5
        let pixmap = try Fixture.render(Fixture.tree(60, 60, [container]))
        let mid = pixmap.rgba(30, 30)
        XCTAssertEqual(mid[3], 255)
        XCTAssertEqual(mid[0] + mid[2], 255)
        XCTAssertEqual(Double(mid[0]), 127.5, accuracy: 1)
        XCTAssertEqual(pixmap.rgba(5, 5), transparent)
    }

    /// At every progress the weights add up to one: the sum stays opaque,
    /// and the ends show only one side.
    func testWeightsAtTheEnds() throws {
        for (p, expected) in [(0.0, opaqueRed), (1.0, opaqueBlue), (0.25, [191, 0, 64, 255])] {
            let old = Fixture.layer("old", Rect(0, 0, 20, 20), background: Fixture.red)
            let new = Fixture.layer("new", Rect(0, 0, 20, 20), background: Fixture.blue)
            var container = Fixture.layer("t", Rect(0, 0, 20, 20), children: [old, new])
            container.crossDissolve = p
            let pixmap = try Fixture.render(Fixture.tree(20, 20, [container]))
            XCTAssertEqual(pixmap.rgba(10, 10), expected, "p = \(p)")
        }
    }

    /// Where only one side paints, that side shows with its weight; the
    /// container's own opacity applies to the dissolved result as a whole.
    func testOneSidedPixelsAndContainerOpacity() throws {
        let old = Fixture.layer("old", Rect(0, 0, 20, 20), background: Fixture.red)
        let new = Fixture.layer("new", Rect(20, 0, 20, 20), background: Fixture.blue)
        var container = Fixture.layer("t", Rect(0, 0, 40, 20), opacity: 0.5, children: [old, new])
        container.crossDissolve = 0.5
        let pixmap = try Fixture.render(Fixture.tree(40, 20, [container]))
        XCTAssertEqual(Double(pixmap.rgba(10, 10)[3]), 64, accuracy: 1)   // 255 · 0.5 · 0.5
        XCTAssertEqual(Double(pixmap.rgba(30, 10)[3]), 64, accuracy: 1)
    }

    /// A contents dissolve between two opaque images is opaque at the midpoint.
    func testContentsDissolveBetweenTwoImages() throws {
        func solid(_ b: UInt8, _ g: UInt8, _ r: UInt8) -> Pixmap {
            var p = Pixmap(width: 4, height: 4)
            for i in 0..<16 { p.pixels[i * 4] = b; p.pixels[i * 4 + 1] = g; p.pixels[i * 4 + 2] = r; p.pixels[i * 4 + 3] = 255 }
            return p
        }
        func image(_ pixmap: Pixmap) -> RenderImage {
            RenderImage(pixmap: pixmap, gravity: .resize, contentsRect: Rect(0, 0, 1, 1),
                        contentsCenter: Rect(0, 0, 1, 1), contentsScale: 1)
        }
        var layer = Fixture.layer("l", Rect(0, 0, 20, 20))
        layer.image = image(solid(255, 0, 0))                    // blue, dissolving in
        layer.contentsFade = RenderContentsFade(from: image(solid(0, 0, 255)), progress: 0.5)
        let pixmap = try Fixture.render(Fixture.tree(20, 20, [layer]))
        let mid = pixmap.rgba(10, 10)
        XCTAssertEqual(mid[3], 255)
        XCTAssertEqual(mid[0] + mid[2], 255)
        // Fading in from no image: only the weight of the new one.
        layer.contentsFade = RenderContentsFade(from: nil, progress: 0.25)
        XCTAssertEqual(try Fixture.render(Fixture.tree(20, 20, [layer])).rgba(10, 10), [0, 0, 64, 64])
    }
}
