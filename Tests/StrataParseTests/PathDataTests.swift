import XCTest
import StrataModel
@testable import StrataParse

final class PathDataTests: XCTestCase {
    func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> BezierPath? {
        switch PathDataParser.parse(text) {
        case .success(let p): return p
        case .failure(let f):
            XCTFail("\(text): \(f.offset): \(f.message)", file: file, line: line)
            return nil
        }
    }

    func failure(_ text: String) -> PathDataParser.Failure? {
        if case .failure(let f) = PathDataParser.parse(text) { return f }
        XCTFail("'\(text)' parsed")
        return nil
    }

    func testAbsoluteAndRelativeCommands() {
        let abs = parse("M 10 20 L 30 20 H 50 V 60 C 50 70 40 80 30 80 Z")
        let rel = parse("m 10 20 l 20 0 h 20 v 40 c 0 10 -10 20 -20 20 z")
        XCTAssertEqual(abs, rel)
        XCTAssertEqual(abs?.elements, [
            .move(Point(10, 20)), .line(Point(30, 20)), .line(Point(50, 20)), .line(Point(50, 60)),
            .cubic(Point(50, 70), Point(40, 80), Point(30, 80)), .close,
        ])
    }

    func testImplicitRepeatsAndCompactNumbers() {
        // Extra pairs after M are lines (relative after m); repeated C groups.
        XCTAssertEqual(parse("M0 0 10 0 10 10")?.elements, [.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10))])
        XCTAssertEqual(parse("m5 5 10 0")?.elements, [.move(Point(5, 5)), .line(Point(15, 5))])
        XCTAssertEqual(parse("M0,0C1,1,2,2,3,3,4,4,5,5,6,6")?.structure, "MCC")
        // Signs and a second dot separate numbers; exponents.
        XCTAssertEqual(parse("M 1e1 2E-1")?.elements, [.move(Point(10, 0.2))])
        XCTAssertEqual(parse("M10-5.5.5 .5")?.elements, [.move(Point(10, -5.5)), .line(Point(0.5, 0.5))])
        XCTAssertEqual(parse("")?.isEmpty, true)
        XCTAssertEqual(parse("  \n ")?.isEmpty, true)
    }

    func testSmoothCurvesReflectTheLastControlPoint() {
        let p = parse("M 0 0 C 0 10 10 10 10 0 S 20 -10 20 0")
        guard case .cubic(let c1, _, _)? = p?.elements.last else { return XCTFail() }
        XCTAssertEqual(c1, Point(10, -10))
        // S after a line: the first control point is the current point.
        guard case .cubic(let d1, _, _)? = parse("M 0 0 L 5 5 S 20 -10 20 0")?.elements.last else { return XCTFail() }
        XCTAssertEqual(d1, Point(5, 5))
        // Q becomes the cubic with control points 2/3 of the way; T reflects Q's control point.
        let q = parse("M 0 0 Q 30 30 60 0 T 120 0")
        XCTAssertEqual(q?.elements[1], .cubic(Point(20, 20), Point(40, 20), Point(60, 0)))
        XCTAssertEqual(q?.elements[2], .cubic(Point(80, -20), Point(100, -20), Point(120, 0)))
    }

    func testArcsBecomeCubicsAndFlagsNeedNoSeparator() {
        let spaced = parse("M 0 0 A 50 50 0 1 0 100 0")
        let compact = parse("M0 0A50 50 0 10100 0")
        XCTAssertEqual(spaced, compact)
        XCTAssertEqual(spaced?.structure, "MCC")  // a half circle: two quarter cubics
        // Relative arc.
        XCTAssertEqual(parse("M 10 10 a 50 50 0 1 0 100 0"), parse("M 10 10 A 50 50 0 1 0 110 10"))
        // After Z the current point is the sub-path's start.
        XCTAssertEqual(parse("M 10 10 L 20 10 Z l 5 5")?.elements.last, .line(Point(15, 15)))
    }

    func testSyntaxErrorsPointAtTheOffendingCharacter() {
        XCTAssertEqual(failure("L 0 0")?.offset, 0)
        XCTAssertEqual(failure("L 0 0")?.message, "path data must start with a move command (M or m), found 'L'")
        XCTAssertEqual(failure("M 0 0 L 10 x")?.offset, 11)
        XCTAssertEqual(failure("M 0 0 L 10 x")?.message, "expected a number for argument 2 of 2 of 'L' (line), found 'x'")
        XCTAssertEqual(failure("M 0 0 C 1 2 3")?.message, "expected a number for argument 4 of 6 of 'C' (curve), found the end of the path")
        XCTAssertEqual(failure("M 0 0 C 1 2 3")?.offset, 13)
        XCTAssertEqual(failure("M 0 0 K 1 2")?.offset, 6)
        XCTAssertEqual(failure("M 0 0 K 1 2")?.message, "unknown path command 'K'; expected one of M L H V C S Q T A Z (or lower case for relative)")
        XCTAssertEqual(failure("M 0 0 A 5 5 0 2 0 10 10")?.offset, 14)
        XCTAssertEqual(failure("M 0 0 A 5 5 0 2 0 10 10")?.message, "expected the large-arc flag 0 or 1 for argument 4 of 7 of 'A' (arc), found '2'")
        XCTAssertEqual(failure("M 0,,0")?.message, "expected a number for argument 2 of 2 of 'M' (move), found an extra ','")
        XCTAssertEqual(failure("M 1e999 0")?.message, "the number '1e999' is out of range")
    }
}
