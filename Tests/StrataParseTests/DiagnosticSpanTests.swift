import XCTest
import StrataModel
@testable import StrataParse

/// What diagnostics carry for a compiler-like display: the end of the span,
/// suggestions, and the value checks that warn (issue 16).
final class DiagnosticSpanTests: XCTestCase {
    func load(_ text: String) -> [Diagnostic] {
        do { return try SceneLoader.parse(text: text, file: "t.yaml").warnings } catch { return error.items }
    }

    func testSpansEndWhereTheValueEnds() {
        let items = load("strata: 1\ncanvas: {size: [64, 48]}\nlayers:\n  - {name: a, opacity: \"high\"}\n")
        XCTAssertEqual(items.first?.location, SourceLocation(file: "t.yaml", line: 4, column: 24, end: SourcePosition(line: 4, column: 30)))
    }

    func testMisspellingsCarryTheirReplacement() {
        let key = load("strata: 1\ncanvas: {size: [64, 48]}\nlayers:\n  - {name: a, opacty: 1}\n")
        XCTAssertEqual(key.first?.suggestion, "opacity")
        let alias = load("strata: 1\ncanvas: {size: [64, 48]}\nlayers:\n  - {name: a, animations: [{keyPath: opacity, to: 1, timingFunction: ease-in-out}]}\n")
        XCTAssertEqual(alias.first?.suggestion, "easeInEaseOut")
        XCTAssertEqual(Suggestion.closest(to: "easeInOut", in: KeyTables.timingFunctionNames, aliases: KeyTables.timingFunctionAliases),
                       "easeInEaseOut")
        XCTAssertEqual(Suggestion.closest(to: "easeInOut", in: KeyTables.timingFunctionNames), "easeOut", "distance alone picks the wrong one")
    }

    func testRadianLookingNumbers() {
        XCTAssertEqual(Values.radianLook(6.283185)?.name, "2π")
        XCTAssertEqual(Values.radianLook(3.14159)?.degrees, 180)
        XCTAssertEqual(Values.radianLook(-1.5708)?.name, "-π/2")
        XCTAssertEqual(Values.radianLook(0.7854)?.name, "π/4")
        XCTAssertEqual(Values.radianLook(0.5236)?.name, "π/6")
        XCTAssertEqual(Values.radianLook(12.566)?.name, "4π")
        for degrees in [0, 1, 45, 90, 22.5, 0.5, 1.5, 2.5, 12.5, 0.1, 3.2, 0.2618, 18.85] { XCTAssertNil(Values.radianLook(degrees), "\(degrees)") }
    }

    func testAColourCommentAfterAFlowKeyIsNotAMappingValue() {
        // In a block mapping the comment swallows the value; a quoted one is a colour.
        XCTAssertEqual(load("strata: 1\ncanvas: {size: [64, 48], background: \"#ff0000\"}\nlayers: []\n"), [])
        let block = load("strata: 1\ncanvas:\n  size: [64, 48]\n  background: #abc\nlayers: []\n")
        XCTAssertEqual(block.map(\.message), ["'#abc' starts a YAML comment here, so 'background' has no value; quote the colour: background: \"#abc\""])
        XCTAssertEqual(block.first?.suggestion, "\"#abc\"")
        XCTAssertEqual(block.first?.location.column, 15)
    }
}
