import XCTest
@testable import StrataModel

/// A seeded generator so that the "random" cases are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func assertMatrix(_ a: Transform3D, _ b: Transform3D, accuracy: Double = 1e-12,
                  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {
    let x = a.rowMajor, y = b.rowMajor
    let worst = zip(x, y).map { abs($0 - $1) }.max()!
    XCTAssertLessThanOrEqual(worst, accuracy, "\(message())\n\(x)\nvs\n\(y)", file: file, line: line)
}

func assertSample(_ s: TimingSample?, _ fraction: Double, _ iteration: Int, accuracy: Double = 0,
                  file: StaticString = #filePath, line: UInt = #line) {
    guard let s else { return XCTFail("expected a sample, got nil", file: file, line: line) }
    XCTAssertEqual(s.fraction, fraction, accuracy: accuracy, "fraction", file: file, line: line)
    XCTAssertEqual(s.iteration, iteration, "iteration", file: file, line: line)
}

func timing(begin: Double = 0, duration: Double = 1, speed: Double = 1, timeOffset: Double = 0,
            repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
            fillMode: FillMode = .removed) -> MediaTiming {
    var t = MediaTiming()
    t.beginTime = begin; t.duration = duration; t.speed = speed; t.timeOffset = timeOffset
    t.repeatCount = repeatCount; t.repeatDuration = repeatDuration
    t.autoreverses = autoreverses; t.fillMode = fillMode
    return t
}
