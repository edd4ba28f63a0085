import Foundation
import StrataModel
import XCTest
@testable import StrataEncode

final class SegmentJoinerTests: XCTestCase {
    func testSHA256KnownDigests() throws {
        let empty = SHA256()
        XCTAssertEqual(empty.hexDigest(), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let abc = SHA256()
        abc.update("a")
        abc.update([0x62, 0x63])
        XCTAssertEqual(abc.hexDigest(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let path = NSTemporaryDirectory() + "sha-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        // More than one 1 MiB piece.
        try Data(repeating: 0x61, count: 1_000_000 * 2).write(to: URL(fileURLWithPath: path))
        let whole = SHA256()
        whole.update([UInt8](repeating: 0x61, count: 2_000_000))
        XCTAssertEqual(try SHA256.hexDigest(ofFile: path), whole.hexDigest())
    }

    /// Segments of frames whose grey level is the frame number, so a frame out of place shows.
    private func writeSegment(_ path: String, frames: Range<Int>, width: Int = 64) throws {
        let settings = VideoSettings(container: .mp4, width: width, height: 32, frameRate: FrameRate(25)!,
                                     options: VideoOptions(crf: 0, threads: 1))
        let writer = try VideoWriter(path: path, settings: settings, metadata: ["strata_segment": "frames \(frames)"])
        for i in frames {
            let level = UInt8(40 + i * 6)
            try writer.append(Pixmap(width: width, height: 32, pixels: [UInt8](repeating: level, count: width * 32 * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }))
        }
        try writer.finish()
    }

    func testJoinCopiesEveryFrameOnceAtItsTime() throws {
        let dir = NSTemporaryDirectory() + "join-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cuts = [0..<7, 7..<8, 8..<20]
        for (k, frames) in cuts.enumerated() { try writeSegment("\(dir)/\(k).mp4", frames: frames) }

        let facts = try SegmentReader.read(path: "\(dir)/2.mp4", frameRate: FrameRate(25)!)
        XCTAssertEqual(facts.metadata["strata_segment"], "frames 8..<20")
        XCTAssertEqual(facts.frameCount, 12)
        XCTAssertNil(facts.timestampGap)
        XCTAssertTrue(facts.startsWithKeyFrame)
        XCTAssertEqual(facts.codec, "h264")
        XCTAssertEqual(try SegmentReader.read(path: "\(dir)/0.mp4", frameRate: FrameRate(25)!).parameters, facts.parameters)
        XCTAssertEqual(try SegmentReader.read(path: "\(dir)/0.mp4", frameRate: FrameRate(50)!).timestampGap, 1, "at 50 fps every other frame time is empty")

        var copied = 0
        try SegmentJoiner(container: .mp4, frameRate: FrameRate(25)!).join(
            cuts.enumerated().map { SegmentJoiner.Segment(path: "\(dir)/\($0.offset).mp4", firstFrame: $0.element.lowerBound) },
            to: "\(dir)/out.mp4", progress: { copied += 1 })
        XCTAssertEqual(copied, 20)
        let joined = try SegmentReader.read(path: "\(dir)/out.mp4", frameRate: FrameRate(25)!)
        XCTAssertEqual(joined.frameCount, 20)
        XCTAssertNil(joined.timestampGap)
        XCTAssertEqual(joined.parameters, facts.parameters)
        XCTAssertNil(joined.metadata["strata_segment"], "the segments' tags stay behind")
        let decoded = try VideoReader.decodeFrames(path: "\(dir)/out.mp4", indices: Set(0..<20))
        for i in 0..<20 {
            // Lossless H.264 of grey: the level comes back within the YUV round trip.
            XCTAssertEqual(Double(decoded[i]!.pixel(10, 10).g), Double(40 + i * 6), accuracy: 2, "frame \(i)")
        }
        XCTAssertEqual(try VideoReader.probe(path: "\(dir)/out.mp4").duration, 0.8, accuracy: 1e-9)
    }

    func testSegmentsOfAnotherSizeHaveOtherParameters() throws {
        let dir = NSTemporaryDirectory() + "join-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeSegment("\(dir)/a.mp4", frames: 0..<3)
        try writeSegment("\(dir)/b.mp4", frames: 3..<6, width: 48)
        XCTAssertNotEqual(try SegmentReader.read(path: "\(dir)/a.mp4", frameRate: FrameRate(25)!).parameters,
                          try SegmentReader.read(path: "\(dir)/b.mp4", frameRate: FrameRate(25)!).parameters)
        XCTAssertThrowsError(try SegmentReader.read(path: "\(dir)/none.mp4", frameRate: FrameRate(25)!))
    }
}
