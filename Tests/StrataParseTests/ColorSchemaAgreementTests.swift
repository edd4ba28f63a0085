import XCTest
import Foundation
import StrataModel
@testable import StrataParse

/// Every colour form, valid and not, through the parser and through the
/// schema's `color` (python jsonschema and node Ajv): the two must agree.
/// Issue 26: the schema took CSS names in lowercase only, so `RebeccaPurple`
/// (the docs' own example), `Red` and `White` failed in editors.
final class ColorSchemaAgreementTests: XCTestCase {
    /// YAML flow values (JSON strings or lists) to try as a colour.
    static var values: [String] {
        var strings: [String] = []
        for name in CSSColors.allNames {
            let upper = name.uppercased(), capitalized = name.prefix(1).uppercased() + name.dropFirst()
            let alternating = String(name.enumerated().map { $0.offset.isMultiple(of: 2) ? Character($0.element.uppercased()) : $0.element })
            strings += [name, upper, capitalized, alternating]
        }
        strings += ["RebeccaPurple", "Red", "White", " red ", "LightGoldenRodYellow",
                    // Not names: a typo, a space inside, a Kelvin sign for K, a fullwidth letter.
                    "reed", "Rebecca Purple", "blac\u{212A}", "\u{FF52}ed", "red\t", "", "none", "hsl(0, 100%, 50%)", "hsla(0, 100%, 50%, 1)"]
        strings += ["#fff", "#FFF", "#fA08", "#ff8800", "#FF8800", "#Ff880080", " #abc ", "#ffff", "#aBcDeF12",
                    "#ff", "#fffff", "#fffffff", "#fffffffff", "#ggg", "# fff", "#fff f", "fff", "##fff", "#\u{FF11}23"]
        strings += ["rgb(255, 136, 0)", "RGB(255,136,0)", "rgba(255, 0, 0, 0.5)", "Rgba(0,0,0,1)", "rgb (1, 2, 3)",
                    "rgb(100%, 0%, 50%)", "rgba(0, 0, 0, 50%)", "rgb(255.0, 0.5, .5)", "rgb(007, 0255, 5.)",
                    "rgb(1 2 3)", "rgb(1 2 3 / 0.5)", "rgb(100% 0% 0% / 50%)", "rgba( 1 , 2 , 3 , 1. )", " rgb(0,0,0) ",
                    "rgb(256, 0, 0)", "rgb(255.5, 0, 0)", "rgb(255.0000000000000000001, 0, 0)", "rgb(100.1%, 0, 0)",
                    "rgba(0, 0, 0, 1.5)", "rgba(0, 0, 0, 1.0000000000000001)", "rgba(0, 0, 0, 101%)", "rgb(1, 2)",
                    "rgb(1, 2, 3, 4, 5)", "rgb(+1, 2, 3)", "rgb(-1, 2, 3)", "rgb(1e2, 0, 0)", "rgb(1, , 3)", "rgb(1, 2, 3,)",
                    "rgb(1,2,3", "rgb1,2,3)", "rgb((1,2,3)", "rgb(1,2,3))", "rgb()", "rgb(. 0 0)", "rgb(50%% 0 0)",
                    "rgb(1 2 3 / 2)", "rgbaa(1, 2, 3)", "rgb(1, 2 3)", "rgb(\u{FF11}, 2, 3)"]
        return strings.map { JSON.string($0).serialized() }
            + ["[1, 0, 0]", "[1, 0.5, 0, 0.25]", "[0, 0, 0, 1]", "[2, 0, 0]", "[1, 0]", "[1, 0, 0, 0, 1]", "[-0.1, 0, 0]", "ff8800", "12", "true"]
    }

    func testEveryColorFormAgreesBetweenTheParserAndTheSchema() throws {
        var cases: [JSON] = [], accepted = 0
        for value in Self.values {
            let parsed = load(Marked(sceneText("layers:\n  - {backgroundColor: \(value)}")))
            let valid = (try? parsed.get()) != nil
            if valid { accepted += 1 }
            cases.append(try SchemaValidationTests.testCase("color \(value)", "def:color", value, valid: valid))
        }
        // The parser itself takes every name in every case, and the docs' example.
        for value in ["RebeccaPurple", "Red", "White", "WHITE", "rEd"] {
            XCTAssertNoThrow(try load(Marked(sceneText("layers:\n  - {backgroundColor: \(value)}"))).get(), value)
        }
        XCTAssertGreaterThan(accepted, CSSColors.allNames.count * 4)
        XCTAssertGreaterThan(cases.count - accepted, 40)
        let python = try SchemaValidationTests.runValidator(cases)
        XCTAssertEqual(python.status, 0, python.output)
        XCTAssertTrue(python.output.contains("check-schema: \(cases.count) cases, 0 disagree"), python.output)
        let ajv = try SchemaValidationTests.runValidator(cases, javaScript: true)
        XCTAssertEqual(ajv.status, 0, ajv.output)
        XCTAssertTrue(ajv.output.contains(" patterns, \(cases.count) cases, 0 disagree"), ajv.output)
    }
}
