import XCTest
@testable import StrataRender

/// CIGaussianBlur and CIColorControls on pixels, at exact values.
final class FilterMathTests: XCTestCase {
    func testColorControls() {
        // Saturation 0: the Rec. 709 grey of orange (1, 0.5, 0).
        let grey = FilterMath.colorControls(RGB(1, 0.5, 0), saturation: 0, brightness: 0, contrast: 1)
        XCTAssertEqual(grey.r, 0.2125 + 0.7154 * 0.5, accuracy: 1e-12)
        XCTAssertEqual(grey.g, grey.r, accuracy: 1e-12)
        // Brightness adds; contrast scales about 0.5; both clamp.
        let c = FilterMath.colorControls(RGB(0.4, 0.6, 0.9), saturation: 1, brightness: 0.1, contrast: 2)
        XCTAssertEqual(c.r, 0.5, accuracy: 1e-12)
        XCTAssertEqual(c.g, 0.9, accuracy: 1e-12)
        XCTAssertEqual(c.b, 1)
        // Saturation 2 pushes away from grey.
        let s = FilterMath.colorControls(RGB(0.6, 0.4, 0.4), saturation: 2, brightness: 0, contrast: 1)
        let l = 0.2125 * 0.6 + 0.7154 * 0.4 + 0.0721 * 0.4
        XCTAssertEqual(s.r, l + 2 * (0.6 - l), accuracy: 1e-12)
        // On a pixel: half-transparent white at saturation 0 and brightness -0.5 is 50% grey, alpha kept.
        XCTAssertEqual(FilterMath.colorControls(0x80_80_80_80, saturation: 0, brightness: -0.5, contrast: 1), 0x80_40_40_40)
        XCTAssertEqual(FilterMath.colorControls(0, saturation: 0, brightness: 1, contrast: 1), 0)
    }

    /// A flat colour stays flat inside; alpha and colour spread alike at an
    /// edge, so the result stays premultiplied (colour <= alpha).
    func testBlurKeepsPremultipliedColour() {
        let w = 40, h = 8
        var pixels = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<20 { pixels[y * w + x] = 0xFF_FF_80_00 } }
        pixels.withUnsafeMutableBufferPointer {
            FilterMath.gaussianBlur($0.baseAddress!, width: w, height: h, stride: w, sigma: 2)
        }
        // Far from the edge: unchanged (rows are blurred too, with transparency above and below: use the middle row).
        let mid = 4 * w
        XCTAssertEqual(pixels[mid + 2] >> 16 & 0xFF, pixels[mid + 2] >> 24)
        // At the edge, half alpha and half colour.
        let edge = pixels[mid + 20], before = pixels[mid + 19]
        XCTAssertLessThan(edge >> 24, 128)
        XCTAssertGreaterThan(before >> 24, 128)
        for p in pixels {
            XCTAssertLessThanOrEqual((p >> 16) & 0xFF, p >> 24)
            XCTAssertLessThanOrEqual((p >> 8) & 0xFF, p >> 24)
        }
        // Green (0x80 where alpha is 0xFF) stays about half the alpha everywhere.
        let g = Double((edge >> 8) & 0xFF), a = Double(edge >> 24)
        XCTAssertEqual(g / a, 128.0 / 255, accuracy: 0.02)
    }
}
