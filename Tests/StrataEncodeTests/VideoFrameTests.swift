import Foundation
import StrataModel
import CAV
import XCTest

@testable import StrataEncode

/// Frames converted ahead of the encoder (on render threads) give the same video.
final class VideoFrameTests: XCTestCase {
    private func frames(_ count: Int) -> [Pixmap] {
        (0..<count).map { i in
            makePixmap(64, 48) { x, y in (UInt8((x * 4 + i * 9) & 255), UInt8((y * 5) & 255), UInt8(i * 20), 255) }
        }
    }

    /// The bytes of a frame's visible planes.
    private func planes(_ video: VideoFrame) -> [[UInt8]] {
        let frame = video.frame!
        return (0..<3).map { p in
            let (w, h) = p == 0 ? (video.width, video.height) : (video.width / 2, video.height / 2)
            let stride = Int(strata_frame_linesize(frame, Int32(p))), base = strata_frame_plane(frame, Int32(p))!
            return (0..<h).flatMap { y in Array(UnsafeBufferPointer(start: base + y * stride, count: w)) }
        }
    }

    /// What converting ahead guarantees: the encoder gets the very planes
    /// `append(Pixmap)` would give it, and the videos decode alike. MP4
    /// bytes are not compared: libx264 (Debian 0.164) reads memory it never
    /// initialised, so its packets for identical input depend on the heap's
    /// history, even with one thread (docs/cli.md, --threads).
    func testConvertedFramesGiveTheFramesOfAppendedPixmaps() throws {
        let dir = try makeTemporaryDirectory()
        let pixmaps = frames(6)
        let settings = VideoSettings(container: .mp4, width: 64, height: 48, frameRate: FrameRate(30)!)
        let direct = try VideoWriter(path: dir + "/direct.mp4", settings: settings)
        for p in pixmaps { try direct.append(p) }
        try direct.finish()
        // One frame converted into again and again, as the render pipeline recycles them.
        let ahead = try VideoWriter(path: dir + "/ahead.mp4", settings: settings)
        let converter = try VideoFrameConverter(width: 64, height: 48)
        let reference = try VideoFrameConverter(settings: settings)
        let video = VideoFrame(), fresh = VideoFrame()
        XCTAssertEqual(video.width, 0)
        for p in pixmaps {
            try converter.convert(p, into: video)
            try reference.convert(p, into: fresh)
            XCTAssertEqual(planes(video), planes(fresh))
            try ahead.append(video)
        }
        try ahead.finish()
        XCTAssertEqual(ahead.frameCount, 6)
        let a = try VideoReader.decodeFrames(path: dir + "/ahead.mp4", indices: Set(0..<6))
        let d = try VideoReader.decodeFrames(path: dir + "/direct.mp4", indices: Set(0..<6))
        for i in 0..<6 {
            let difference = zip(a[i]!.pixels, d[i]!.pixels).map { abs(Int($0) - Int($1)) }
            // Two encodings of the same planes: equal but for x264's heap-dependent choices.
            XCTAssertLessThanOrEqual(Double(difference.reduce(0, +)) / Double(difference.count), 3, "frame \(i)")
        }
    }

    func testSizeMismatchesThrow() throws {
        let dir = try makeTemporaryDirectory()
        assertThrowsEncodeError(["63x48", "even"]) { try VideoFrameConverter(width: 63, height: 48) }
        let converter = try VideoFrameConverter(width: 64, height: 48)
        assertThrowsEncodeError(["32x48", "64x48"]) {
            try converter.convert(makePixmap(32, 48) { _, _ in (0, 0, 0, 255) }, into: VideoFrame())
        }
        let writer = try VideoWriter(path: dir + "/x.mp4", width: 32, height: 48, fps: 30)
        assertThrowsEncodeError(["0x0", "32x48"]) { try writer.append(VideoFrame()) }
        let wrong = VideoFrame()
        try converter.convert(frames(1)[0], into: wrong)
        assertThrowsEncodeError(["64x48", "32x48"]) { try writer.append(wrong) }
        try writer.finish()
        assertThrowsEncodeError(["already finished"]) { try writer.append(wrong) }
    }
}
