import XCTest
@testable import StrataModel

final class TimingFunctionTests: XCTestCase {
    /// An independent reference: the Bernstein form solved by 200 bisection
    /// steps on t (no Newton, no power form), far below 1e-12 in x.
    private func reference(_ f: TimingFunction, _ x: Double) -> Double {
        let (c1x, c1y, c2x, c2y) = f.controlPoints
        func bernstein(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bernstein(mid, c1x, c2x) < x { lo = mid } else { hi = mid }
        }
        return bernstein((lo + hi) / 2, c1y, c2y)
    }

    private let named: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

    func testEndpointsAreExactAndInputIsClamped() {
        for f in named + [.custom(0.3, 1.6, 0.7, -0.6)] {
            XCTAssertEqual(f.evaluate(0), 0, "\(f)")
            XCTAssertEqual(f.evaluate(1), 1, "\(f)")
            XCTAssertEqual(f.evaluate(-0.5), 0, "\(f)")
            XCTAssertEqual(f.evaluate(1.5), 1, "\(f)")
            XCTAssertEqual(f.evaluate(.nan), 0, "\(f)")
        }
    }

    func testLinearIsTheIdentity() {
        for x in stride(from: 0.0, through: 1, by: 0.001) {
            XCTAssertEqual(TimingFunction.linear.evaluate(x), x)
        }
        // Control points on the diagonal are linear too.
        XCTAssertEqual(TimingFunction.custom(0.2, 0.2, 0.9, 0.9).evaluate(0.37), 0.37)
    }

    func testEaseInEaseOutIsSymmetric() {
        XCTAssertEqual(TimingFunction.easeInEaseOut.evaluate(0.5), 0.5, accuracy: 1e-12)
        for x in stride(from: 0.0, through: 1, by: 0.01) {
            let f = TimingFunction.easeInEaseOut
            XCTAssertEqual(f.evaluate(x) + f.evaluate(1 - x), 1, accuracy: 1e-12)
            // easeIn and easeOut mirror each other.
            XCTAssertEqual(TimingFunction.easeIn.evaluate(x) + TimingFunction.easeOut.evaluate(1 - x), 1, accuracy: 1e-12)
        }
    }

    func testKnownValues() {
        // Computed with 60-digit decimal bisection.
        XCTAssertEqual(TimingFunction.default.evaluate(0.25), 0.408510591355395870, accuracy: 1e-12)
        XCTAssertEqual(TimingFunction.default.evaluate(0.5), 0.802403387584856990, accuracy: 1e-12)
        XCTAssertEqual(TimingFunction.default.evaluate(0.75), 0.960458978348974084, accuracy: 1e-12)
        XCTAssertEqual(TimingFunction.easeIn.evaluate(0.5), 0.315356812572539304, accuracy: 1e-12)
        XCTAssertEqual(TimingFunction.easeOut.evaluate(0.25), 0.378138130825109797, accuracy: 1e-12)
    }

    func testAgainstHighResolutionReference() {
        let curves: [TimingFunction] = named + [
            .custom(0.68, -0.55, 0.265, 1.55),   // overshoot both ways ("easeInOutBack")
            .custom(0, 1, 0, 1),                  // zero slope in x at t = 0: Newton must fall back
            .custom(1, 0, 1, 0),
            .custom(0.5, 0, 0.5, 1),
            .custom(0.1, 0.9, 0.9, 0.1),
        ]
        let xs = [1e-9, 0.001, 0.1, 0.2, 0.25, 0.333, 0.5, 0.6, 0.75, 0.9, 0.999, 1 - 1e-9]
        for f in curves {
            for x in xs {
                XCTAssertEqual(f.evaluate(x), reference(f, x), accuracy: 1e-9, "\(f) at \(x)")
            }
        }
    }

    func testOvershootIsAllowed() {
        let back = TimingFunction.custom(0.68, -0.55, 0.265, 1.55)
        XCTAssertLessThan(back.evaluate(0.1), 0)
        XCTAssertGreaterThan(back.evaluate(0.9), 1)
    }

    func testControlPointXIsClamped() {
        let f = TimingFunction.custom(-0.5, 0.2, 1.5, 0.7)
        let g = TimingFunction.custom(0, 0.2, 1, 0.7)
        for x in [0.1, 0.5, 0.9] { XCTAssertEqual(f.evaluate(x), g.evaluate(x)) }
    }

    func testMonotonic() {
        for f in named + [.custom(0, 1, 0, 1), .custom(1, 0, 1, 0)] {
            var previous = 0.0
            for i in 0...10_000 {
                let y = f.evaluate(Double(i) / 10_000)
                XCTAssertGreaterThanOrEqual(y, previous, "\(f) at \(i)")
                previous = y
            }
        }
    }
}
