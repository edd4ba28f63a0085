import XCTest
import StrataModel
@testable import StrataParse

final class ValueTests: XCTestCase {
    private func ok<T>(_ r: Parsed<T>, file: StaticString = #filePath, line: UInt = #line) -> T? {
        switch r {
        case .success(let v): return v
        case .failure(let d):
            XCTFail("unexpected: \(d)", file: file, line: line)
            return nil
        }
    }

    private func message<T>(_ r: Parsed<T>, file: StaticString = #filePath, line: UInt = #line) -> String? {
        switch r {
        case .success(let v):
            XCTFail("expected a failure, got \(v)", file: file, line: line)
            return nil
        case .failure(let d): return d.message
        }
    }

    // MARK: Times

    func testTimes() {
        XCTAssertClose(ok(Values.time(yamlValue("500ms"))), 0.5)
        XCTAssertClose(ok(Values.time(yamlValue("2s"))), 2)
        XCTAssertClose(ok(Values.time(yamlValue("1.5"))), 1.5)
        XCTAssertClose(ok(Values.time(yamlValue("-0.25s"))), -0.25)
        XCTAssertClose(ok(Values.time(yamlValue("\"250ms\""))), 0.25)
        XCTAssertClose(ok(Values.time(yamlValue("0"))), 0)
        XCTAssertClose(ok(Values.time(yamlValue("1e3ms"))), 1)
    }

    func testTimeErrorsSayWhatWasExpectedAndFound() {
        XCTAssertEqual(message(Values.time(yamlValue("fast"))), "expected a time like 500ms or 2s, found 'fast'")
        XCTAssertEqual(message(Values.time(yamlValue("2 s"))), "expected a time like 500ms or 2s, found '2 s'")
        XCTAssertEqual(message(Values.time(yamlValue("2min"))), "expected a time like 500ms or 2s, found '2min'")
        XCTAssertEqual(message(Values.time(yamlValue("[1]"))), "expected a time like 500ms or 2s, found a list")
        XCTAssertEqual(message(Values.time(yamlValue(""))), "expected a time like 500ms or 2s, found nothing")
        XCTAssertEqual(message(Values.time(yamlValue("\"2\""))),
                       "expected a time like 500ms or 2s, found the string '2' (a quoted number is text; remove the quotes)")
        XCTAssertEqual(message(Values.time(yamlValue("-1s"), .nonNegative)), "expected a time of 0s or more, found '-1s'")
        XCTAssertEqual(message(Values.time(yamlValue("0"), .positive(atMost: 3600))),
                       "expected a time greater than 0s and at most 3600s, found '0'")
        XCTAssertEqual(message(Values.time(yamlValue(".nan"))), "expected a finite time, found '.nan'")
        XCTAssertEqual(message(Values.time(yamlValue(".inf"))), "expected a finite time, found '.inf'")
    }

    // MARK: Angles

    func testUnitsComeLongestFirstSoNoUnitHidesALongerOne() {
        // `unitValue` takes the first unit the text ends with: `ms` must come before `s`.
        for units in [Values.timeUnits, Values.angleUnits] {
            for (i, earlier) in units.enumerated() {
                for later in units[(i + 1)...] {
                    XCTAssertFalse(later.unit.hasSuffix(earlier.unit), "'\(earlier.unit)' would hide '\(later.unit)'")
                }
            }
        }
        XCTAssertClose(ok(Values.time(yamlValue("250ms"))), 0.25)
        XCTAssertClose(ok(Values.angle(yamlValue("0.5turn"))), .pi)
    }

    func testAnglesAreRadiansAndBareNumbersAreDegrees() {
        XCTAssertClose(ok(Values.angle(yamlValue("45deg"))), .pi / 4)
        XCTAssertClose(ok(Values.angle(yamlValue("45"))), .pi / 4)
        XCTAssertClose(ok(Values.angle(yamlValue("1.2rad"))), 1.2)
        XCTAssertClose(ok(Values.angle(yamlValue("0.25turn"))), .pi / 2)
        XCTAssertClose(ok(Values.angle(yamlValue("-90deg"))), -.pi / 2)
        XCTAssertClose(ok(Values.angle(yamlValue("0"))), 0)
        XCTAssertEqual(message(Values.angle(yamlValue("45degrees"))),
                       "expected an angle like 45deg, 1.2rad or 0.25turn, found '45degrees'")
        XCTAssertEqual(message(Values.angle(yamlValue("-.inf"))), "expected a finite angle, found '-.inf'")
    }

