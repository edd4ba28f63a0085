import XCTest
@testable import StrataModel

/// cornerCurve: continuous, the squircle corner's geometry.
final class ContinuousCornerTests: XCTestCase {
    /// A 100x60 rect with radius 10: each corner leaves its edges 15.2866483
    /// points from the corner, at PaintCode's control points (in radii).
    func testCornerPointsWhereTheyFit() throws {
        let path = BezierPath.continuousRoundedRect(Rect(0, 0, 100, 60), radius: 10)
        XCTAssertEqual(path.structure, "M" + String(repeating: "LCLCLC", count: 4) + "Z")
        guard case .move(let start) = path.elements[0], case .line(let topEnd) = path.elements[1],
              case .cubic(let c1, let c2, let p1) = path.elements[2], case .line(let p2) = path.elements[3],
              case .cubic(_, _, let p3) = path.elements[4], case .cubic(_, _, let end) = path.elements[6] else {
            return XCTFail("unexpected elements \(path.elements)")
        }
        XCTAssertEqual(start.x, 15.2866483, accuracy: 1e-9)
        XCTAssertEqual(start.y, 0)
        XCTAssertEqual(topEnd.x, 100 - 15.2866483, accuracy: 1e-9)
        XCTAssertEqual(c1.x, 100 - 10.8849323, accuracy: 1e-9)
        XCTAssertEqual(c2.x, 100 - 8.6840689, accuracy: 1e-9)
        XCTAssertEqual(p1.x, 100 - 6.6993427, accuracy: 1e-9)
        XCTAssertEqual(p1.y, 0.65496, accuracy: 1e-9)
        XCTAssertEqual(p2.x, 100 - 6.3149399, accuracy: 1e-9)
        XCTAssertEqual(p3.x, 100 - 0.749110, accuracy: 1e-9)
        XCTAssertEqual(p3.y, 6.3149399, accuracy: 1e-9)
        // The corner ends on the right edge, as far down as it started in.
        XCTAssertEqual(end.x, 100)
        XCTAssertEqual(end.y, 15.2866483, accuracy: 1e-9)
    }

    /// Symmetric about each corner's diagonal, and the same at all four corners.
    func testSymmetry() {
        let local = ContinuousCorner.points(radius: 8, half: 50)
        for (p, q) in zip(local, local.reversed()) {
            XCTAssertEqual(p.u, q.v, accuracy: 1e-12)
            XCTAssertEqual(p.v, q.u, accuracy: 1e-12)
        }
        let path = BezierPath.continuousRoundedRect(Rect(10, 20, 80, 80), radius: 8)
        // A quarter turn about the centre (50, 60) maps the outline onto itself.
        let turned = path.mapPoints { Point(50 - ($0.y - 60), 60 + ($0.x - 50)) }
        let points = Set(path.elements.flatMap(\.points).map { [($0.x * 1e6).rounded(), ($0.y * 1e6).rounded()] })
        let turnedPoints = Set(turned.elements.flatMap(\.points).map { [($0.x * 1e6).rounded(), ($0.y * 1e6).rounded()] })
        XCTAssertEqual(points, turnedPoints)
    }

    /// Past 1/1.5287 of half the side the corner blends into a quarter
    /// circle: it always reaches exactly half the side, and at r = half it
    /// is the circle (a capsule's end).
    func testLargeRadiiBlendIntoACircle() {
        let half = 30.0
        for r in [20.0, 25, 30, 40] {
            let p = ContinuousCorner.points(radius: r, half: half)
            XCTAssertEqual(p[0].u, half, accuracy: 1e-12, "r \(r)")
            XCTAssertEqual(ContinuousCorner.reach(radius: r, half: half), half, accuracy: 1e-12)
        }
        // r = half: every end point on the circle of radius 30 about (30, 30).
        let circle = ContinuousCorner.points(radius: 30, half: half)
        for i in [0, 3, 4, 7, 8, 11] {
            let d = ((circle[i].u - 30) * (circle[i].u - 30) + (circle[i].v - 30) * (circle[i].v - 30)).squareRoot()
            XCTAssertEqual(d, 30, accuracy: 1e-9, "point \(i)")
        }
        // Just fitting: the squircle itself.
        let fits = ContinuousCorner.points(radius: half / ContinuousCorner.extent, half: half)
        XCTAssertEqual(fits[3].v, 0.065496 * half / ContinuousCorner.extent, accuracy: 1e-9)
    }

    func testSquareCornersAndZeroRadius() {
        let one = BezierPath.continuousRoundedRect(Rect(0, 0, 40, 40), radius: 5, corners: [.maxXMaxY])
        XCTAssertEqual(one.structure, "MLLCLCLCLLZ")
        guard case .move(let start) = one.elements[0] else { return XCTFail() }
        XCTAssertEqual(start, Point(0, 0))
        let none = BezierPath.continuousRoundedRect(Rect(0, 0, 40, 40), radius: 0)
        XCTAssertEqual(none.structure, "MLLLLZ")
    }
}

private extension BezierPath.Element {
    var points: [Point] {
        switch self {
        case .move(let p), .line(let p): return [p]
        case .cubic(let a, let b, let c): return [a, b, c]
        case .close: return []
        }
    }
}

extension ContinuousCornerTests {
    /// The polyline follows the curve: the corner point is outside by its
    /// distance to the curve's diagonal point, points past the reach are inside.
    func testOutlineDistances() {
        let outline = ContinuousCorner.Outline(radius: 10, half: 50)
        XCTAssertEqual(outline.reach, 15.2866483, accuracy: 1e-9)
        // The diagonal point: the middle cubic's midpoint, (3/8)(0.6315 + 0.0749) + (3/8)(0.3728 + 0.1691)... in radii.
        let m = 0.125 * (6.3149399 + 0.749110) + 0.375 * (3.7282392 + 1.6905899)
        XCTAssertEqual(outline.diagonal, m, accuracy: 1e-9)
        XCTAssertEqual(outline.signedDistance(u: 0, v: 0), m * 2.0.squareRoot(), accuracy: 1e-6)
        XCTAssertEqual(outline.signedDistance(u: m + 1, v: m + 1), -(2.0.squareRoot()), accuracy: 1e-3)
        XCTAssertEqual(outline.signedDistance(u: 20, v: 0), -.infinity)
        // On the edge, short of the curve's start: on the curve (distance 0 at the start point).
        XCTAssertEqual(outline.signedDistance(u: 15.2866483 - 1e-9, v: 0), 0, accuracy: 1e-6)
    }
}
