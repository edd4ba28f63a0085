import Foundation
import StrataModel
import XCTest

@testable import StrataEncode

final class VideoWriterH264Tests: XCTestCase {
    /// Frame i's flat colour: distinct, saturated, inside the video gamut.
    static func colour(_ i: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        (UInt8(30 + i * 7), UInt8(220 - i * 6), UInt8(i % 2 == 0 ? 40 + i * 5 : 200 - i * 3))
    }

    static func flat(_ c: (r: UInt8, g: UInt8, b: UInt8), _ width: Int = 64, _ height: Int = 48) -> Pixmap {
        makePixmap(width, height) { _, _ in (c.r, c.g, c.b, 255) }
    }

    /// Writes `count` flat frames of `colour(i)` and returns the path.
    private func writeVideo(count: Int = 30, fps: Double = 30, options: VideoOptions = VideoOptions(),
                            name: String = "video.mp4") throws -> String {
        let path = try makeTemporaryDirectory() + "/" + name
        let writer = try VideoWriter(path: path, width: 64, height: 48, fps: fps, options: options)
        for i in 0..<count { try writer.append(Self.flat(Self.colour(i))) }
        try writer.finish()
        XCTAssertEqual(writer.frameCount, count)
        return path
    }

    func testProbeSeesH264At30FPSWithBT709Tags() throws {
        let info = try VideoReader.probe(path: writeVideo())
        XCTAssertEqual(info.codec, "h264")
        XCTAssertEqual(info.pixelFormat, "yuv420p")
        XCTAssertEqual(info.width, 64)
        XCTAssertEqual(info.height, 48)
        XCTAssertEqual(info.frameCount, 30)
        XCTAssertEqual(info.duration, 1.0, accuracy: 1.0 / 30)
        XCTAssertEqual(info.fps, 30)
        XCTAssertEqual(info.colorPrimaries, "bt709")
        XCTAssertEqual(info.colorTransfer, "bt709")
        XCTAssertEqual(info.colorMatrix, "bt709")
        XCTAssertEqual(info.colorRange, "tv")
    }

    func testDecodedFramesKeepTheirColours() throws {
        let path = try writeVideo()
        let frames = try VideoReader.decodeFrames(path: path, indices: [0, 10, 29])
        XCTAssertEqual(Set(frames.keys), [0, 10, 29])
        for (index, pixmap) in frames {
            XCTAssertEqual(pixmap.width, 64)
            XCTAssertEqual(pixmap.height, 48)
            let expected = Self.colour(index)
            var error = (r: 0, g: 0, b: 0)
            for y in 0..<48 {
                for x in 0..<64 {
                    let p = pixmap.pixel(x, y)
                    XCTAssertEqual(p.a, 255)
                    error.r += abs(Int(p.r) - Int(expected.r))
                    error.g += abs(Int(p.g) - Int(expected.g))
                    error.b += abs(Int(p.b) - Int(expected.b))
                }
            }
            let n = Double(64 * 48)
            XCTAssertLessThan(Double(error.r) / n, 3, "frame \(index) red")
            XCTAssertLessThan(Double(error.g) / n, 3, "frame \(index) green")
            XCTAssertLessThan(Double(error.b) / n, 3, "frame \(index) blue")
        }
    }

