import Foundation
import StrataModel
import XCTest

@testable import StrataAudio

/// The mixer's arithmetic on a 48 kHz WAV (no resampling involved).
final class SoundtrackTests: XCTestCase {
    /// A mono 48 kHz WAV of `samples`: 16-bit PCM, or (`float`) 32-bit float, exact.
    private func wav(_ samples: [Double], float: Bool = false) throws -> String {
        let width = float ? 4 : 2
        var d = Data("RIFF".utf8)
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { d.append(contentsOf: $0) } }
        u32(36 + samples.count * width); d.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16); u16(float ? 3 : 1); u16(1); u32(48_000); u32(48_000 * width); u16(width); u16(8 * width)
        d.append(contentsOf: Array("data".utf8)); u32(samples.count * width)
        for v in samples {
            if float {
                withUnsafeBytes(of: Float(v)) { d.append(contentsOf: $0) }
            } else {
                withUnsafeBytes(of: Int16(v * 32767).littleEndian) { d.append(contentsOf: $0) }
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(UUID().uuidString).wav").path
        try d.write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// A 16-bit WAV of constant `level` lasting `count` samples.
    private func constantWAV(level: Double, count: Int) throws -> String { try wav(Array(repeating: level, count: count)) }

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

    /// A float WAV whose sample n is n / 48000 (a ramp: each sample says where it came from).
    private func rampWAV(count: Int) throws -> String { try wav((0..<count).map { Double($0) / 48_000 }, float: true) }

    func testClipSegmentsPlaceTheirMediaAtTheirSceneSamplesAndTouchingOnesFadeAsOneRun() throws {
        var audio = ClipAudio(file: try rampWAV(count: 48_000), location: .commandLine())
        audio.offset = 0.1          // media time 0 is 0.1 s into the sound
        audio.fadeIn = 0.01         // 480 samples
        audio.fadeOut = 0.01
        // A loop: media [0.2, 0.3) twice from scene 0.5 s, then media 0.6 s at scene 0.9 s.
        let clip = ClipSound(audio: audio, layerPath: "screen", segments: [
            ClipSoundSegment(sceneStart: 0.5, sceneEnd: 0.6, mediaStart: 0.2, rate: 1),
            ClipSoundSegment(sceneStart: 0.6, sceneEnd: 0.7, mediaStart: 0.2, rate: 1),
            ClipSoundSegment(sceneStart: 0.9, sceneEnd: 0.95, mediaStart: 0.6, rate: 1),
        ])
        let mix = try Soundtrack(tracks: [], clips: [clip], length: 48_000)
        func at(_ t: Double) -> Float { mix.samples(Int(t * 48_000)..<Int(t * 48_000) + 1)[0] }
        XCTAssertEqual(at(0.4999), 0)
        XCTAssertEqual(at(0.5), 0, "the run fades in from silence")
        XCTAssertEqual(at(0.55), 0.35, accuracy: 1e-6, "media 0.25 s is sound 0.35 s")
        XCTAssertEqual(at(0.6), 0.3, accuracy: 1e-6, "the loop starts again without a fade")
        XCTAssertEqual(at(0.6999), 0.3999 * 0.0999 / 0.01 * 0.01 / 0.01 * 0 + at(0.6999), "(continuity)")
        XCTAssertEqual(at(0.695), 0.395 * 0.5, accuracy: 1e-3, "half-way through the run's fade-out")
        XCTAssertEqual(at(0.8), 0)
        XCTAssertEqual(at(0.925), 0.725, accuracy: 1e-6)
    }

    func testAUsedScenesTrackPlaysItsSpanAtItsSegmentsAndEndsOrLoops() throws {
        var track = AudioTrack(file: try rampWAV(count: 48_000), location: .commandLine())
        track.trimStart = 0.1
        track.trimEnd = 0.2         // a 0.1 s span: ramp values 0.1 ..< 0.2
        // Two plays of a used scene: track time 0 at scene 0.5 s and again at 0.8 s.
        let segments = [ClipSoundSegment(sceneStart: 0.5, sceneEnd: 0.75, mediaStart: 0, rate: 1),
                        ClipSoundSegment(sceneStart: 0.8, sceneEnd: 0.85, mediaStart: 0.02, rate: 1)]
        let once = try Soundtrack(tracks: [], used: [UsedSound(track: track, layerPath: "card", use: .commandLine(),
                                                                segments: segments)], length: 48_000)
        func at(_ mix: Soundtrack, _ t: Double) -> Float { mix.samples(Int((t * 48_000).rounded())..<Int((t * 48_000).rounded()) + 1)[0] }
        XCTAssertEqual(at(once, 0.4999), 0)
        XCTAssertEqual(at(once, 0.55), 0.15, accuracy: 1e-6, "track time 0.05 s is file time 0.15 s")
        XCTAssertEqual(at(once, 0.65), 0, "the span ended at 0.6 s: without loop, silence")
        XCTAssertEqual(at(once, 0.81), 0.13, accuracy: 1e-6, "the second play, from track time 0.02 s")
        track.loop = true
        let looped = try Soundtrack(tracks: [], used: [UsedSound(track: track, layerPath: "card", use: .commandLine(),
                                                                  segments: segments)], length: 48_000)
        XCTAssertEqual(at(looped, 0.65), 0.15, accuracy: 1e-6, "looping the span")
        XCTAssertEqual(at(looped, 0.76), 0, "between the plays")
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
