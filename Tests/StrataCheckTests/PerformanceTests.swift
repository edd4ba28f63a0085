import StrataCheck
import StrataModel
import XCTest

/// Prints how long a 1920x1080 comparison takes (no timing assertions:
/// the machine is shared). Run with `swift test -c release` for figures;
/// a debug build runs each case once and skips the slowest.
final class PerformanceTests: XCTestCase {
    static let width = 1920, height = 1080
    #if DEBUG
    static let iterations = 1
    #else
    static let iterations = 3
    #endif

    /// An opaque diagonal gradient with a hard-edged box, built byte by byte.
    static func frame(offset: Int, boxX: Int) -> Pixmap {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let inBox = x >= boxX && x < boxX + 400 && y >= 300 && y < 700
                bytes[i] = inBox ? 30 : UInt8((x + y + offset) & 255)
                bytes[i + 1] = inBox ? 60 : UInt8((x * 3 + offset) & 255)
                bytes[i + 2] = inBox ? 200 : UInt8((y * 5 + offset) & 255)
            }
        }
        return Pixmap(width: width, height: height, pixels: bytes)
    }

    func milliseconds(_ label: String, _ body: () -> Void) {
        var best = Duration.seconds(3600)
        for _ in 0..<Self.iterations {
            let start = ContinuousClock.now
            body()
            best = min(best, ContinuousClock.now - start)
        }
        let ms = Double(best.components.seconds) * 1000 + Double(best.components.attoseconds) / 1e15
        print("StrataCheck 1920x1080 \(label): \(String(format: "%.2f", ms)) ms")
    }

    func testCompare1080p() {
        let expected = Self.frame(offset: 0, boxX: 600)
        let shifted = Self.frame(offset: 10, boxX: 600)
        let moved = Self.frame(offset: 0, boxX: 603)
        var aa = Tolerance()
        aa.antialiasing = true
        var result = FrameComparer.compare(actual: expected, expected: expected, tolerance: .default)
        milliseconds("identical") { result = FrameComparer.compare(actual: expected, expected: expected, tolerance: .default) }
        XCTAssertEqual(result.differingPixels, 0)
        milliseconds("every pixel differs") { result = FrameComparer.compare(actual: shifted, expected: expected, tolerance: .default) }
        XCTAssertGreaterThan(result.differingPixels, 1_000_000)
        #if !DEBUG  // the worst case for anti-aliasing detection; seconds in a debug build
        milliseconds("every pixel differs, anti-aliasing on") { result = FrameComparer.compare(actual: shifted, expected: expected, tolerance: aa) }
        #endif
        milliseconds("box moved 3 px, anti-aliasing on") { result = FrameComparer.compare(actual: moved, expected: expected, tolerance: aa) }
        XCTAssertEqual(result.differingPixels + result.antialiasedPixels, 2 * 3 * 400)
        milliseconds("box moved 3 px, compare + diff image") {
            result = FrameComparer.compareAndDiff(actual: moved, expected: expected, tolerance: aa).comparison
        }
    }
}
