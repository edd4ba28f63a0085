import Foundation
import StrataModel
import StrataTestSupport
import XCTest

@testable import StrataEncode

/// Every container and codec, written and read back with libavformat and ffprobe.
final class OutputFormatTests: XCTestCase {
    static let size = 64
    static let rate = FrameRate(30000, 1001)!

    /// Frame i: a horizontal alpha ramp (0 at the left edge to 255) over a
    /// colour that moves with i, premultiplied; a fully transparent top row band.
    static func frame(_ i: Int) -> Pixmap {
        makePixmap(size, size) { x, y in
            if y < 8 { return (0, 0, 0, 0) }
            let a = x * 255 / (size - 1)
            let premultiply = { (c: Int) in UInt8((c * a + 127) / 255) }
            return (premultiply(200), premultiply((x * 3 + i * 20) & 255), premultiply(60 + y), UInt8(a))
        }
    }

    private func write(_ container: VideoContainer, _ codec: VideoCodec? = nil, alpha: Bool, count: Int = 6,
                       options: VideoOptions = VideoOptions()) throws -> String {
        let path = try makeTemporaryDirectory() + "/out" + container.displayName
        let settings = VideoSettings(container: container, codec: codec, width: Self.size, height: Self.size,
                                     frameRate: Self.rate, alpha: alpha, options: options)
        let writer = try VideoWriter(path: path, settings: settings)
        for i in 0..<count { try writer.append(Self.frame(i)) }
        try writer.finish()
        return path
    }

    /// Largest difference between the alpha of `decoded` and of the source frame.
    private func alphaError(_ decoded: Pixmap, _ i: Int) -> (max: Int, mean: Double) {
        let source = Self.frame(i)
        var worst = 0, total = 0
        for y in 0..<Self.size {
            for x in 0..<Self.size {
                let d = abs(Int(decoded.pixel(x, y).a) - Int(source.pixel(x, y).a))
                worst = max(worst, d); total += d
            }
        }
        return (worst, Double(total) / Double(Self.size * Self.size))
    }

    /// Codec, pixel format, frame count, exact rate and duration, colour tags, through both readers.
    private func assertStream(_ path: String, codec: String, pixelFormat: String, tagged: Bool, count: Int = 6,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let info = try VideoReader.probe(path: path)
        XCTAssertEqual(info.codec, codec, file: file, line: line)
        XCTAssertEqual(info.frameCount, count, file: file, line: line)
        XCTAssertEqual(info.frameRate, "30000/1001", file: file, line: line)
        let video = ffprobeStream(ffprobe(path), "video")
        XCTAssertEqual(video["codec_name"] as? String, codec, file: file, line: line)
        XCTAssertEqual(video["pix_fmt"] as? String, pixelFormat, file: file, line: line)
        XCTAssertEqual(video["nb_read_frames"] as? String, String(count), file: file, line: line)
        XCTAssertEqual(video["avg_frame_rate"] as? String, "30000/1001", file: file, line: line)
        if tagged {
            for key in ["color_space", "color_primaries", "color_transfer"] {
                XCTAssertEqual(video[key] as? String, "bt709", key, file: file, line: line)
            }
            XCTAssertEqual(video["color_range"] as? String, "tv", file: file, line: line)
        }
    }

    func testProRes4444KeepsAlphaExactly() throws {
        let path = try write(.mov, alpha: true)
        // libavcodec's ProRes decoder reports 4444 as 12-bit: the format's precision.
        try assertStream(path, codec: "prores", pixelFormat: "yuva444p12le", tagged: true)
        XCTAssertEqual(ffprobeStream(ffprobe(path), "video")["codec_tag_string"] as? String, "ap4h")
        let frames = try VideoReader.decodeFrames(path: path, indices: [0, 5])
        for (i, pixmap) in frames { XCTAssertLessThanOrEqual(alphaError(pixmap, i).max, 1, "frame \(i)") }
        XCTAssertEqual(try VideoReader.probe(path: path).duration, 6 * 1001 / 30000, accuracy: 1e-6)
    }

    func testProResProfilesHaveNoAlpha() throws {
        for (codec, tag) in [(VideoCodec.proresHQ, "apch"), (.prores, "apcn"), (.proresLT, "apcs"), (.proresProxy, "apco")] {
            let path = try write(.mov, codec, alpha: false, count: 2)
            try assertStream(path, codec: "prores", pixelFormat: "yuv422p10le", tagged: true, count: 2)
            XCTAssertEqual(ffprobeStream(ffprobe(path), "video")["codec_tag_string"] as? String, tag)
        }
        assertThrowsEncodeError(["no alpha"]) { try self.write(.mov, .proresHQ, alpha: true) }
    }

