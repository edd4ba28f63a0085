import StrataModel
import XCTest

@testable import StrataEncode

final class PNGRoundTripTests: XCTestCase {
    func testOpaqueRoundTripIsExactAndWritesRGB() throws {
        let pixmap = makePixmap(37, 23) { x, y in (UInt8(x * 7 % 256), UInt8(y * 11 % 256), UInt8((x ^ y) & 255), 255) }
        let bytes = try PNGCodec.encode(pixmap)
        XCTAssertEqual(bytes[25], 2, "colour type RGB when every pixel is opaque")
        XCTAssertEqual(bytes[24], 8, "8-bit samples")
        XCTAssertEqual(try PNGCodec.decode(bytes), pixmap)
    }

    /// Every valid premultiplied (channel <= alpha) pair survives exactly.
    func testEveryPremultipliedValueRoundTripsExactly() throws {
        let pixmap = makePixmap(256, 256) { c, a in
            (UInt8(min(c, a)), UInt8(min(255 - c, a)), UInt8(min(c / 2, a)), UInt8(a))
        }
        let bytes = try PNGCodec.encode(pixmap)
        XCTAssertEqual(bytes[25], 6, "colour type RGBA when some pixel is translucent")
        XCTAssertEqual(try PNGCodec.decode(bytes), pixmap)
    }

    func testTranslucentPixelsAreStoredUnpremultiplied() throws {
        // Premultiplied red 100 at alpha 128 is straight round(100 * 255 / 128) = 199.
        let pixmap = makePixmap(1, 1) { _, _ in (100, 0, 128, 128) }
        let decodedStraight = try PNGCodec.encodeSamples(width: 1, height: 1, colorType: .rgba, bitDepth: 8,
                                                         samples: [199, 0, 255, 128], options: .fast)
        XCTAssertEqual(try PNGCodec.encode(pixmap), decodedStraight)
    }

    func testTransparentPixelsStoreZeroColour() throws {
        let pixmap = makePixmap(2, 1) { x, _ in x == 0 ? (0, 0, 0, 0) : (255, 255, 255, 255) }
        let expected = try PNGCodec.encodeSamples(width: 2, height: 1, colorType: .rgba, bitDepth: 8,
                                                  samples: [0, 0, 0, 0, 255, 255, 255, 255], options: .fast)
        XCTAssertEqual(try PNGCodec.encode(pixmap), expected)
    }

    func testBytesAreDeterministicAndCarryNoTime() throws {
        let pixmap = makePixmap(64, 40) { x, y in (UInt8(x * 4), UInt8(y * 6), 90, x < 8 ? 128 : 255) }
        let first = try PNGCodec.encode(pixmap)
        XCTAssertEqual(try PNGCodec.encode(pixmap), first)
        XCTAssertEqual(pngChunks(first).map(\.type), ["IHDR", "IDAT", "IEND"])
    }

    func testEveryOptionDecodesToTheSamePixels() throws {
        let pixmap = makePixmap(50, 30) { x, y in (UInt8(x * 5), UInt8(y * 8), UInt8(x + y), 255) }
        var sizes: [Int] = []
        for options in [PNGOptions.fast, .compact, PNGOptions(level: 0, filters: .none),
                        PNGOptions(level: 9, filters: .paeth, strategy: .rle), PNGOptions(level: 1, filters: [])] {
            let bytes = try PNGCodec.encode(pixmap, options: options)
            sizes.append(bytes.count)
            XCTAssertEqual(try PNGCodec.decode(bytes), pixmap, "\(options)")
        }
        XCTAssertLessThan(sizes[1], sizes[2], "compact beats stored")
    }

    func testLevelOutOfRangeThrows() {
        let pixmap = makePixmap(1, 1) { _, _ in (0, 0, 0, 255) }
        assertThrowsEncodeError(["level 10", "0...9"]) { try PNGCodec.encode(pixmap, options: PNGOptions(level: 10)) }
    }

    func testEmptyPixmapThrows() {
        assertThrowsEncodeError(["0x0"]) { try PNGCodec.encode(Pixmap(width: 0, height: 0)) }
    }

    func testWriteThenReadFile() throws {
        let directory = try makeTemporaryDirectory()
        let path = directory + "/frame.png"
        let pixmap = makePixmap(9, 4) { x, y in x == 0 ? (0, 0, 0, 0) : (UInt8(x * 20), UInt8(y * 50), 7, 200) }
        try PNGCodec.write(pixmap, to: path)
        XCTAssertEqual(try PNGCodec.read(path: path), pixmap)
        assertThrowsEncodeError([directory + "/missing.png", "No such file"]) {
            try PNGCodec.read(path: directory + "/missing.png")
        }
        assertThrowsEncodeError([directory + "/nope/x.png"]) { try PNGCodec.write(pixmap, to: directory + "/nope/x.png") }
    }
}
