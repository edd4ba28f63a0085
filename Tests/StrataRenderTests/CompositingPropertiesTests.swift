import StrataModel
import XCTest
@testable import StrataRender

#if canImport(Glibc)
import Glibc
#endif

/// Masks, shadows, contents placement, group opacity, rasterization.
final class CompositingPropertiesTests: XCTestCase {
    /// The mask's alpha cuts the layer: half-transparent mask on the left
    /// half gives half alpha there, nothing on the right.
    func testMaskAlpha() throws {
        var layer = Fixture.layer("l", Rect(0, 0, 100, 50), background: Fixture.red)
        layer.mask = RenderNodeBox(Fixture.layer("m", Rect(0, 0, 50, 50), background: Color(0, 0, 0, 0.5)))
        let pixmap = try Fixture.render(Fixture.tree(100, 50, [layer]))
        XCTAssertEqual(Double(pixmap.rgba(10, 25)[3]), 128, accuracy: 1)
        XCTAssertEqual(Double(pixmap.rgba(10, 25)[0]), 128, accuracy: 1)
        XCTAssertEqual(pixmap.rgba(75, 25), transparent)
    }

    /// Three box passes against the exact Gaussian: an impulse and a step,
    /// sigma 2 to 30. The worst error is printed; the bounds are 6.5% of the
    /// impulse peak and 1% absolute on the step (what a shadow's edge shows).
    func testBlurMatchesExactGaussian() {
        var report: [String] = []
        for sigma in [2.0, 3, 4, 7.5, 10, 30] {
            let n = Int(12 * sigma) + 21, mid = n / 2
            var impulse = [Float](repeating: 0, count: n), step = [Float](repeating: 0, count: n)
            impulse[mid] = 1
            for i in mid..<n { step[i] = 1 }
            var scratch = [Float](repeating: 0, count: n)
            impulse.withUnsafeMutableBufferPointer { p in scratch.withUnsafeMutableBufferPointer { Blur.blurLine(p.baseAddress!, count: n, sigma: sigma, scratch: $0.baseAddress!) } }
            step.withUnsafeMutableBufferPointer { p in scratch.withUnsafeMutableBufferPointer { Blur.blurLine(p.baseAddress!, count: n, sigma: sigma, scratch: $0.baseAddress!) } }
            var peakError = 0.0, stepError = 0.0
            let peak = 1 / (sigma * (2 * Double.pi).squareRoot())
            for i in 0..<n {
                let x = Double(i - mid)
                let g = exp(-x * x / (2 * sigma * sigma)) * peak
                peakError = max(peakError, abs(Double(impulse[i]) - g) / peak)
                // Exact step response at a sample: Phi((x + 0.5) / sigma).
                let s = 0.5 * erfc(-(x + 0.5) / (sigma * 2.0.squareRoot()))
                if i > 3 * Int(sigma) && i < n - 3 * Int(sigma) { stepError = max(stepError, abs(Double(step[i]) - s)) }
            }
            report.append("sigma \(sigma): impulse \(String(format: "%.4f", peakError)), step \(String(format: "%.4f", stepError))")
            XCTAssertLessThan(peakError, 0.065, "sigma \(sigma)")
            XCTAssertLessThan(stepError, 0.01, "sigma \(sigma)")
        }
        print("blur vs exact Gaussian (max error, relative to peak / absolute for the step):\n  " + report.joined(separator: "\n  "))
    }

    func testShadowFallsBeneathWithOffsetAndIsClippedByMasksToBounds() throws {
        var card = Fixture.layer("c", Rect(40, 40, 40, 40), background: Fixture.red)
        card.shadow = RenderShadow(color: Color(0, 0, 0, 1), offset: Size(0, 20), radius: 0, path: nil)
        let pixmap = try Fixture.render(Fixture.tree(120, 120, [card]))
        XCTAssertEqual(pixmap.rgba(60, 60), opaqueRed)          // the card covers its shadow
        XCTAssertEqual(pixmap.rgba(60, 90), [0, 0, 0, 255])     // sharp shadow 20 below
        XCTAssertEqual(pixmap.rgba(60, 30), transparent)
        card.masksToBounds = true
        let clipped = try Fixture.render(Fixture.tree(120, 120, [card]))
        XCTAssertEqual(clipped.rgba(60, 90), transparent)
    }

    func testBlurredShadowIsHalfAtTheEdge() throws {
        var card = Fixture.layer("c", Rect(150, 20, 100, 160), background: Fixture.red)
        card.shadow = RenderShadow(color: Color(0, 0, 0, 1), offset: Size(-130, 0), radius: 8, path: nil)
        let pixmap = try Fixture.render(Fixture.tree(300, 200, [card]))
        // The shadow's right edge is at x = 120: half alpha there, ~0 beyond 3 sigma, full inside.
        XCTAssertEqual(Double(pixmap.rgba(119, 100)[3]), 133, accuracy: 10)
        XCTAssertLessThan(pixmap.rgba(146, 100)[3], 3)
        XCTAssertEqual(pixmap.rgba(70, 100)[3], 255)
    }

