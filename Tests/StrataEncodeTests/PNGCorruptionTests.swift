import StrataModel
import XCTest

@testable import StrataEncode

/// Damaged input must be a thrown error with a message, never an abort.
final class PNGCorruptionTests: XCTestCase {
    private let sample = makePixmap(16, 12) { x, y in (UInt8(x * 15), UInt8(y * 20), 60, x == y ? 128 : 255) }

    func testEveryTruncationThrows() throws {
        let bytes = try PNGCodec.encode(sample)
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try PNGCodec.decode(Array(bytes[0..<length])), "prefix of \(length) bytes")
        }
        assertThrowsEncodeError(["invalid PNG", "truncated"]) { try PNGCodec.decode(Array(bytes.dropLast(6))) }
        assertThrowsEncodeError(["invalid PNG", "signature"]) { try PNGCodec.decode([]) }
    }

    func testBadSignatureThrows() {
        assertThrowsEncodeError(["not a PNG"]) { try PNGCodec.decode(Array("GIF89a and more bytes".utf8)) }
    }

    func testFlippedBitsThrow() throws {
        let bytes = try PNGCodec.encode(sample)
        let idat = try XCTUnwrap(pngChunks(bytes).first { $0.type == "IDAT" })
        var badCRC = bytes
        badCRC[idat.offset + 8 + idat.length] ^= 0x01
        assertThrowsEncodeError(["invalid PNG", "IDAT", "CRC"]) { try PNGCodec.decode(badCRC) }
        // Inside the data, zlib usually notices before the chunk's CRC is read.
        for k in stride(from: 2, to: idat.length, by: 7) {
            var damaged = bytes
            damaged[idat.offset + 8 + k] ^= 0x40
            XCTAssertThrowsError(try PNGCodec.decode(damaged), "bit flipped at IDAT byte \(k)")
        }
    }

    func testDamagedCompressedDataWithValidCRCThrows() throws {
        var bytes = try PNGCodec.encode(sample)
        let idat = try XCTUnwrap(pngChunks(bytes).first { $0.type == "IDAT" })
        for k in 2..<min(idat.length, 40) { bytes[idat.offset + 8 + k] = 0xff }
        fixCRC(&bytes, chunkAt: idat.offset, length: idat.length)
        assertThrowsEncodeError(["invalid PNG"]) { try PNGCodec.decode(bytes) }
    }

    func testBadHeaderWithValidCRCThrows() throws {
        var bytes = try PNGCodec.encode(sample)
        for k in 16..<20 { bytes[k] = 0 }  // width 0
        fixCRC(&bytes, chunkAt: 8, length: 13)
        assertThrowsEncodeError(["invalid PNG", "IHDR"]) { try PNGCodec.decode(bytes) }
    }

    func testHugeDeclaredSizeIsRefusedBeforeAllocating() throws {
        var bytes = try PNGCodec.encode(sample)
        // 900000 x 900000: within libpng's limit per side, far beyond ours in total.
        let side: [UInt8] = [0x00, 0x0d, 0xbb, 0xa0]
        bytes.replaceSubrange(16..<20, with: side)
        bytes.replaceSubrange(20..<24, with: side)
        fixCRC(&bytes, chunkAt: 8, length: 13)
        assertThrowsEncodeError(["too large"]) { try PNGCodec.decode(bytes) }
    }
}
