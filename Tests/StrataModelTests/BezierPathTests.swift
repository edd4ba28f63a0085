import StrataModel
import XCTest

final class BezierPathTests: XCTestCase {
    /// The point of a cubic at t.
    func point(_ p0: Point, _ e: BezierPath.Element, _ t: Double) -> Point {
        guard case .cubic(let a, let b, let c) = e else { return p0 }
        let u = 1 - t
        let x = u * u * u * p0.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * c.x
        let y = u * u * u * p0.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * c.y
        return Point(x, y)
    }

    func testRectKeepsOneStructureForEveryRadius() {
        let sharp = BezierPath.rect(Rect(0, 0, 100, 50))
        let round = BezierPath.rect(Rect(0, 0, 100, 50), cornerRadius: 10)
        XCTAssertEqual(sharp.structure, "MLCLCLCLCZ")
        XCTAssertTrue(sharp.hasSameStructure(as: round))
        // Clockwise on screen from the top edge; a zero radius starts at the top-left corner.
        XCTAssertEqual(sharp.elements[0], .move(Point(0, 0)))
        XCTAssertEqual(sharp.elements[1], .line(Point(100, 0)))
        XCTAssertEqual(round.elements[0], .move(Point(10, 0)))
        XCTAssertEqual(round.elements[3], .line(Point(100, 40)))
        // The radius is clamped to half the shorter side.
        XCTAssertEqual(BezierPath.rect(Rect(0, 0, 100, 50), cornerRadius: 80).elements[0], .move(Point(25, 0)))
    }

    func testEllipseStartsAtThreeOClockAndRunsClockwise() {
        let e = BezierPath.ellipse(Rect(0, 0, 200, 100))
        XCTAssertEqual(e.structure, "MCCCCZ")
        XCTAssertEqual(e.elements[0], .move(Point(200, 50)))
        guard case .cubic(_, _, let bottom) = e.elements[1] else { return XCTFail() }
        XCTAssertEqual(bottom, Point(100, 100))  // y down: clockwise reaches the bottom first
        // The kappa approximation stays within 0.03% of the radius at 45°.
        let mid = point(Point(200, 50), e.elements[1], 0.5)
        let r = (((mid.x - 100) / 100) * ((mid.x - 100) / 100) + ((mid.y - 50) / 50) * ((mid.y - 50) / 50)).squareRoot()
        XCTAssertEqual(r, 1, accuracy: 3e-4)
    }