    func testVP9WebMKeepsAlpha() throws {
        let path = try write(.webm, alpha: true)
        // ffprobe's native VP9 decoder sees the colour picture; the alpha rides beside it (alpha_mode 1).
        try assertStream(path, codec: "vp9", pixelFormat: "yuv420p", tagged: true)
        let tags = ffprobeStream(ffprobe(path), "video")["tags"] as? [String: Any]
        XCTAssertEqual(tags?["alpha_mode"] as? String, "1")
        let frames = try VideoReader.decodeFrames(path: path, indices: [0, 3, 5])
        for (i, pixmap) in frames {
            let error = alphaError(pixmap, i)
            // Lossy alpha at crf 31: a ramp survives within a few levels.
            XCTAssertLessThanOrEqual(error.mean, 2, "frame \(i)")
            XCTAssertLessThanOrEqual(error.max, 24, "frame \(i)")
        }
    }

    func testOpaqueCodecsAreTaggedAndExact() throws {
        try assertStream(try write(.mp4, alpha: false), codec: "h264", pixelFormat: "yuv420p", tagged: true)
        let hevc = try write(.mp4, .hevc, alpha: false)
        try assertStream(hevc, codec: "hevc", pixelFormat: "yuv420p", tagged: true)
        XCTAssertEqual(ffprobeStream(ffprobe(hevc), "video")["codec_tag_string"] as? String, "hvc1")
        try assertStream(try write(.mp4, .av1, alpha: false), codec: "av1", pixelFormat: "yuv420p", tagged: true)
        try assertStream(try write(.webm, .av1, alpha: false), codec: "av1", pixelFormat: "yuv420p", tagged: true)
        try assertStream(try write(.mov, .h264, alpha: false), codec: "h264", pixelFormat: "yuv420p", tagged: true)
    }

    func testGIFHasBinaryAlphaAndDelaysThatAddUpToTheDuration() throws {
        // 7 frames at 29.97 fps: 233.57 ms, i.e. 23 hundredths; frames start at round(100 i 1001 / 30000): 0 3 7 10 13 17 20, the end at 23.
        let path = try write(.gif, alpha: true, count: 7)
        let probe = ffprobe(path)
        XCTAssertEqual(ffprobeStream(probe, "video")["nb_read_frames"] as? String, "7")
        XCTAssertEqual(Double(ffprobeStream(probe, "video")["duration"] as? String ?? ""), 0.23)
        XCTAssertEqual(GIFBlocks.delays(try Data(contentsOf: URL(fileURLWithPath: path))), [3, 4, 3, 3, 4, 3, 3])
        let frames = try VideoReader.decodeFrames(path: path, indices: [0, 6])
        for (i, pixmap) in frames {
            let source = Self.frame(i)
            for y in 0..<Self.size {
                for x in 0..<Self.size {
                    XCTAssertEqual(pixmap.pixel(x, y).a, source.pixel(x, y).a >= 128 ? 255 : 0, "frame \(i) at \(x),\(y)")
                }
            }
        }
    }

    func testGIFLoopCountsAndPerFramePalettes() throws {
        let once = try Data(contentsOf: URL(fileURLWithPath: write(.gif, alpha: false, count: 2, options: VideoOptions(loop: 1))))
        XCTAssertNil(AnimationLoopFields.gifRepeats(once))
        let thrice = try Data(contentsOf: URL(fileURLWithPath: write(.gif, alpha: false, count: 2, options: VideoOptions(loop: 3))))
        XCTAssertEqual(AnimationLoopFields.gifRepeats(thrice), 2)
        let forever = try Data(contentsOf: URL(fileURLWithPath: write(.gif, alpha: false, count: 2)))
        XCTAssertEqual(AnimationLoopFields.gifRepeats(forever), 0)
        let perFrame = try write(.gif, alpha: true, count: 3, options: VideoOptions(gifPalette: .frame, gifDither: .bayer))
        XCTAssertEqual(ffprobeStream(ffprobe(perFrame), "video")["nb_read_frames"] as? String, "3")
    }

    func testAPNGIsLosslessWithExactDelays() throws {
        let path = try write(.apng, alpha: true, options: VideoOptions(loop: 2))
        try assertStream(path, codec: "apng", pixelFormat: "rgba", tagged: false)
        let frames = try VideoReader.decodeFrames(path: path, indices: [0, 5])
        for (i, pixmap) in frames {
            XCTAssertEqual(alphaError(pixmap, i).max, 0)
            // Colours survive un-premultiplying and premultiplying again.
            XCTAssertEqual(pixmap.pixels, Self.frame(i).pixels, "frame \(i)")
        }
    }