    func testSaturatedPrimariesSurviveTheTrip() throws {
        // A BT.601/BT.709 mix-up moves these by tens of levels.
        let primaries: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0)]
        let path = try makeTemporaryDirectory() + "/primaries.mp4"
        let writer = try VideoWriter(path: path, width: 16, height: 16, fps: 10, options: VideoOptions(crf: 10))
        for c in primaries { try writer.append(Self.flat(c, 16, 16)) }
        try writer.finish()
        let frames = try VideoReader.decodeFrames(path: path, indices: Set(0..<primaries.count))
        for (i, c) in primaries.enumerated() {
            let p = try XCTUnwrap(frames[i]).pixel(8, 8)
            XCTAssertLessThanOrEqual(abs(Int(p.r) - Int(c.0)), 4, "\(c) -> \(p)")
            XCTAssertLessThanOrEqual(abs(Int(p.g) - Int(c.1)), 4, "\(c) -> \(p)")
            XCTAssertLessThanOrEqual(abs(Int(p.b) - Int(c.2)), 4, "\(c) -> \(p)")
        }
    }

    func testTranslucentFramesAreCompositedOverBlack() throws {
        let path = try makeTemporaryDirectory() + "/over-black.mp4"
        let writer = try VideoWriter(path: path, width: 16, height: 16, fps: 10, options: VideoOptions(crf: 10))
        try writer.append(makePixmap(16, 16) { _, _ in (128, 64, 0, 128) })
        try writer.finish()
        let p = try XCTUnwrap(VideoReader.decodeFrames(path: path, indices: [0])[0]).pixel(8, 8)
        XCTAssertEqual(Int(p.r), 128, accuracy: 3)
        XCTAssertEqual(Int(p.g), 64, accuracy: 3)
        XCTAssertEqual(Int(p.b), 0, accuracy: 3)
        XCTAssertEqual(p.a, 255)
    }

    func testNonIntegerFrameRate() throws {
        let path = try writeVideo(count: 12, fps: 30000.0 / 1001)
        let info = try VideoReader.probe(path: path)
        XCTAssertEqual(info.frameCount, 12)
        XCTAssertEqual(info.fps, 30000.0 / 1001, accuracy: 1e-6)
        XCTAssertEqual(info.duration, 12 * 1001.0 / 30000, accuracy: 1e-3)
    }

    func testSameFramesAndOptionsGiveTheSamePictures() throws {
        // Not the same bytes: libx264 reads memory it never initialised, so
        // its packets depend on the heap's history (docs/cli.md, --threads).
        let one = VideoOptions(threads: 1)
        let first = try VideoReader.decodeFrames(path: writeVideo(count: 8, options: one), indices: Set(0..<8))
        let second = try VideoReader.decodeFrames(path: writeVideo(count: 8, options: one), indices: Set(0..<8))
        for i in 0..<8 {
            let difference = zip(first[i]!.pixels, second[i]!.pixels).map { abs(Int($0) - Int($1)) }
            XCTAssertLessThanOrEqual(difference.max() ?? 0, 2, "frame \(i)")
        }
    }

    func testOddSizeThrows() throws {
        let path = try makeTemporaryDirectory() + "/odd.mp4"
        assertThrowsEncodeError(["63x48", "even"]) { try VideoWriter(path: path, width: 63, height: 48, fps: 30) }
        assertThrowsEncodeError(["64x47", "even"]) { try VideoWriter(path: path, width: 64, height: 47, fps: 30) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing is created for bad settings")
    }

    func testBadOptionsThrowWithTheAllowedValues() throws {
        let path = try makeTemporaryDirectory() + "/bad.mp4"
        assertThrowsEncodeError(["'turbo'", "ultrafast", "veryfast", "placebo"]) {
            try VideoWriter(path: path, width: 64, height: 48, fps: 30, options: VideoOptions(preset: "turbo"))
        }
        assertThrowsEncodeError(["crf 52", "0...51"]) {
            try VideoWriter(path: path, width: 64, height: 48, fps: 30, options: VideoOptions(crf: 52))
        }
        assertThrowsEncodeError(["threads", "0"]) {
            try VideoWriter(path: path, width: 64, height: 48, fps: 30, options: VideoOptions(threads: 0))
        }
        assertThrowsEncodeError(["frame rate"]) { try VideoWriter(path: path, width: 64, height: 48, fps: 0) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testUnwritablePathThrows() throws {
        let path = try makeTemporaryDirectory() + "/missing/dir/out.mp4"
        assertThrowsEncodeError(["cannot create", path]) { try VideoWriter(path: path, width: 64, height: 48, fps: 30) }
    }

    func testMisuseThrows() throws {
        let path = try makeTemporaryDirectory() + "/misuse.mp4"
        let writer = try VideoWriter(path: path, width: 64, height: 48, fps: 30)
        assertThrowsEncodeError(["32x48", "64x48"]) { try writer.append(Self.flat((0, 0, 0), 32, 48)) }
        try writer.append(Self.flat((1, 2, 3)))
        try writer.finish()
        try writer.finish()  // a second finish does nothing
        assertThrowsEncodeError(["already finished"]) { try writer.append(Self.flat((1, 2, 3))) }
        XCTAssertEqual(try VideoReader.probe(path: path).frameCount, 1)
    }

    func testDroppingAnUnfinishedWriterFreesIt() throws {
        let path = try makeTemporaryDirectory() + "/unfinished.mp4"
        do {
            let writer = try VideoWriter(path: path, width: 64, height: 48, fps: 30)
            for i in 0..<5 { try writer.append(Self.flat(Self.colour(i))) }
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertThrowsError(try VideoReader.probe(path: path), "no index was written")
    }

    func testReaderErrors() throws {
        let path = try writeVideo(count: 5)
        assertThrowsEncodeError(["frame 5 does not exist", "5 frames"]) {
            try VideoReader.decodeFrames(path: path, indices: [2, 5, 9])
        }
        assertThrowsEncodeError(["-1"]) { try VideoReader.decodeFrames(path: path, indices: [-1]) }
        XCTAssertEqual(try VideoReader.decodeFrames(path: path, indices: []).count, 0)
        let garbage = try makeTemporaryDirectory() + "/garbage.mp4"
        try Data("not a video at all".utf8).write(to: URL(fileURLWithPath: garbage))
        assertThrowsEncodeError([garbage]) { try VideoReader.probe(path: garbage) }
        assertThrowsEncodeError(["cannot open"]) { try VideoReader.probe(path: garbage + ".missing") }
    }
}
