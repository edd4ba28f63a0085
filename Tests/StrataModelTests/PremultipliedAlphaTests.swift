import StrataModel
import XCTest

/// The one premultiplication, checked against its definition for every 8-bit pair.
final class PremultipliedAlphaTests: XCTestCase {
    func testPremultiplyRoundsToNearestForEveryChannelAndAlpha() {
        for a in 0..<256 {
            var pixels: [UInt8] = []
            for c in 0..<256 { pixels += [UInt8(c), UInt8(255 - c), UInt8(c / 2), UInt8(a)] }
            PremultipliedAlpha.premultiplyToBGRA(&pixels)
            for c in 0..<256 {
                func expected(_ v: Int) -> UInt8 { UInt8((Double(v * a) / 255).rounded()) }
                let i = c * 4
                XCTAssertEqual(pixels[i + 2], expected(c), "r \(c) a \(a)")
                XCTAssertEqual(pixels[i + 1], expected(255 - c), "g \(255 - c) a \(a)")
                XCTAssertEqual(pixels[i], expected(c / 2), "b \(c / 2) a \(a)")
                XCTAssertEqual(pixels[i + 3], UInt8(a))
            }
        }
    }

    func testPremultipliedPixelsSurviveAStraightRoundTrip() {
        var bgra: [UInt8] = []
        for a in 0..<256 {
            for c in 0...a { bgra += [UInt8(c), UInt8(a - c), UInt8(c / 3), UInt8(a)] }
        }
        let pixmap = Pixmap(width: bgra.count / 4, height: 1, pixels: bgra)
        var back = PremultipliedAlpha.straightRGBA(from: pixmap)
        PremultipliedAlpha.premultiplyToBGRA(&back)
        XCTAssertEqual(back, bgra)
    }
}