    func testAnimatedWebPHasAFramePerPictureAndMillisecondDurations() throws {
        // libavformat 5.1 cannot decode animated WebP: read its RIFF chunks instead.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: write(.webp, alpha: true)))
        let frames = WebPChunks.frameDurations(bytes)
        XCTAssertEqual(frames.count, 6)
        XCTAssertEqual(frames.reduce(0, +), 200, accuracy: 1)  // 6 x 33.37 ms
    }

    /// Every animation format plays forever by default (docs/cli.md) and
    /// `loop` times for `--loop N`, read back from the file's own loop field.
    func testAnimationsLoopForeverByDefaultAndNTimesWhenAsked() throws {
        func bytes(_ container: VideoContainer, _ loop: Int? = nil) throws -> Data {
            let options = loop.map { VideoOptions(loop: $0) } ?? VideoOptions()
            return try Data(contentsOf: URL(fileURLWithPath: write(container, alpha: false, count: 2, options: options)))
        }
        // WebP's ANIM loop count and APNG's acTL num_plays count plays, 0 forever.
        XCTAssertEqual(AnimationLoopFields.webPLoopCount(try bytes(.webp)), 0)
        XCTAssertEqual(AnimationLoopFields.webPLoopCount(try bytes(.webp, 0)), 0)
        XCTAssertEqual(AnimationLoopFields.webPLoopCount(try bytes(.webp, 1)), 1)
        XCTAssertEqual(AnimationLoopFields.webPLoopCount(try bytes(.webp, 3)), 3)
        XCTAssertEqual(AnimationLoopFields.apngPlays(try bytes(.apng)), 0)
        XCTAssertEqual(AnimationLoopFields.apngPlays(try bytes(.apng, 0)), 0)
        XCTAssertEqual(AnimationLoopFields.apngPlays(try bytes(.apng, 1)), 1)
        XCTAssertEqual(AnimationLoopFields.apngPlays(try bytes(.apng, 3)), 3)
        // GIF's NETSCAPE extension counts repeats after the first play; none plays once.
        XCTAssertEqual(AnimationLoopFields.gifRepeats(try bytes(.gif)), 0)
        XCTAssertEqual(AnimationLoopFields.gifRepeats(try bytes(.gif, 0)), 0)
        XCTAssertNil(AnimationLoopFields.gifRepeats(try bytes(.gif, 1)))
        XCTAssertEqual(AnimationLoopFields.gifRepeats(try bytes(.gif, 3)), 2)
    }

    func testBadPairsAndSizesThrowBeforeAnyFile() throws {
        let dir = try makeTemporaryDirectory()
        func settings(_ c: VideoContainer, _ codec: VideoCodec?, _ w: Int = 64, _ h: Int = 64) -> VideoSettings {
            VideoSettings(container: c, codec: codec, width: w, height: h, frameRate: Self.rate)
        }
        assertThrowsEncodeError([".webm cannot hold H.264", "vp9, av1"]) {
            try VideoWriter(path: dir + "/x.webm", settings: settings(.webm, .h264))
        }
        assertThrowsEncodeError(["63x64", "even width"]) { try VideoWriter(path: dir + "/x.mov", settings: settings(.mov, .prores, 63)) }
        assertThrowsEncodeError(["at least 64x64"]) { try VideoWriter(path: dir + "/x.mp4", settings: settings(.mp4, .av1, 32, 32)) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
        // ProRes 4444 and GIF take any size.
        XCTAssertNoThrow(try VideoWriter(path: dir + "/odd.mov", settings: settings(.mov, nil, 63, 33)))
    }
}

/// GIF block reading for the tests: graphic control delays.
enum GIFBlocks {
    static func delays(_ data: Data) -> [Int] {
        let b = [UInt8](data)
        var out: [Int] = []
        var i = 0
        while i + 5 < b.count {
            if b[i] == 0x21, b[i + 1] == 0xF9, b[i + 2] == 4 { out.append(Int(b[i + 4]) | Int(b[i + 5]) << 8); i += 8 } else { i += 1 }
        }
        return out
    }
}

/// WebP RIFF chunk reading for the tests: the ANMF frames' durations in ms.
enum WebPChunks {
    static func frameDurations(_ data: Data) -> [Double] {
        let b = [UInt8](data)
        var out: [Double] = []
        var i = 12
        while i + 8 <= b.count {
            let fourCC = String(decoding: b[i..<i + 4], as: UTF8.self)
            let size = Int(b[i + 4]) | Int(b[i + 5]) << 8 | Int(b[i + 6]) << 16 | Int(b[i + 7]) << 24
            if fourCC == "ANMF", i + 24 <= b.count {
                out.append(Double(Int(b[i + 20]) | Int(b[i + 21]) << 8 | Int(b[i + 22]) << 16))
            }
            i += 8 + size + (size & 1)
        }
        return out
    }
}
