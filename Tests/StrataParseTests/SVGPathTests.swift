import XCTest
import StrataModel
@testable import StrataParse

final class SVGPathTests: XCTestCase {
    func parse(_ text: String) -> [SVGPathData.Command] {
        (try? SVGPathData.parse(text).get())?.commands ?? []
    }

    func testAbsoluteRelativeAndImplicitCommands() {
        XCTAssertEqual(parse("M10 20 L30 40 h 5 v-5 H0 V0 z"), [
            .move(Point(10, 20)), .line(Point(30, 40)), .line(Point(35, 40)), .line(Point(35, 35)),
            .line(Point(0, 35)), .line(Point(0, 0)), .close,
        ])
        // After a move, more pairs are lines (relative after m); numbers may touch.
        XCTAssertEqual(parse("m1,2 3,4-1-1.5.5.5"), [.move(Point(1, 2)), .line(Point(4, 6)), .line(Point(3, 4.5)), .line(Point(3.5, 5))])
        XCTAssertEqual(parse("M0 0 1e1 2E-1"), [.move(.zero), .line(Point(10, 0.2))])
    }

    func testSmoothCurvesReflectTheLastControlPoint() {
        XCTAssertEqual(parse("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0"), [
            .move(.zero), .cubic(Point(0, 10), Point(10, 10), Point(10, 0)),
            .cubic(Point(10, -10), Point(20, -10), Point(20, 0)),
        ])
        XCTAssertEqual(parse("M0 0 Q 5 10 10 0 t 10 0"), [
            .move(.zero), .quad(Point(5, 10), Point(10, 0)), .quad(Point(15, -10), Point(20, 0)),
        ])
        // S without a cubic before: the first control point is the current point.
        XCTAssertEqual(parse("M0 0 L 1 1 S 2 2 3 3"), [.move(.zero), .line(Point(1, 1)), .cubic(Point(1, 1), Point(2, 2), Point(3, 3))])
    }

    func testArcsBecomeCubicsOnTheEllipse() {
        // A half circle of radius 10 from (0, 0) to (20, 0) in two quarter turns;
        // with y down, sweep 1 turns clockwise on screen, over the top.
        let c = parse("M 0 0 A 10 10 0 0 1 20 0")
        XCTAssertEqual(c.count, 3)
        guard case .cubic(_, _, let mid) = c[1], case .cubic(_, _, let end) = c[2] else { return XCTFail("\(c)") }
        XCTAssertEqual(mid.x, 10, accuracy: 1e-9)
        XCTAssertEqual(mid.y, -10, accuracy: 1e-9, "clockwise on screen from the left end passes above the centre")
        XCTAssertEqual(end, Point(20, 0))
        // Flags may touch the numbers after them; radii too small are scaled up.
        let d = parse("M0 0 a1 1 0 0110 0")
        guard case .cubic(_, _, let e)? = d.last else { return XCTFail("\(d)") }
        XCTAssertEqual(e.x, 10, accuracy: 1e-12)
        // A zero radius is a line; an arc to the current point is nothing.
        XCTAssertEqual(parse("M0 0 A 0 5 0 0 0 4 4 A 3 3 0 0 0 4 4"), [.move(.zero), .line(Point(4, 4))])
    }

    func testErrorsCarryTheirOffset() {
        func error(_ text: String) -> SVGPathData.ParseError? {
            if case .failure(let e) = SVGPathData.parse(text) { return e }
            return nil
        }
        XCTAssertEqual(error(""), .init(message: "the path is empty; it must start with M (moveto)", offset: 0))
        XCTAssertEqual(error("L 1 1"), .init(message: "the path must start with M (moveto), found 'L'", offset: 0))
        XCTAssertEqual(error("M 1"), .init(message: "expected a number in the path, found the end of the path", offset: 3))
        XCTAssertEqual(error("M 1 1 A 1 1 0 2 0 3 3"), .init(message: "expected an arc flag (0 or 1) in the path, found '2'", offset: 14))
        XCTAssertEqual(error("M 1 1 Z 3"), .init(message: "unexpected '3' in the path; expected a command letter (M, L, H, V, C, S, Q, T, A, Z)", offset: 8))
        XCTAssertEqual(error("M 0 0 L 1e999 0")?.message, "the number '1e999' in the path is not finite")
        XCTAssertNil(error("M 0 0 L 1 1 L 2 2"))
        if case .failure(let e) = SVGPathData.parse("M 0 0 L 1 1 L 2 2", limit: 2) {
            XCTAssertEqual(e.message, "the path has more than 2 segments")
        } else {
            XCTFail("the limit did not apply")
        }
    }
}
