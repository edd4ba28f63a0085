import CAV
import StrataModel
import XCTest

@testable import StrataEncode

/// Converting only the rows a frame changed gives the bytes of converting
/// it whole: what lets the video pipeline redo only the damaged rows.
final class ChangedRowsTests: XCTestCase {
    private let width = 320, height = 200

    /// Noise, so that every filter tap shows in the output.
    private func noise(seed: UInt64) -> Pixmap {
        var state = seed
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in pixels.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            pixels[i] = UInt8(truncatingIfNeeded: state >> 33)
        }
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        return Pixmap(width: width, height: height, pixels: pixels)
    }

    /// `base` with the rows in `rows` taken from `other`.
    private func patched(_ base: Pixmap, _ other: Pixmap, rows: [Range<Int>]) -> Pixmap {
        var p = base
        for r in rows { for y in r { for x in 0..<(width * 4) { p.pixels[y * width * 4 + x] = other.pixels[y * width * 4 + x] } } }
        return p
    }

    private func planes(_ video: VideoFrame) -> [[UInt8]] {
        let frame = video.frame!
        return (0..<3).map { p in
            let (w, h) = p == 0 ? (video.width, video.height) : (video.width / 2, video.height / 2)
            let stride = Int(strata_frame_linesize(frame, Int32(p))), base = strata_frame_plane(frame, Int32(p))!
            return (0..<h).flatMap { y in Array(UnsafeBufferPointer(start: base + y * stride, count: w)) }
        }
    }

    /// Where two frames' planes first differ (plane and byte), for failure messages.
    private func firstDifference(_ a: [[UInt8]], _ b: [[UInt8]]) -> String {
        for p in 0..<min(a.count, b.count) {
            if let i = a[p].indices.first(where: { $0 < b[p].count && a[p][$0] != b[p][$0] }) { return "plane \(p) byte \(i)" }
        }
        return a.map(\.count) == b.map(\.count) ? "equal" : "plane sizes differ"
    }

    private var settings: VideoSettings {
        VideoSettings(container: .mp4, width: width, height: height, frameRate: FrameRate(30)!)
    }

    func testChangedRowsGiveTheBytesOfAWholeConversion() throws {
        let a = noise(seed: 1), b = noise(seed: 2)
        // Odd bounds, the frame's first and last rows, neighbours closer than a band, one row.
        let cases: [[Range<Int>]] = [[37..<41], [0..<3], [197..<200], [10..<12, 30..<31, 90..<150], [199..<200], [],
                                     [63..<65, 127..<129]]
        for rows in cases {
            let next = patched(a, b, rows: rows)
            let converter = try VideoFrameConverter(settings: settings), fresh = try VideoFrameConverter(settings: settings)
            let video = VideoFrame(), held = VideoFrame(), whole = VideoFrame()
            try converter.convert(a, changing: .all, into: held)
            // `held` still holds the first frame's planes (as the encoder may): they are copied, not overwritten.
            let first = planes(held)
            try converter.convert(next, changing: .rows(rows), into: video)
            try fresh.convert(next, into: whole)
            XCTAssertTrue(planes(video) == planes(whole), "rows \(rows): \(firstDifference(planes(video), planes(whole)))")
            XCTAssertTrue(planes(held) == first, "rows \(rows): the held frame changed")
        }
    }

    func testFramesInARowReuseOneFrame() throws {
        let converter = try VideoFrameConverter(settings: settings), fresh = try VideoFrameConverter(settings: settings)
        let video = VideoFrame(), whole = VideoFrame()
        var frame = noise(seed: 3)
        try converter.convert(frame, changing: .all, into: video)
        for step in 0..<6 {
            let rows = [(step * 29)..<(step * 29 + 17)]
            frame = patched(frame, noise(seed: 10 + UInt64(step)), rows: rows)
            try converter.convert(frame, changing: .rows(rows), into: video)
            try fresh.convert(frame, into: whole)
            XCTAssertTrue(planes(video) == planes(whole), "step \(step): \(firstDifference(planes(video), planes(whole)))")
        }
    }

    func testWhereRowsCannotBeConvertedAloneTheFrameIsConvertedWhole() throws {
        // Too short for a band, and a format with alpha: whole conversions, same bytes.
        XCTAssertNil(try RowConverter(width: 64, height: 48, format: AV_PIX_FMT_YUV420P))
        XCTAssertNil(try RowConverter(width: 320, height: 200, format: AV_PIX_FMT_YUVA420P))
        let small = VideoSettings(container: .mp4, width: 64, height: 48, frameRate: FrameRate(30)!)
        let converter = try VideoFrameConverter(settings: small), fresh = try VideoFrameConverter(settings: small)
        let a = makePixmap(64, 48) { x, y in (UInt8(x * 3), UInt8(y * 5), 7, 255) }
        let b = makePixmap(64, 48) { x, y in (UInt8(x * 3), UInt8(y * 5), y == 20 ? 200 : 7, 255) }
        let video = VideoFrame(), whole = VideoFrame()
        try converter.convert(a, changing: .all, into: video)
        try converter.convert(b, changing: .rows([20..<21]), into: video)
        try fresh.convert(b, into: whole)
        XCTAssertTrue(planes(video) == planes(whole), firstDifference(planes(video), planes(whole)))
    }

    func testRowsOfOverlappingRangesAreMerged() {
        XCTAssertEqual(FrameChange.rows(spanning: [30..<40, 0..<10, 5..<12, 40..<41, 50..<50]),
                       .rows([0..<12, 30..<41]))
    }
}