    func testAllTwelveGravities() {
        let image = { (g: ContentsGravity) in
            RenderImage(pixmap: Pixmap(width: 20, height: 10), gravity: g, contentsRect: Rect(0, 0, 1, 1),
                        contentsCenter: Rect(0, 0, 1, 1), contentsScale: 1)
        }
        let b = Rect(0, 0, 100, 50)
        let expected: [ContentsGravity: Rect] = [
            .center: Rect(40, 20, 20, 10), .top: Rect(40, 0, 20, 10), .bottom: Rect(40, 40, 20, 10),
            .left: Rect(0, 20, 20, 10), .right: Rect(80, 20, 20, 10), .topLeft: Rect(0, 0, 20, 10),
            .topRight: Rect(80, 0, 20, 10), .bottomLeft: Rect(0, 40, 20, 10), .bottomRight: Rect(80, 40, 20, 10),
            .resize: b, .resizeAspect: Rect(0, 0, 100, 50), .resizeAspectFill: Rect(0, 0, 100, 50),
        ]
        XCTAssertEqual(expected.count, ContentsGravity.allCases.count)
        for g in ContentsGravity.allCases { XCTAssertEqual(ContentsLayout.destination(of: image(g), in: b), expected[g], g.rawValue) }
        let tall = Rect(0, 0, 100, 100)
        XCTAssertEqual(ContentsLayout.destination(of: image(.resizeAspect), in: tall), Rect(0, 25, 100, 50))
        XCTAssertEqual(ContentsLayout.destination(of: image(.resizeAspectFill), in: tall), Rect(-50, 0, 200, 100))
        var scaled = image(.center); scaled.contentsScale = 2
        XCTAssertEqual(ContentsLayout.destination(of: scaled, in: b), Rect(45, 22.5, 10, 5))
    }

    func testNineSliceKeepsCornersAndStretchesTheMiddle() {
        let image = RenderImage(pixmap: Pixmap(width: 30, height: 30), gravity: .resize, contentsRect: Rect(0, 0, 1, 1),
                                contentsCenter: Rect(0.4, 0.4, 0.2, 0.2), contentsScale: 1)
        let patches = ContentsLayout.patches(of: image, in: Rect(0, 0, 200, 60))
        func close(_ a: Rect, _ b: Rect, line: UInt = #line) {
            for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.width, b.width), (a.height, b.height)] {
                XCTAssertEqual(x, y, accuracy: 1e-9, line: line)
            }
        }
        XCTAssertEqual(patches.count, 9)
        close(patches[0].source, Rect(0, 0, 12, 12)); close(patches[0].destination, Rect(0, 0, 12, 12))
        close(patches[4].source, Rect(12, 12, 6, 6)); close(patches[4].destination, Rect(12, 12, 176, 36))
        close(patches[8].source, Rect(18, 18, 12, 12)); close(patches[8].destination, Rect(188, 48, 12, 12))
        // Too small for the corners: they shrink in proportion.
        let small = ContentsLayout.patches(of: image, in: Rect(0, 0, 12, 12))
        close(small[0].destination, Rect(0, 0, 6, 6))
    }

    func testAllowsGroupOpacityFalseMultipliesIntoEachSublayer() throws {
        let a = Fixture.layer("a", Rect(0, 0, 60, 60), background: Fixture.red)
        let b = Fixture.layer("b", Rect(30, 30, 60, 60), background: Fixture.red)
        var parent = Fixture.layer("p", Rect(0, 0, 100, 100), opacity: 0.5, children: [a, b])
        let grouped = try Fixture.render(Fixture.tree(100, 100, [parent]))
        XCTAssertEqual(Double(grouped.rgba(45, 45)[3]), 128, accuracy: 1)
        parent.allowsGroupOpacity = false
        let separate = try Fixture.render(Fixture.tree(100, 100, [parent]))
        XCTAssertEqual(Double(separate.rgba(45, 45)[3]), 191, accuracy: 2)
    }

    func testRasterizationScaleSetsTheBitmapResolution() throws {
        // A 1-point checker drawn at rasterizationScale 0.5 then scaled x4 on screen: blurred, not crisp.
        var cells: [RenderNode] = []
        for i in 0..<10 { cells.append(Fixture.layer("c\(i)", Rect(Double(i * 2), 0, 1, 10), background: Fixture.red)) }
        var group = Fixture.layer("g", Rect(0, 0, 20, 10), transform: .scale(4, 4), children: cells)
        let crisp = try Fixture.render(Fixture.tree(80, 40, [group]))
        XCTAssertEqual(crisp.rgba(1, 20), opaqueRed)
        XCTAssertEqual(crisp.rgba(5, 20), transparent)
        group.rasterizationScale = 0.5
        let soft = try Fixture.render(Fixture.tree(80, 40, [group]))
        XCTAssertGreaterThan(soft.rgba(5, 20)[3], 0)
        XCTAssertLessThan(soft.rgba(1, 20)[3], 255)
    }
}
