import StrataModel
import XCTest

@testable import StrataEncode

/// Decoding of PNG forms our encoder never writes: expected values are the
/// premultiplied BGRA bytes, worked out by hand.
final class PNGDecodeTests: XCTestCase {
    private func decode(_ width: Int, _ height: Int, _ type: PNGCodec.ColorType, _ depth: Int, _ samples: [UInt8],
                        palette: [UInt8] = [], transparency: [UInt8] = [], transparentGray: Int? = nil,
                        interlaced: Bool = false) throws -> Pixmap {
        let bytes = try PNGCodec.encodeSamples(width: width, height: height, colorType: type, bitDepth: depth,
                                               samples: samples, palette: palette, transparency: transparency,
                                               transparentGray: transparentGray, interlaced: interlaced,
                                               options: .fast)
        XCTAssertEqual(Int(bytes[24]), depth)
        XCTAssertEqual(bytes[25], UInt8(type.rawValue))
        return try PNGCodec.decode(bytes)
    }

    /// Made by an independent encoder (Python's zlib): 3x2 RGBA, 16 bits.
    static let python16BitRGBA: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x03, 0x00, 0x00, 0x00, 0x02, 0x10, 0x06, 0x00, 0x00, 0x00, 0xcd, 0xe4, 0xba, 0x59, 0x00, 0x00, 0x00,
        0x2c, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0xf8, 0xff, 0x9f, 0x81, 0x41, 0xc8, 0xe4, 0xff, 0xff, 0x06,
        0x06, 0x07, 0x86, 0x03, 0x0c, 0x0d, 0x0c, 0xab, 0xcf, 0x82, 0x20, 0x03, 0x03, 0x03, 0x23, 0x23, 0x13, 0x13,
        0x33, 0xf3, 0x7f, 0x28, 0x70, 0x60, 0x80, 0x01, 0x00, 0x0a, 0x6b, 0x12, 0xef, 0x27, 0xe4, 0x4d, 0x74, 0x00,
        0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ]

    func testSixteenBitRGBAFromAnotherEncoder() throws {
        // Samples (r, g, b, a): (ffff,0000,1234,ffff) (8000,4000,c000,8000) (abcd,abcd,abcd,0000)
        //                       (0101,0202,0303,ffff) (ffff,ffff,ffff,4000) (0,0,0,0)
        // scale to 8 bits with rounding, then premultiply with rounding.
        let pixmap = try PNGCodec.decode(Self.python16BitRGBA)
        XCTAssertEqual(pixmap.width, 3)
        XCTAssertEqual(pixmap.height, 2)
        XCTAssertTrue(pixmap.pixel(0, 0) == (255, 0, 18, 255))
        XCTAssertTrue(pixmap.pixel(1, 0) == (64, 32, 96, 128))
        XCTAssertTrue(pixmap.pixel(2, 0) == (0, 0, 0, 0))
        XCTAssertTrue(pixmap.pixel(0, 1) == (1, 2, 3, 255))
        XCTAssertTrue(pixmap.pixel(1, 1) == (64, 64, 64, 64))
        XCTAssertTrue(pixmap.pixel(2, 1) == (0, 0, 0, 0))
    }

    func testSixteenBitRGB() throws {
        let p = try decode(2, 1, .rgb, 16, [0xff, 0xff, 0x80, 0x80, 0x00, 0x7f, 0x01, 0x01, 0x00, 0x00, 0xfe, 0xff])
        XCTAssertTrue(p.pixel(0, 0) == (255, 128, 0, 255))  // 0x8080 / 257 = 128, 0x007f rounds to 0
        XCTAssertTrue(p.pixel(1, 0) == (1, 0, 254, 255))    // 0x0101 = 1 * 257, 0xfeff / 257 = 254.0
    }

    func testGrayOneTwoFourEightBits() throws {
        let one = try decode(8, 1, .gray, 1, [0b1011_0010])
        XCTAssertEqual((0..<8).map { one.pixel($0, 0).r }, [255, 0, 255, 255, 0, 0, 255, 0])
        let two = try decode(4, 1, .gray, 2, [0b00_01_10_11])
        XCTAssertEqual((0..<4).map { two.pixel($0, 0).g }, [0, 85, 170, 255])
        let four = try decode(3, 1, .gray, 4, [0x0f, 0x70])
        XCTAssertEqual((0..<3).map { four.pixel($0, 0).b }, [0, 255, 119])
        let eight = try decode(2, 1, .gray, 8, [42, 200])
        XCTAssertTrue(eight.pixel(0, 0) == (42, 42, 42, 255))
        XCTAssertTrue(eight.pixel(1, 0) == (200, 200, 200, 255))
    }

    func testGraySixteenBitsAndGrayAlpha() throws {
        let gray16 = try decode(2, 1, .gray, 16, [0x80, 0x80, 0xff, 0xff])
        XCTAssertTrue(gray16.pixel(0, 0) == (128, 128, 128, 255))
        XCTAssertTrue(gray16.pixel(1, 0) == (255, 255, 255, 255))
        // Gray 200 at alpha 128: premultiplied round(200 * 128 / 255) = 100.
        let grayAlpha = try decode(2, 1, .grayAlpha, 8, [200, 128, 255, 0])
        XCTAssertTrue(grayAlpha.pixel(0, 0) == (100, 100, 100, 128))
        XCTAssertTrue(grayAlpha.pixel(1, 0) == (0, 0, 0, 0))
        let grayAlpha16 = try decode(1, 1, .grayAlpha, 16, [0xff, 0xff, 0x80, 0x80])
        XCTAssertTrue(grayAlpha16.pixel(0, 0) == (128, 128, 128, 128))
    }

    func testGrayTransparencyKey() throws {
        let p = try decode(3, 1, .gray, 8, [50, 51, 49], transparentGray: 50)
        XCTAssertTrue(p.pixel(0, 0) == (0, 0, 0, 0))
        XCTAssertTrue(p.pixel(1, 0) == (51, 51, 51, 255))
        XCTAssertTrue(p.pixel(2, 0) == (49, 49, 49, 255))
    }

    func testPaletteWithAndWithoutTransparency() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 10, 20, 250]
        // Two-bit indices 2, 0, 1, 2 in one byte.
        let opaque = try decode(4, 1, .palette, 2, [0b10_00_01_10], palette: palette)
        XCTAssertTrue(opaque.pixel(0, 0) == (10, 20, 250, 255))
        XCTAssertTrue(opaque.pixel(1, 0) == (255, 0, 0, 255))
        XCTAssertTrue(opaque.pixel(2, 0) == (0, 255, 0, 255))
        // Alphas for entries 0 and 1 only: entry 2 stays opaque.
        let translucent = try decode(3, 1, .palette, 8, [0, 1, 2], palette: palette, transparency: [51, 0])
        XCTAssertTrue(translucent.pixel(0, 0) == (51, 0, 0, 51))
        XCTAssertTrue(translucent.pixel(1, 0) == (0, 0, 0, 0))
        XCTAssertTrue(translucent.pixel(2, 0) == (10, 20, 250, 255))
    }

    func testInterlacedImagesDecodeLikeProgressiveOnes() throws {
        // 11x9 covers every Adam7 pass with partial blocks.
        var samples: [UInt8] = []
        for y in 0..<9 { for x in 0..<11 { samples += [UInt8(x * 23), UInt8(y * 29), UInt8(x * y), UInt8(255 - x * 9)] } }
        let interlaced = try decode(11, 9, .rgba, 8, samples, interlaced: true)
        let progressive = try decode(11, 9, .rgba, 8, samples)
        XCTAssertEqual(interlaced, progressive)
        // Straight (0, 0, 0, 255) at (0, 0); (230, 29, 10, 165) at (10, 1) premultiplied:
        XCTAssertTrue(interlaced.pixel(0, 0) == (0, 0, 0, 255))
        XCTAssertTrue(interlaced.pixel(10, 1) == (149, 19, 6, 165))

        let gray16 = try decode(3, 3, .gray, 16, (0..<9).flatMap { [UInt8($0 * 30), 0] }, interlaced: true)
        XCTAssertEqual((0..<3).map { gray16.pixel($0, 2).r }, [180, 210, 240].map { UInt8((Int($0) * 256 * 255 + 32895) >> 16) })
    }
}
