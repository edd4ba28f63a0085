import Foundation
import StrataModel
import XCTest

@testable import StrataAudio

/// The mixer's arithmetic on a 48 kHz WAV (no resampling involved).
final class SoundtrackTests: XCTestCase {
    /// A 16-bit mono 48 kHz WAV of constant `level` lasting `count` samples.
    private func constantWAV(level: Double, count: Int) throws -> String {
        var d = Data("RIFF".utf8)
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { d.append(contentsOf: $0) } }
        u32(36 + count * 2); d.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16); u16(1); u16(1); u32(48_000); u32(96_000); u16(2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(count * 2)
        for _ in 0..<count { withUnsafeBytes(of: Int16(level * 32767).littleEndian) { d.append(contentsOf: $0) } }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(UUID().uuidString).wav").path
        try d.write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testStartTrimLoopAndFadesAreSampleAccurate() throws {
        let file = try constantWAV(level: 0.5, count: 4800)
        var track = AudioTrack(file: file, location: .commandLine())
        track.start = 0.01          // sample 480
        track.trimStart = 0.05      // the last 2400 samples of the file
        track.loop = true
        track.fadeIn = 0.01         // 480 samples
        track.gain = 0.5
        let mix = try Soundtrack(tracks: [track], length: 48_000)
        let all = mix.samples(0..<48_000)
        let left = stride(from: 0, to: all.count, by: 2).map { all[$0] }
        XCTAssertEqual(left[479], 0)
        XCTAssertEqual(left[480], 0)                              // the fade starts at 0
        XCTAssertEqual(left[720], 0.25 * 0.5, accuracy: 0.001)   // half-way through the fade
        XCTAssertEqual(left[960], 0.25, accuracy: 0.001)
        XCTAssertEqual(left[480 + 2400 * 7 + 3], 0.25, accuracy: 0.001)  // looped
        // Any range gives the same samples as the whole.
        let piece = mix.samples(1000..<1010)
        XCTAssertEqual(piece, Array(all[2000..<2020]))
        // A mono file plays at full level on both sides.
        XCTAssertEqual(all[1921], all[1920])
    }

    func testSumsClipAndPastTheEndIsSilence() throws {
        let file = try constantWAV(level: 0.75, count: 480)
        let a = AudioTrack(file: file, location: .commandLine())
        let mix = try Soundtrack(tracks: [a, a], length: 960)
        XCTAssertEqual(mix.samples(0..<1), [1, 1])   // 0.75 + 0.75 clipped
        XCTAssertEqual(mix.samples(480..<481), [0, 0])
        XCTAssertEqual(mix.samples(2000..<3000), [])
    }
}

/// Exact frame rates.
final class FrameRateTests: XCTestCase {
    func testDecimalsAndFractionsStayExact() {
        XCTAssertEqual(FrameRate(decimal: 29.97), FrameRate(30000, 1001))
        XCTAssertEqual(FrameRate(decimal: 23.976), FrameRate(24000, 1001))
        XCTAssertEqual(FrameRate(decimal: 59.94), FrameRate(60000, 1001))
        XCTAssertEqual(FrameRate(decimal: 12.5), FrameRate(25, 2))
        XCTAssertEqual(FrameRate(decimal: 30), FrameRate(30))
        XCTAssertEqual(FrameRate(parsing: "24000/1001")?.description, "24000/1001")
        XCTAssertEqual(FrameRate(parsing: "60/2")?.description, "30")
        XCTAssertNil(FrameRate(parsing: "0/1"))
        XCTAssertNil(FrameRate(parsing: "30/0"))
        XCTAssertNil(FrameRate(parsing: "-30"))
        XCTAssertNil(FrameRate(parsing: "fast"))
    }

    func testFrameTimesAndSamplesHaveNoDrift() {
        let ntsc = FrameRate(30000, 1001)!
        XCTAssertEqual(ntsc.time(ofFrame: 30000), 1001)
        XCTAssertEqual(ntsc.time(ofFrame: 1), 1001.0 / 30000)
        // Samples of frame boundaries: 1601.6 per frame, rounded at each boundary, never accumulated.
        XCTAssertEqual(ntsc.sample(ofFrame: 1, samplesPerSecond: 48_000), 1602)
        XCTAssertEqual(ntsc.sample(ofFrame: 5, samplesPerSecond: 48_000), 8008)
        XCTAssertEqual(ntsc.sample(ofFrame: 30000, samplesPerSecond: 48_000), 48_048_000)
        XCTAssertEqual(ntsc.frame(nearest: 10), 300)
    }
}
