import Foundation
import StrataModel
import XCTest

@testable import StrataEncode

/// A pixmap filled by `color(x, y)` returning premultiplied (r, g, b, a).
func makePixmap(_ width: Int, _ height: Int,
                _ color: (Int, Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Pixmap {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let c = color(x, y), i = (y * width + x) * 4
            pixels[i] = c.b; pixels[i + 1] = c.g; pixels[i + 2] = c.r; pixels[i + 3] = c.a
        }
    }
    return Pixmap(width: width, height: height, pixels: pixels)
}

/// A fresh empty directory under the system temporary directory.
func makeTemporaryDirectory() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-encode-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

/// The chunks of a PNG file: (type, offset of the length field, data length).
func pngChunks(_ bytes: [UInt8]) -> [(type: String, offset: Int, length: Int)] {
    var chunks: [(String, Int, Int)] = []
    var offset = 8
    while offset + 8 <= bytes.count {
        let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
        chunks.append((type, offset, length))
        offset += 12 + length
    }
    return chunks
}

/// CRC-32 as PNG chunks use it, to forge valid-looking damaged files.
func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
    }
    return ~crc
}

/// Rewrites the CRC of the chunk at `offset` so only the damage inside remains.
func fixCRC(_ bytes: inout [UInt8], chunkAt offset: Int, length: Int) {
    let crc = crc32(bytes[offset + 4..<offset + 8 + length])
    for k in 0..<4 { bytes[offset + 8 + length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
}

/// Asserts that `body` throws an `EncodeError` whose message contains every one of `parts`.
func assertThrowsEncodeError<T>(_ parts: [String], file: StaticString = #filePath, line: UInt = #line,
                                _ body: () throws -> T) {
    do {
        _ = try body()
        XCTFail("expected an error containing \(parts)", file: file, line: line)
    } catch let error as EncodeError {
        for part in parts where !error.message.contains(part) {
            XCTFail("'\(error.message)' does not contain '\(part)'", file: file, line: line)
        }
    } catch {
        XCTFail("unexpected error type \(error)", file: file, line: line)
    }
}

/// What ffprobe (the `ffmpeg` Debian package, installed by `make deps-test`)
/// says about a file: `-show_streams -show_format -count_frames` as JSON.
func ffprobe(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["ffprobe", "-v", "error", "-of", "json", "-count_frames", "-show_streams", "-show_format", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch {
        XCTFail("ffprobe is missing: run 'make deps-test' (it installs the ffmpeg package for tests)", file: file, line: line)
        return [:]
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "ffprobe \(path)", file: file, line: line)
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
}

/// The stream of `type` ("video", "audio") in ffprobe's answer.
func ffprobeStream(_ probe: [String: Any], _ type: String) -> [String: Any] {
    ((probe["streams"] as? [[String: Any]]) ?? []).first { $0["codec_type"] as? String == type } ?? [:]
}
