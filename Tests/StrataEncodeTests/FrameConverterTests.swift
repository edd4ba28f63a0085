import CAV
import StrataModel
import XCTest

@testable import StrataEncode

/// The BGRA -> yuv420p step must use BT.709 limited-range coefficients:
/// Y = 16 + 219 (0.2126 R + 0.7152 G + 0.0722 B), chroma 128 +- 112.
final class FrameConverterTests: XCTestCase {
    /// `pixmap` converted by the encoder's converter into a frame of `format`, handed to `body`.
    private func encoded<T>(_ pixmap: Pixmap, _ format: AVPixelFormat,
                            _ body: (UnsafeMutablePointer<AVFrame>) throws -> T) throws -> T {
        let converter = try FrameConverter.forEncoding(width: pixmap.width, height: pixmap.height, format: format)
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        let f = try XCTUnwrap(frame)
        f.pointee.format = format.rawValue
        f.pointee.width = Int32(pixmap.width)
        f.pointee.height = Int32(pixmap.height)
        XCTAssertEqual(av_frame_get_buffer(f, 0), 0)
        converter.convert(pixmap, into: f)
        return try body(f)
    }

    private func yuv(_ r: UInt8, _ g: UInt8, _ b: UInt8) throws -> (y: Int, u: Int, v: Int) {
        try encoded(makePixmap(8, 8) { _, _ in (r, g, b, 255) }, AV_PIX_FMT_YUV420P) { f in
            let sample = { (plane: Int32) in Int(strata_frame_plane(f, plane)![Int(strata_frame_linesize(f, plane)) + 1]) }
            return (sample(0), sample(1), sample(2))
        }
    }

    func testBT709LimitedRangeValues() throws {
        let red = try yuv(255, 0, 0)  // BT.601 would give Y 81, U 90
        XCTAssertEqual(red.y, 63, accuracy: 1)
        XCTAssertEqual(red.u, 102, accuracy: 1)
        XCTAssertEqual(red.v, 240, accuracy: 1)
        let green = try yuv(0, 255, 0)  // Y 16 + 219 * 0.7152 = 172.6
        XCTAssertEqual(green.y, 173, accuracy: 1)
        XCTAssertEqual(green.u, 42, accuracy: 1)
        XCTAssertEqual(green.v, 26, accuracy: 1)
        let white = try yuv(255, 255, 255)
        XCTAssertEqual(white.y, 235)
        XCTAssertEqual(white.u, 128)
        XCTAssertEqual(white.v, 128)
        let black = try yuv(0, 0, 0)
        XCTAssertEqual(black.y, 16)
        XCTAssertEqual(black.u, 128)
        XCTAssertEqual(black.v, 128)
    }

    /// Decoded video frames are converted over reused buffers: swscale must
    /// write every byte (alpha too), or a buffer's old contents would show.
    func testConvertingToBGRAWritesEveryByteOfTheBuffer() throws {
        for format in [AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVA420P, AV_PIX_FMT_YUV444P10LE] {
            let source = makePixmap(16, 8) { x, y in (UInt8(x * 15), UInt8(y * 30), 90, 255) }
            try encoded(source, format) { f in
                let decoder = try FrameConverter.toBGRA(from: f)
                var zeros = [UInt8](repeating: 0, count: 16 * 8 * 4)
                var junk = [UInt8](repeating: 0x7F, count: 16 * 8 * 4)
                decoder.convert(f, into: &zeros)
                decoder.convert(f, into: &junk)
                XCTAssertEqual(zeros, junk, "\(format)")
                XCTAssertEqual(zeros, decoder.pixmap(from: f).pixels, "\(format)")
                XCTAssertTrue(stride(from: 3, to: zeros.count, by: 4).allSatisfy { zeros[$0] == 255 }, "\(format): opaque")
            }
        }
    }
}
