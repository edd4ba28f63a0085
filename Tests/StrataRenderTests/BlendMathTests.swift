import StrataModel
import XCTest
@testable import StrataRender

/// The compositing filters' formulas (W3C Compositing and Blending Level 1)
/// at known values, in straight colours, premultiplied colours and pixels.
final class BlendMathTests: XCTestCase {
    private func opaque(_ r: Double, _ g: Double, _ b: Double) -> PremultipliedColor {
        PremultipliedColor(r: r, g: g, b: b, a: 1)
    }

    private func assertColor(_ c: PremultipliedColor, _ r: Double, _ g: Double, _ b: Double, _ a: Double,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(c.r, r, accuracy: 1e-12, "red", file: file, line: line)
        XCTAssertEqual(c.g, g, accuracy: 1e-12, "green", file: file, line: line)
        XCTAssertEqual(c.b, b, accuracy: 1e-12, "blue", file: file, line: line)
        XCTAssertEqual(c.a, a, accuracy: 1e-12, "alpha", file: file, line: line)
    }

    /// Each separable mode on one backdrop/source channel pair, opaque over opaque.
    func testSeparableModesOnOpaquePixels() {
        let cb = 0.6, cs = 0.3
        let expected: [(BlendMode, Double)] = [
            (.multiply, 0.18), (.screen, 0.72), (.darken, 0.3), (.lighten, 0.6),
            // overlay = hardLight with the roles swapped: cb > 0.5, screen(cs, 2cb - 1).
            (.overlay, 0.3 + 0.2 - 0.3 * 0.2),
            (.hardLight, 0.6 * 0.6),
            (.colorDodge, min(1, 0.6 / 0.7)),
            (.colorBurn, 1 - min(1, 0.4 / 0.3)),
            // softLight, cs <= 0.5: cb - (1 - 2cs) cb (1 - cb).
            (.softLight, 0.6 - 0.4 * 0.6 * 0.4),
            (.difference, 0.3), (.exclusion, 0.6 + 0.3 - 2 * 0.18),
        ]
        for (mode, value) in expected {
            let c = BlendMath.composite(mode, source: opaque(cs, cs, cs), backdrop: opaque(cb, cb, cb))
            assertColor(c, value, value, value, 1)
        }
    }

    func testSoftLightAndDodgeBranches() {
        // cs > 0.5 and cb <= 0.25: D(cb) = ((16 cb - 12) cb + 4) cb.
        let d = ((16 * 0.2 - 12) * 0.2 + 4) * 0.2
        XCTAssertEqual(BlendMath.separable(.softLight, 0.2, 0.8), 0.2 + 0.6 * (d - 0.2), accuracy: 1e-12)
        // cb > 0.25: D = sqrt(cb).
        XCTAssertEqual(BlendMath.separable(.softLight, 0.64, 0.8), 0.64 + 0.6 * (0.8 - 0.64), accuracy: 1e-12)
        XCTAssertEqual(BlendMath.separable(.colorDodge, 0, 1), 0)
        XCTAssertEqual(BlendMath.separable(.colorDodge, 0.5, 1), 1)
        XCTAssertEqual(BlendMath.separable(.colorBurn, 1, 0), 1)
        XCTAssertEqual(BlendMath.separable(.colorBurn, 0.5, 0), 0)
    }

    /// co = cs (1 - ab) + cb (1 - as) + as ab B: half-transparent source on a half-transparent backdrop.
    func testBlendModeWithAlpha() {
        let s = PremultipliedColor(r: 0.4, g: 0, b: 0, a: 0.5)  // straight red 0.8
        let b = PremultipliedColor(r: 0.25, g: 0.25, b: 0, a: 0.5)  // straight (0.5, 0.5, 0)
        let c = BlendMath.composite(.multiply, source: s, backdrop: b)
        assertColor(c, 0.4 * 0.5 + 0.25 * 0.5 + 0.25 * 0.4, 0.25 * 0.5, 0, 0.75)
    }