    func testArcQuarterCircleIsOneCubicOnTheCircle() {
        let arc = BezierPath.arc(from: Point(100, 0), radii: (100, 100), xAxisRotation: 0,
                                 largeArc: false, sweep: true, to: Point(0, 100))
        XCTAssertEqual(arc.count, 1)
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            let p = point(Point(100, 0), arc[0], t)
            // Clockwise on screen (sweep 1, y down) from (100, 0) to (0, 100) around (0, 0).
            XCTAssertEqual((p.x * p.x + p.y * p.y).squareRoot(), 100, accuracy: 0.03, "t = \(t)")
            XCTAssertGreaterThanOrEqual(p.x, -1e-9)
            XCTAssertGreaterThanOrEqual(p.y, -1e-9)
        }
    }

    func testArcFlagsPickTheFourArcs() {
        // From (0, 0) to (100, 0) with radius 100: two centres, each with a small and a large arc.
        func arcs(large: Bool, sweep: Bool) -> [BezierPath.Element] {
            BezierPath.arc(from: Point(0, 0), radii: (100, 100), xAxisRotation: 0, largeArc: large, sweep: sweep, to: Point(100, 0))
        }
        XCTAssertEqual(arcs(large: false, sweep: true).count, 1)   // 60° each
        XCTAssertEqual(arcs(large: true, sweep: true).count, 4)    // 300°
        // Sweep 1 (clockwise on screen) over the small arc passes above the chord (y < 0).
        XCTAssertLessThan(point(Point(0, 0), arcs(large: false, sweep: true)[0], 0.5).y, -10)
        XCTAssertGreaterThan(point(Point(0, 0), arcs(large: false, sweep: false)[0], 0.5).y, 10)
        // The last cubic lands exactly on the end point.
        guard case .cubic(_, _, let end)? = arcs(large: true, sweep: false).last else { return XCTFail() }
        XCTAssertEqual(end, Point(100, 0))
    }

    func testArcRadiiTooSmallAreScaledUpAndDegenerateArcs() {
        // Radius 10 cannot reach 100 points away: scaled to 50, a half circle.
        let arc = BezierPath.arc(from: Point(0, 0), radii: (10, 10), xAxisRotation: 0, largeArc: false, sweep: true, to: Point(100, 0))
        XCTAssertEqual(arc.count, 2)
        XCTAssertEqual(point(Point(0, 0), arc[0], 1).y, -50, accuracy: 1e-9)
        XCTAssertEqual(BezierPath.arc(from: Point(0, 0), radii: (0, 10), xAxisRotation: 0, largeArc: false, sweep: true, to: Point(5, 5)),
                       [.line(Point(5, 5))])
        XCTAssertEqual(BezierPath.arc(from: Point(3, 3), radii: (10, 10), xAxisRotation: 0, largeArc: false, sweep: true, to: Point(3, 3)), [])
    }

    func testInterpolationNeedsTheSameStructure() {
        let a = BezierPath([.move(Point(0, 0)), .line(Point(10, 0)), .close])
        let b = BezierPath([.move(Point(10, 10)), .line(Point(30, 20)), .close])
        XCTAssertEqual(a.interpolated(to: b, 0.5), BezierPath([.move(Point(5, 5)), .line(Point(20, 10)), .close]))
        XCTAssertEqual(a.interpolated(to: b, 0), a)
        XCTAssertEqual(a.interpolated(to: b, 1), b)
        let c = BezierPath([.move(Point(0, 0)), .cubic(Point(1, 1), Point(2, 2), Point(3, 3)), .close])
        XCTAssertNil(a.interpolated(to: c, 0.5))
        XCTAssertNil(a.interpolated(to: BezierPath([.move(.zero)]), 0.5))
    }

    func testBoundsAndSVGData() {
        let p = BezierPath([.move(Point(-5, 2)), .cubic(Point(0, -8), Point(10, 9), Point(4, 1.5)), .close])
        XCTAssertEqual(p.controlPointBounds, Rect(-5, -8, 15, 17))
        XCTAssertNil(BezierPath().controlPointBounds)
        XCTAssertEqual(p.svgPathData, "M -5 2 C 0 -8 10 9 4 1.5 Z")
    }

    func testReplicatorInstanceColorsAccumulateAndClamp() {
        var r = ReplicatorProperties()
        r.instanceColor = Color(1, 0.5, 0.2, 1)
        r.instanceRedOffset = -0.25
        r.instanceBlueOffset = 0.5
        XCTAssertEqual(r.color(ofInstance: 0), Color(1, 0.5, 0.2, 1))
        XCTAssertEqual(r.color(ofInstance: 2), Color(0.5, 0.5, 1, 1))
        XCTAssertEqual(r.color(ofInstance: 5), Color(0, 0.5, 1, 1))
    }

    func testScrollModeMovesOnlyItsAxes() {
        let origin = Point(1, 2), to = Point(30, 40)
        XCTAssertEqual(ScrollMode.both.scrolled(origin, to: to), to)
        XCTAssertEqual(ScrollMode.vertically.scrolled(origin, to: to), Point(1, 40))
        XCTAssertEqual(ScrollMode.horizontally.scrolled(origin, to: to), Point(30, 2))
        XCTAssertEqual(ScrollMode.none.scrolled(origin, to: to), origin)
    }
}
