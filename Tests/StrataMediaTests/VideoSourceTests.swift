import Foundation
import StrataEncode
@testable import StrataMedia
import StrataModel
import StrataTestSupport
import XCTest

/// Video decoding is exact to the frame and does not depend on the order
/// or the threads frames are asked from.
final class VideoSourceTests: XCTestCase {
    func testEveryFrameIsItsOwnInAnyOrderOnAnyThread() throws {
        let dir = try temporaryFolder()
        let path = dir + "/count.mp4"
        try FrameNumberVideo.write(to: path, frames: 40, keyframeInterval: 7)
        let reference = try VideoReader.decodeFrames(path: path, indices: Set(0..<40))
        // A tiny cache (two frames) makes nearly every request decode; one of
        // eight frames also keeps evicted buffers (two) that new frames are made in.
        for frames in [2, 8] {
            try checkEveryFrame(path: path, reference: reference,
                                cache: MediaFrameCache(capacity: frames * FrameNumberVideo.width * FrameNumberVideo.height * 4))
        }
    }

    private func checkEveryFrame(path: String, reference: [Int: Pixmap], cache: MediaFrameCache) throws {
        let source = try VideoSource(path: path, identity: "count", cache: cache, maxSessions: 3)
        XCTAssertEqual(source.frameTimes.count, 40)
        XCTAssertEqual(source.naturalSize, Size(128, 64))
        for i in 0..<40 { XCTAssertEqual(source.frameTimes.start(of: i), Double(i) / 20, accuracy: 1e-9) }
        XCTAssertEqual(source.frameTimes.duration, 2, accuracy: 1e-9)
        // The video exercises seeking and reordering: several key frames, and B-frames.
        XCTAssertGreaterThanOrEqual(source.index.packets.filter(\.isKey).count, 6)
        XCTAssertTrue(source.index.packets.indices.dropFirst().contains { source.index.packets[$0].pts < source.index.packets[$0 - 1].pts })

        var generator = SeededGenerator(seed: 7)
        let orders = [Array(0..<40), Array((0..<40).reversed()), Array(0..<40).shuffled(using: &generator),
                      (0..<40).map { ($0 * 17) % 40 }]
        for order in orders {
            let results = LockedArray<(Int, Pixmap?)>()
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                for (k, frame) in order.enumerated() where k % 4 == worker {
                    results.append((frame, try? source.pixels(MediaPixelsKey(source: "count", frame: frame, width: 128, height: 64))))
                }
            }
            for (frame, pixmap) in results.items {
                guard let pixmap else { XCTFail("frame \(frame) failed"); continue }
                XCTAssertEqual(FrameNumberVideo.number(in: pixmap), frame, "frame \(frame)")
                XCTAssertEqual(pixmap, reference[frame], "frame \(frame) is the reference decoder's, byte for byte")
            }
        }
        XCTAssertLessThanOrEqual(cache.bytes, cache.capacity)
    }

    func testPlayingAClipThroughDecodesEachPacketOnce() throws {
        let dir = try temporaryFolder()
        // Long groups of pictures (x264's default interval is longer than the clip) and B-frames:
        // the last frames come out of the drained decoder, not from a second decode of their group.
        try FrameNumberVideo.write(to: dir + "/count.mp4", frames: 40, keyframeInterval: 250)
        let source = try VideoSource(path: dir + "/count.mp4", identity: "once", cache: MediaFrameCache(capacity: 1 << 24))
        XCTAssertLessThanOrEqual(source.index.packets.filter(\.isKey).count, 2)
        for i in 0..<40 {
            let pixmap = try source.pixels(MediaPixelsKey(source: "once", frame: i, width: 128, height: 64))
            XCTAssertEqual(FrameNumberVideo.number(in: pixmap), i)
        }
        XCTAssertEqual(source.packetsDecoded, 40, "every packet once (those of the first frame, decoded at open, included)")
    }

    func testAVideoWithAlphaShowsItPremultipliedOnce() throws {
        let dir = try temporaryFolder()
        let settings = VideoSettings(container: .mov, codec: .prores4444, width: 32, height: 16,
                                     frameRate: FrameRate(10)!, alpha: true)
        let writer = try VideoWriter(path: dir + "/alpha.mov", settings: settings)
        // Premultiplied BGRA (100, 60, 20) at alpha 128: straight (199, 119, 40).
        let pixel: [UInt8] = [100, 60, 20, 128]
        for _ in 0..<3 { try writer.append(Pixmap(width: 32, height: 16, pixels: Array((0..<32 * 16).map { _ in pixel }.joined()))) }
        try writer.finish()
        let source = try VideoSource(path: dir + "/alpha.mov", identity: "alpha")
        let shown = try source.pixels(MediaPixelsKey(source: "alpha", frame: 1, width: 32, height: 16))
        for (c, expected) in zip(shown.pixels[(8 * 32 + 16) * 4 ..< (8 * 32 + 16) * 4 + 4], pixel) {
            XCTAssertEqual(Int(c), Int(expected), accuracy: 2, "\(Array(shown.pixels[(8 * 32 + 16) * 4 ..< (8 * 32 + 16) * 4 + 4]))")
        }
    }

    func testEvictedBuffersAreReusedAndAPixmapHandedOutNeverChanges() {
        let size = 64 * 64 * 4
        let cache = MediaFrameCache(capacity: 4 * size)
        func key(_ i: Int) -> MediaPixelsKey { MediaPixelsKey(source: "s", frame: i, width: 64, height: 64) }
        for i in 0..<4 { cache.insert(Pixmap(width: 64, height: 64, pixels: [UInt8](repeating: UInt8(i), count: size)), for: key(i)) }
        let held = cache.pixmap(key(1))!  // a render thread still drawing frame 1
        cache.insert(Pixmap(width: 64, height: 64, pixels: [UInt8](repeating: 9, count: size)), for: key(4))
        XCTAssertNil(cache.pixmap(key(0)), "the least recently used entry went")
        var reused = cache.buffer(count: size, zeroed: false)
        XCTAssertEqual(reused.first, 0, "frame 0's buffer, its old bytes in it")
        reused.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 7) }
        XCTAssertEqual(cache.buffer(count: size, zeroed: true), [UInt8](repeating: 0, count: size), "none spare: fresh and zeroed")
        // Frame 1 is evicted while held: writing into its buffer copies it first.
        for i in 5..<8 { cache.insert(Pixmap(width: 64, height: 64, pixels: [UInt8](repeating: 9, count: size)), for: key(i)) }
        var next = cache.buffer(count: size, zeroed: true)
        next.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 5) }
        XCTAssertEqual(held.pixels, [UInt8](repeating: 1, count: size), "a pixmap handed out never changes")
        XCTAssertLessThanOrEqual(cache.bytes, cache.capacity)
    }

    func testAVariableFrameRateShowsTheFrameWhoseTimestampIntervalContainsTheTime() throws {
        let dir = try temporaryFolder()
        try FrameNumberVideo.write(to: dir + "/count.mp4", frames: 40, fps: 20, keyframeInterval: 7)
        // Frames 0-19 last 1/20 s, frames 20-39 last 1/10 s: frame i starts at i/20 for i < 20, else 1 + (i - 20)/10.
        try FrameNumberVideo.remux(dir + "/count.mp4", to: dir + "/vfr.mp4") { t in t < 1 ? t : 1 + (t - 1) * 2 }
        let source = try VideoSource(path: dir + "/vfr.mp4", identity: "vfr", cache: MediaFrameCache(capacity: 1 << 20))
        let times = source.frameTimes
        XCTAssertEqual(times.count, 40)
        XCTAssertEqual(times.duration, 3, accuracy: 1e-9)
        for i in 0..<40 {
            let start = i < 20 ? Double(i) / 20 : 1 + Double(i - 20) / 10
            XCTAssertEqual(times.start(of: i), start, accuracy: 1e-9, "frame \(i)")
        }
        // At scene times of 30 fps, the frame shown is the one whose interval holds the time, decoded exactly.
        for n in 0..<90 {
            let t = Double(n) / 30
            let expected = t < 1 ? Int((t * 20 + 1e-9).rounded(.down)) : min(39, 20 + Int(((t - 1) * 10 + 1e-9).rounded(.down)))
            let frame = times.frame(at: t)
            XCTAssertEqual(frame, expected, "time \(t)")
            let pixels = try source.pixels(MediaPixelsKey(source: "vfr", frame: frame, width: 128, height: 64))
            XCTAssertEqual(FrameNumberVideo.number(in: pixels), expected, "time \(t)")
        }
    }

    func testATruncatedFileIsAnErrorWhenOpened() throws {
        let dir = try temporaryFolder()
        let path = dir + "/count.mp4"
        try FrameNumberVideo.write(to: path, frames: 40)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: dir + "/cut.mp4"))
        XCTAssertThrowsError(try VideoSource(path: dir + "/cut.mp4", identity: "cut")) { error in
            XCTAssertTrue((error as? MediaError)?.message.contains("truncated") ?? false, "\(error)")
        }
    }

    func testVerifyFindsDamageInTheCheckedFramesAsARenderWould() throws {
        let dir = try temporaryFolder()
        try FrameNumberVideo.write(to: dir + "/count.mp4", frames: 40, keyframeInterval: 10)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/count.mp4")))
        for i in bytes.count * 2 / 3 ..< bytes.count where i % 3 == 0 { bytes[i] ^= 0xA5 }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/damaged.mp4"))
        let source = try VideoSource(path: dir + "/damaged.mp4", identity: "damaged", cache: MediaFrameCache(capacity: 1 << 20))
        XCTAssertNoThrow(try source.verify(frames: 0...4), "the first frames decode")
        var message = ""
        XCTAssertThrowsError(try source.verify(frames: 0...39)) { message = ($0 as? MediaError)?.message ?? "\($0)" }
        XCTAssertTrue(message.hasPrefix("frame "), message)
        // The frame named is one a render cannot draw either.
        let frame = Int(message.dropFirst(6).prefix { $0.isNumber }) ?? -1
        let fresh = try VideoSource(path: dir + "/damaged.mp4", identity: "fresh", cache: MediaFrameCache(capacity: 1 << 20))
        XCTAssertThrowsError(try fresh.pixels(MediaPixelsKey(source: "fresh", frame: frame, width: 128, height: 64)), message)
        // A sound video passes, and is not decoded twice.
        let sound = try VideoSource(path: dir + "/count.mp4", identity: "count")
        XCTAssertNoThrow(try sound.verify(frames: 0...39))
        XCTAssertNoThrow(try sound.verify(frames: 3...20))
    }

    func testFilesWithoutVideoAreErrors() throws {
        let dir = try temporaryFolder()
        try Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: dir + "/noise.mp4"))
        XCTAssertThrowsError(try VideoSource(path: dir + "/noise.mp4", identity: "noise")) { error in
            XCTAssertTrue((error as? MediaError)?.message.contains("not an image, SVG, Lottie or video file") ?? false, "\(error)")
        }
        try Self.wav(seconds: 0.5).write(to: URL(fileURLWithPath: dir + "/tone.wav"))
        XCTAssertThrowsError(try VideoSource(path: dir + "/tone.wav", identity: "tone")) { error in
            XCTAssertEqual((error as? MediaError)?.message, "the file has no video stream (only audio)")
        }
    }

    func temporaryFolder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-media-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// A mono 16-bit PCM WAV file of silence.
    static func wav(seconds: Double, rate: Int = 8000) -> Data {
        let samples = Int(seconds * Double(rate))
        var d = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { d.append(contentsOf: $0) } }
        d.append(contentsOf: Array("RIFF".utf8)); u32(36 + samples * 2); d.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16); u16(1); u16(1); u32(rate); u32(rate * 2); u16(2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(samples * 2)
        d.append(Data(count: samples * 2))
        return d
    }
}

/// Results appended from several threads.
final class LockedArray<T>: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var items: [T] = []
    func append(_ item: T) { lock.lock(); items.append(item); lock.unlock() }
}