    // MARK: Numbers

    func testNumbers() {
        XCTAssertEqual(ok(Values.number(yamlValue("0.5"), .unit)), 0.5)
        XCTAssertEqual(ok(Values.number(yamlValue("1"), .unit)), 1)
        XCTAssertEqual(ok(Values.number(yamlValue("0"), .unit)), 0)
        XCTAssertEqual(message(Values.number(yamlValue("1.0000001"), .unit)), "expected a number from 0 to 1, found '1.0000001'")
        XCTAssertEqual(message(Values.number(yamlValue("-0.1"), .unit)), "expected a number from 0 to 1, found '-0.1'")
        XCTAssertEqual(message(Values.number(yamlValue(".nan"))), "expected a finite number, found '.nan'")
        XCTAssertEqual(message(Values.number(yamlValue("\"0.5\""))),
                       "expected a number, found the string '0.5' (a quoted number is text; remove the quotes)")
        XCTAssertEqual(message(Values.number(yamlValue("0"), .positive)), "expected a number greater than 0, found '0'")
        XCTAssertEqual(message(Values.length(yamlValue("10px"))), "expected a length, found '10px'")
        XCTAssertEqual(ok(Values.integer(yamlValue("255"), .closed(0, 255))), 255)
        XCTAssertEqual(message(Values.integer(yamlValue("256"), .closed(0, 255))), "expected a whole number from 0 to 255, found '256'")
        XCTAssertEqual(message(Values.integer(yamlValue("1.5"))), "expected a whole number, found '1.5'")
        XCTAssertEqual(ok(Values.bool(yamlValue("false"))), false)
        XCTAssertEqual(message(Values.bool(yamlValue("yes"))), "expected true or false, found 'yes'")
    }

    // MARK: Geometry

    func testPointsSizesRects() {
        XCTAssertEqual(ok(Values.point(yamlValue("[1, -2.5]"))), Point(1, -2.5))
        XCTAssertEqual(ok(Values.size(yamlValue("[3, 4]"))), Size(3, 4))
        XCTAssertEqual(ok(Values.rect(yamlValue("[-1, 2, 3, 4]"))), Rect(-1, 2, 3, 4))
        XCTAssertEqual(message(Values.point(yamlValue("[1, 2, 3]"))), "expected a point [x, y] (2 numbers), found 3 items")
        XCTAssertEqual(message(Values.point(yamlValue("5"))), "expected a point [x, y], found '5'")
        XCTAssertEqual(message(Values.size(yamlValue("[3, -4]"))), "expected a number of 0 or more, found '-4'")
        XCTAssertEqual(message(Values.rect(yamlValue("[0, 0, 10]"))), "expected a rect [x, y, w, h] (4 numbers), found 3 items")
        XCTAssertEqual(message(Values.rect(yamlValue("[0, 0, -1, 1]"))), "expected a number of 0 or more, found '-1'")
        // Errors inside a list point at the element.
        guard case .failure(let d) = Values.point(yamlValue("[1, x]")) else { return XCTFail() }
        XCTAssertEqual(d.description, "v.yaml:1:8: error: expected a number, found 'x'")
    }

    // MARK: Colors

