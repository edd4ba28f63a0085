import XCTest
import StrataModel
@testable import StrataLayout

/// Every combination of at most two constraints on one axis, with exact values.
final class AxisSolverTests: XCTestCase {
    typealias Role = LayoutAttribute.Role
    /// A 100-long span starting at 10 (mid 60, max 110).
    let span = AxisSpan(min: 10, size: 100)

    func solve(_ values: [(Role, Double)]) -> AxisSpan {
        AxisSolver.solve(span, values.map { (role: $0.0, value: $0.1) }).span
    }

    func testNothingConstrainedKeepsTheSpan() {
        XCTAssertEqual(solve([]), span)
    }

    func testOneEdgeOrMidpointKeepsTheSize() {
        XCTAssertEqual(solve([(.min, 40)]), AxisSpan(min: 40, size: 100))
        XCTAssertEqual(solve([(.mid, 40)]), AxisSpan(min: -10, size: 100))
        XCTAssertEqual(solve([(.max, 40)]), AxisSpan(min: -60, size: 100))
    }

    func testSizeAloneKeepsTheMinEdge() {
        XCTAssertEqual(solve([(.size, 30)]), AxisSpan(min: 10, size: 30))
    }

    func testTwoEdgesSizeTheSpan() {
        XCTAssertEqual(solve([(.min, 20), (.max, 70)]), AxisSpan(min: 20, size: 50))
        XCTAssertEqual(solve([(.max, 70), (.min, 20)]), AxisSpan(min: 20, size: 50))
        XCTAssertEqual(solve([(.min, 20), (.mid, 45)]), AxisSpan(min: 20, size: 50))
        XCTAssertEqual(solve([(.mid, 45), (.max, 70)]), AxisSpan(min: 20, size: 50))
    }

    func testSizePlusAnEdgePlacesIt() {
        XCTAssertEqual(solve([(.size, 50), (.min, 20)]), AxisSpan(min: 20, size: 50))
        XCTAssertEqual(solve([(.mid, 45), (.size, 50)]), AxisSpan(min: 20, size: 50))
        XCTAssertEqual(solve([(.max, 70), (.size, 50)]), AxisSpan(min: 20, size: 50))
    }

    func testZeroSizeIsNotClamped() {
        let r = AxisSolver.solve(span, [(.min, 20), (.max, 20)])
        XCTAssertEqual(r.span, AxisSpan(min: 20, size: 0))
        XCTAssertFalse(r.clamped)
    }

    func testNegativeSizeBecomesZeroAtTheLowestConstrainedPoint() {
        func clamp(_ values: [(Role, Double)]) -> (AxisSpan, Bool) {
            let r = AxisSolver.solve(span, values.map { (role: $0.0, value: $0.1) })
            return (r.span, r.clamped)
        }
        XCTAssertTrue(clamp([(.min, 70), (.max, 20)]) == (AxisSpan(min: 70, size: 0), true))
        XCTAssertTrue(clamp([(.min, 70), (.mid, 60)]) == (AxisSpan(min: 70, size: 0), true))
        XCTAssertTrue(clamp([(.mid, 60), (.max, 50)]) == (AxisSpan(min: 60, size: 0), true))
        XCTAssertTrue(clamp([(.max, 50), (.size, -5)]) == (AxisSpan(min: 50, size: 0), true))
        XCTAssertTrue(clamp([(.size, -5)]) == (AxisSpan(min: 10, size: 0), true))
    }

    func testAThirdValueOrARepeatedRoleIsIgnored() {
        XCTAssertEqual(solve([(.min, 20), (.min, 30), (.max, 70)]), AxisSpan(min: 20, size: 50))
        XCTAssertEqual(solve([(.min, 20), (.max, 70), (.size, 5)]), AxisSpan(min: 20, size: 50))
    }
}
