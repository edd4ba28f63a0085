import Foundation
import StrataModel
import XCTest

@testable import StrataEncode

/// Frames converted ahead of the encoder (on render threads) give the same video.
final class VideoFrameTests: XCTestCase {
    private func frames(_ count: Int) -> [Pixmap] {
        (0..<count).map { i in
            makePixmap(64, 48) { x, y in (UInt8((x * 4 + i * 9) & 255), UInt8((y * 5) & 255), UInt8(i * 20), 255) }
        }
    }

    func testConvertedFramesGiveTheBytesOfAppendedPixmaps() throws {
        let dir = try makeTemporaryDirectory()
        let pixmaps = frames(6)
        // One encoder thread: with two, x264's output for tiny frames can vary under CPU load.
        let options = VideoOptions(threads: 1)
        let direct = try MP4Writer(path: dir + "/direct.mp4", width: 64, height: 48, fps: 30, options: options)
        for p in pixmaps { try direct.append(p) }
        try direct.finish()
        // One frame converted into again and again, as the render pipeline recycles them.
        let ahead = try MP4Writer(path: dir + "/ahead.mp4", width: 64, height: 48, fps: 30, options: options)
        let converter = try VideoFrameConverter(width: 64, height: 48)
        let video = VideoFrame()
        XCTAssertEqual(video.width, 0)
        for p in pixmaps {
            try converter.convert(p, into: video)
            try ahead.append(video)
        }
        try ahead.finish()
        XCTAssertEqual(ahead.frameCount, 6)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/ahead.mp4")),
                       try Data(contentsOf: URL(fileURLWithPath: dir + "/direct.mp4")))
    }

    func testSizeMismatchesThrow() throws {
        let dir = try makeTemporaryDirectory()
        assertThrowsEncodeError(["63x48", "even"]) { try VideoFrameConverter(width: 63, height: 48) }
        let converter = try VideoFrameConverter(width: 64, height: 48)
        assertThrowsEncodeError(["32x48", "64x48"]) {
            try converter.convert(makePixmap(32, 48) { _, _ in (0, 0, 0, 255) }, into: VideoFrame())
        }
        let writer = try MP4Writer(path: dir + "/x.mp4", width: 32, height: 48, fps: 30)
        assertThrowsEncodeError(["0x0", "32x48"]) { try writer.append(VideoFrame()) }
        let wrong = VideoFrame()
        try converter.convert(frames(1)[0], into: wrong)
        assertThrowsEncodeError(["64x48", "32x48"]) { try writer.append(wrong) }
        try writer.finish()
        assertThrowsEncodeError(["already finished"]) { try writer.append(wrong) }
    }
}