    func testNonSeparableModes() {
        let red = RGB(1, 0, 0), grey = RGB(0.5, 0.5, 0.5)
        // color: the source's hue and saturation at the backdrop's luminosity 0.5.
        let c = BlendMath.blend(.color, backdrop: grey, source: red)
        XCTAssertEqual(BlendMath.lum(c), 0.5, accuracy: 1e-12)
        // SetLum(red, 0.5): (1.2, 0.2, 0.2), clipped: l + (c - l)(1 - l)/(x - l) with x = 1.2.
        XCTAssertEqual(c.r, 0.5 + 0.7 * 0.5 / 0.7, accuracy: 1e-12)
        XCTAssertEqual(c.g, 0.5 - 0.3 * 0.5 / 0.7, accuracy: 1e-12)
        XCTAssertEqual(c.g, c.b, accuracy: 1e-12)
        // luminosity of red (0.3) onto grey: a grey of 0.3.
        let l = BlendMath.blend(.luminosity, backdrop: grey, source: red)
        for v in [l.r, l.g, l.b] { XCTAssertEqual(v, 0.3, accuracy: 1e-12) }
        // saturation of grey (0) onto red: no saturation, red's luminosity.
        let sat = BlendMath.blend(.saturation, backdrop: red, source: grey)
        XCTAssertEqual(sat.r, 0.3, accuracy: 1e-12)
        XCTAssertEqual(sat.g, 0.3, accuracy: 1e-12)
        // hue of blue onto (0.8, 0.4, 0.4): blue with that saturation (0.4) and luminosity.
        let h = BlendMath.blend(.hue, backdrop: RGB(0.8, 0.4, 0.4), source: RGB(0, 0, 1))
        XCTAssertEqual(BlendMath.lum(h), BlendMath.lum(RGB(0.8, 0.4, 0.4)), accuracy: 1e-12)
        XCTAssertEqual(h.b - h.r, 0.4, accuracy: 1e-12)
        XCTAssertEqual(h.r, h.g, accuracy: 1e-12)
    }

    /// Fa, Fb of each operator on as = 0.5, ab = 0.8.
    func testPorterDuffOperators() {
        let s = PremultipliedColor(r: 0.5, g: 0, b: 0, a: 0.5)
        let d = PremultipliedColor(r: 0, g: 0.8, b: 0, a: 0.8)
        let cases: [(BlendMode, Double, Double)] = [
            (.clear, 0, 0), (.copy, 1, 0), (.sourceOver, 1, 0.5), (.destOver, 0.2, 1),
            (.sourceIn, 0.8, 0), (.destIn, 0, 0.5), (.sourceOut, 0.2, 0), (.destOut, 0, 0.5),
            (.sourceAtop, 0.8, 0.5), (.destAtop, 0.2, 0.5), (.xor, 0.2, 0.5),
        ]
        for (mode, fa, fb) in cases {
            let c = BlendMath.composite(mode, source: s, backdrop: d)
            assertColor(c, 0.5 * fa, 0.8 * fb, 0, 0.5 * fa + 0.8 * fb)
        }
        assertColor(BlendMath.composite(.plusL, source: s, backdrop: d), 0.5, 0.8, 0, 1)
    }

    /// On compositor pixels (premultiplied BGRA words): 50% grey multiplied
    /// onto opaque orange, and a transparent source leaves the backdrop.
    func testPixels() {
        let orange: UInt32 = 0xFF_FF_80_00  // A R G B
        let grey: UInt32 = 0xFF_80_80_80
        XCTAssertEqual(BlendMath.composite(.multiply, source: grey, backdrop: orange), 0xFF_80_40_00)
        XCTAssertEqual(BlendMath.composite(.screen, source: grey, backdrop: orange), 0xFF_FF_C0_80)
        XCTAssertEqual(BlendMath.composite(.difference, source: grey, backdrop: orange), 0xFF_7F_00_80)
        for mode in BlendMode.allCases where mode.isBlendMode {
            XCTAssertEqual(BlendMath.composite(mode, source: 0, backdrop: orange), orange, "\(mode)")
        }
        XCTAssertEqual(BlendMath.composite(.destOut, source: 0x80_00_00_00, backdrop: orange), 0x7F_7F_40_00)
    }

    func testNames() {
        XCTAssertEqual(BlendMode(name: "multiplyBlendMode"), .multiply)
        XCTAssertEqual(BlendMode(name: "CIMultiplyBlendMode"), .multiply)
        XCTAssertEqual(BlendMode(name: "CISourceAtopCompositing"), .sourceAtop)
        XCTAssertEqual(BlendMode(name: "CIColorDodgeBlendMode"), .colorDodge)
        XCTAssertNil(BlendMode(name: "multiply"))
        XCTAssertEqual(BlendMode.allCases.filter(\.isBlendMode).count, 15)
    }
}