    private func color(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Color? {
        ok(Values.color(yamlValue(text)), file: file, line: line)
    }

    func testHexColors() {
        XCTAssertEqual(color("\"#f80\""), Color(1, 0x88 / 255, 0, 1))
        XCTAssertEqual(color("\"#f808\""), Color(1, 0x88 / 255, 0, 0x88 / 255))
        XCTAssertEqual(color("\"#FF8800\""), Color(1, 0x88 / 255, 0, 1))
        XCTAssertEqual(color("\"#ff880080\""), Color(1, 0x88 / 255, 0, 0x80 / 255))
        XCTAssertEqual(message(Values.color(yamlValue("\"#ff880\""))),
                       "expected a hex color of 3, 4, 6 or 8 hex digits after '#', found '#ff880'")
        XCTAssertEqual(message(Values.color(yamlValue("\"#gg0000\""))),
                       "expected a hex color of 3, 4, 6 or 8 hex digits after '#', found '#gg0000'")
    }

    func testNamedColors() {
        XCTAssertEqual(color("red"), Color(1, 0, 0, 1))
        XCTAssertEqual(color("RebeccaPurple"), Color(0x66 / 255, 0x33 / 255, 0x99 / 255, 1))
        XCTAssertEqual(color("transparent"), Color(0, 0, 0, 0))
        XCTAssertEqual(color("lightgoldenrodyellow"), Color(0xFA / 255, 0xFA / 255, 0xD2 / 255, 1))
        XCTAssertEqual(CSSColors.allNames.count, 149)
        XCTAssertEqual(message(Values.color(yamlValue("gren"))), "unknown color name 'gren'; did you mean 'green'?")
        XCTAssertEqual(message(Values.color(yamlValue("zzzzzz"))),
                       "unknown color name 'zzzzzz'; expected \(Values.colorForms)")
    }

    func testFunctionalColors() {
        XCTAssertEqual(color("rgb(255, 0, 51)"), Color(1, 0, 0.2, 1))
        XCTAssertEqual(color("rgba(255, 0, 51, 0.5)"), Color(1, 0, 0.2, 0.5))
        XCTAssertEqual(color("rgb(100%, 50%, 0%)"), Color(1, 0.5, 0, 1))
        XCTAssertEqual(color("rgb(100% 50% 0% / 25%)"), Color(1, 0.5, 0, 0.25))
        XCTAssertEqual(color("RGBA(0,0,0,0)"), Color(0, 0, 0, 0))
        XCTAssertEqual(message(Values.color(yamlValue("rgb(256, 0, 0)"))),
                       "rgb() takes red, green and blue from 0 to 255 or as percentages, and an optional alpha from 0 to 1, found '256' in 'rgb(256, 0, 0)'")
        XCTAssertEqual(message(Values.color(yamlValue("rgba(1, 2, 3, 4)"))),
                       "rgb() takes red, green and blue from 0 to 255 or as percentages, and an optional alpha from 0 to 1, found '4' in 'rgba(1, 2, 3, 4)'")
        XCTAssertEqual(message(Values.color(yamlValue("rgb(1, 2)"))),
                       "rgb() takes red, green and blue from 0 to 255 or as percentages, and an optional alpha from 0 to 1, found 'rgb(1, 2)'")
    }

    func testArrayColors() {
        XCTAssertEqual(color("[1, 0.5, 0, 0.25]"), Color(1, 0.5, 0, 0.25))
        XCTAssertEqual(color("[0, 0, 1]"), Color(0, 0, 1, 1))
        XCTAssertEqual(message(Values.color(yamlValue("[255, 0, 0]"))), "expected a color component from 0 to 1, found '255'")
        XCTAssertEqual(message(Values.color(yamlValue("[1, 0]"))),
                       "expected a color [r, g, b, a] with components from 0 to 1 (3 or 4 numbers), found 2 items")
        XCTAssertEqual(message(Values.color(yamlValue("12"))), "expected \(Values.colorForms), found '12'")
    }

    // MARK: Suggestions

    func testSuggestions() {
        XCTAssertEqual(Suggestion.closest(to: "opactiy", in: ["opacity", "position"]), "opacity")
        XCTAssertEqual(Suggestion.closest(to: "anchorpoint", in: ["anchorPoint", "anchorPointZ"]), "anchorPoint")
        XCTAssertEqual(Suggestion.closest(to: "colour", in: ["color"]), "color")
        XCTAssertNil(Suggestion.closest(to: "xyz", in: ["opacity"]))
        XCTAssertEqual(Suggestion.distance("kitten", "sitting"), 3)
        XCTAssertEqual(Suggestion.distance("ab", "ba"), 1)
        XCTAssertEqual(message(Values.choice(yamlValue("forward"), FillMode.self, what: "fillMode")),
                       "unknown fillMode 'forward'; did you mean 'forwards'?")
        XCTAssertEqual(message(Values.choice(yamlValue("sideways"), FillMode.self, what: "fillMode")),
                       "unknown fillMode 'sideways'; expected 'removed', 'forwards', 'backwards' or 'both'")
    }
}
