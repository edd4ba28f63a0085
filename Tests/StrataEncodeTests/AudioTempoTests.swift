import Foundation
import StrataModel
import XCTest

@testable import StrataEncode

/// Sound played faster and slower through libavfilter: exact lengths,
/// kept or followed pitch, and where an impulse lands.
final class AudioTempoTests: XCTestCase {
    /// Interleaved stereo: a `frequency` Hz sine at 0.5 for `seconds` at 48 kHz.
    private func tone(_ frequency: Double, seconds: Double) -> [Float] {
        (0..<Int(seconds * 48_000)).flatMap { n in
            let v = Float(0.5 * sin(2 * Double.pi * frequency * Double(n) / 48_000))
            return [v, v]
        }
    }

    /// Hz of the left channel's middle half, by zero crossings.
    private func frequency(_ stereo: [Float]) -> Double {
        let left = stride(from: 0, to: stereo.count, by: 2).map { stereo[$0] }
        let middle = Array(left[left.count / 4 ..< left.count * 3 / 4])
        let crossings = zip(middle, middle.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        return Double(crossings) / 2 / (Double(middle.count) / 48_000)
    }

    func testTimeDomainKeepsThePitchAndVarispeedFollowsTheRate() throws {
        let input = tone(500, seconds: 1)
        for rate in [0.25, 0.75, 1.5, 3] {
            let count = Int(48_000 / rate)
            let kept = try AudioTempo.play(input, channels: 2, sampleRate: 48_000, rate: rate, pitch: .timeDomain, outputCount: count)
            XCTAssertEqual(kept.count, count * 2, "exactly the asked length")
            XCTAssertEqual(frequency(kept), 500, accuracy: 10, "timeDomain at \(rate)x")
            let tape = try AudioTempo.play(input, channels: 2, sampleRate: 48_000, rate: rate, pitch: .varispeed, outputCount: count)
            XCTAssertEqual(frequency(tape), 500 * rate, accuracy: 5 * rate, "varispeed at \(rate)x")
        }
    }

    func testVarispeedPutsAnImpulseExactlyWhereTheRateSays() throws {
        var input = [Float](repeating: 0, count: 96_000)
        input[2 * 30_000] = 0.9; input[2 * 30_000 + 1] = 0.9   // 0.625 s in
        let out = try AudioTempo.play(input, channels: 2, sampleRate: 48_000, rate: 2, pitch: .varispeed, outputCount: 24_000)
        let peak = stride(from: 0, to: out.count, by: 2).max { abs(out[$0]) < abs(out[$1]) }! / 2
        XCTAssertEqual(Double(peak) / 48_000, 0.3125, accuracy: 0.0002)
    }

    func testNoRateBelowZeroOrNaN() {
        for rate in [0, -1, Double.nan] {
            assertThrowsEncodeError(["cannot play sound at rate"]) {
                try AudioTempo.play([0, 0], channels: 2, sampleRate: 48_000, rate: rate, pitch: .timeDomain, outputCount: 1)
            }
        }
    }
}
