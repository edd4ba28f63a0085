import Foundation
import StrataModel
import XCTest

@testable import StrataEncode

/// `VideoOptions.keyframeInterval` bounds the distance between key frames in
/// every codec with inter frames, read back from the file's packet flags.
final class KeyframeIntervalTests: XCTestCase {
    /// Frame i of a slowly moving pattern: nothing a scene-cut detector would take for a cut.
    private static func frame(_ i: Int) -> Pixmap {
        makePixmap(64, 64) { x, y in (UInt8((x + i) & 255), UInt8((y * 2) & 255), 90, 255) }
    }

    /// Presentation-ordered key flags of the video packets, by ffprobe.
    private func keyFlags(_ path: String) throws -> [Bool] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries", "packet=pts,flags",
                             "-of", "csv=p=0", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let rows = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        return rows.sorted { Int($0[0]) ?? 0 < Int($1[0]) ?? 0 }.map { $0[1].hasPrefix("K") }
    }

    private func write(_ container: VideoContainer, _ codec: VideoCodec, interval: Int?, count: Int) throws -> String {
        let path = try makeTemporaryDirectory() + "/out" + container.displayName
        let settings = VideoSettings(container: container, codec: codec, width: 64, height: 64,
                                     frameRate: FrameRate(30, 1)!, options: VideoOptions(keyframeInterval: interval))
        let writer = try VideoWriter(path: path, settings: settings)
        for i in 0..<count { try writer.append(Self.frame(i)) }
        try writer.finish()
        return path
    }

    func testEveryInterCodecPutsAKeyFrameAtLeastEveryIntervalFrames() throws {
        for (container, codec) in [(VideoContainer.mp4, VideoCodec.h264), (.mp4, .hevc), (.webm, .vp9), (.mp4, .av1)] {
            let flags = try keyFlags(try write(container, codec, interval: 6, count: 30))
            XCTAssertEqual(flags.count, 30, "\(codec)")
            XCTAssertTrue(flags.first ?? false, "\(codec): the first frame is a key frame")
            let keys = flags.indices.filter { flags[$0] }
            let gaps = zip(keys, keys.dropFirst() + [flags.count]).map { $1 - $0 }
            XCTAssertLessThanOrEqual(gaps.max() ?? 99, 6, "\(codec): key frames at \(keys)")
        }
    }

    func testTheDefaultLeavesTheEncodersOwnIntervalOfH264() throws {
        let own = try keyFlags(try write(.mp4, .h264, interval: nil, count: 30)).filter { $0 }.count
        XCTAssertLessThan(own, 5, "x264's default (250, plus its scene cuts) is not libavcodec's gop_size of 12")
    }

    func testAnIntervalOutOfRangeIsRefusedBeforeAnyFile() throws {
        let path = try makeTemporaryDirectory() + "/out.mp4"
        for interval in [0, -3, VideoOptions.keyframeIntervalRange.upperBound + 1] {
            let settings = VideoSettings(container: .mp4, width: 64, height: 64, frameRate: FrameRate(30, 1)!,
                                         options: VideoOptions(keyframeInterval: interval))
            assertThrowsEncodeError(["key frame interval \(interval) is out of range 1...100000"]) {
                try VideoWriter(path: path, settings: settings)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        }
    }
}
