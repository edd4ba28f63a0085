import XCTest
import StrataModel
@testable import StrataParse

/// Issue #13 in the front end: inputs found by the fuzz targets (Fuzz/,
/// their inputs in Tests/Inputs/fuzz/) and the hardening cases whose fix
/// is where values are parsed.
final class HardeningParseTests: XCTestCase {
    /// Found by the values fuzz target: a plain scalar over several lines
    /// (`\r0.5\r\r0.5\r` folds to "0.5\n0.5") was quoted as is, so the
    /// diagnostic ran over two lines.
    func testQuotedUserTextStaysOnOneLine() {
        guard case .failure(let d) = SceneBuilder.repeatCount(yamlValue("\"0.5\\n0.5\\t\\u001b\"")) else {
            return XCTFail("a repeat count of two lines was taken")
        }
        XCTAssertTrue(d.message.contains("'0.5\\n0.5\\t\\u{1B}'"), d.message)
        XCTAssertEqual(YAMLNode.clip("a\r\nb\u{2028}c\u{85}"), "a\\r\\nb\\u{2028}c\\u{85}")
        XCTAssertEqual(YAMLNode.clip(String(repeating: "\n", count: 50)), String(repeating: "\\n", count: 40) + "...")
    }
}

extension HardeningParseTests {
    /// Found by the values fuzz target: an error in a motion path or a
    /// shadow path written over two lines of a quoted string (the break
    /// folds to a space) pointed past the end of the first line. Every path
    /// now maps its error to the source as shape paths did.
    func testPathDataErrorsPointAtTheirCharacterOverFoldedLines() {
        let folded = Marked(sceneText("layers:\n  - shadowPath: \"M 0 40 C 40 -20 80\r\n      -20 120 ⟨e⟩eg\"\n"))
        XCTAssertEqual(diagnostics(folded).first.map { "\($0.location.line):\($0.location.column)" },
                       folded.marks["e"].map { "\($0.line):\($0.column)" })
        let feed = Marked(sceneText("layers:\n  - animations:\n      - keyPath: position\n        duration: 1s\n"
                                    + "        path: \"M 40 130 L\n          ⟨e⟩[1 2]\"\n"))
        XCTAssertEqual(diagnostics(feed).first.map { "\($0.location.line):\($0.location.column)" },
                       feed.marks["e"].map { "\($0.line):\($0.column)" })
        // A CR LF is one line break: the end of the path is the closing quote on the next line.
        let end = Marked(sceneText("layers:\n  - shadowPath: \"M 0 0 1\r\n⟨e⟩\"\n"))
        XCTAssertEqual(diagnostics(end).first.map { "\($0.location.line):\($0.location.column)" },
                       end.marks["e"].map { "\($0.line):\($0.column)" })
        let plain = Marked(sceneText("layers:\n  - {shadowPath: \"M 0 0 L 1 ⟨e⟩e\"}\n"))
        XCTAssertEqual(diagnostics(plain).first?.location.column, plain.marks["e"]?.column)
    }
}
