import CAV
import StrataModel
import XCTest

@testable import StrataEncode

/// The BGRA -> yuv420p step must use BT.709 limited-range coefficients:
/// Y = 16 + 219 (0.2126 R + 0.7152 G + 0.0722 B), chroma 128 +- 112.
final class FrameConverterTests: XCTestCase {
    private func yuv(_ r: UInt8, _ g: UInt8, _ b: UInt8) throws -> (y: Int, u: Int, v: Int) {
        let converter = try FrameConverter.forEncoding(width: 8, height: 8, format: AV_PIX_FMT_YUV420P)
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        let f = try XCTUnwrap(frame)
        f.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        f.pointee.width = 8
        f.pointee.height = 8
        XCTAssertEqual(av_frame_get_buffer(f, 0), 0)
        converter.convert(makePixmap(8, 8) { _, _ in (r, g, b, 255) }, into: f)
        let sample = { (plane: Int32) in Int(strata_frame_plane(f, plane)![Int(strata_frame_linesize(f, plane)) + 1]) }
        return (sample(0), sample(1), sample(2))
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
}
