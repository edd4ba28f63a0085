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

extension HardeningParseTests {
    /// Found by the values fuzz target (Tests/Inputs/fuzz/values/utf16-byte-order-mark):
    /// libyaml read text after a UTF-16 byte-order mark as UTF-16, while
    /// locations are counted in the text as UTF-8, so `FE FF 20 28 20 28`
    /// (two U+2028 line separators in UTF-16) put an error on line 3 of a
    /// one-line text. Scene text is UTF-8: such a file is an error at 1:1.
    func testAUTF16ByteOrderMarkIsNotUTF8Text() throws {
        let finding = try Data(contentsOf: URL(fileURLWithPath: fuzzInputs + "values/utf16-byte-order-mark"))
        let text = Array(finding.dropFirst())  // the first byte picks the parser
        var sink = DiagnosticSink()
        XCTAssertNil(YAMLReader.read(text, source: Array(String(decoding: text, as: UTF8.self).unicodeScalars),
                                     file: "value.yaml", sink: &sink))
        XCTAssertEqual(sink.items.map(\.location), [SourceLocation(file: "value.yaml", line: 1, column: 1)])
        let scene = "strata: 1\ncanvas: {size: [64, 64]}\nlayers: []\n"
        let bigEndian: [UInt8] = scene.utf16.flatMap { (u: UInt16) -> [UInt8] in [UInt8(u >> 8), UInt8(u & 0xFF)] }
        let littleEndian: [UInt8] = scene.utf16.flatMap { (u: UInt16) -> [UInt8] in [UInt8(u & 0xFF), UInt8(u >> 8)] }
        for bytes in [[0xFE, 0xFF] + bigEndian, [0xFF, 0xFE] + littleEndian] {
            XCTAssertThrowsError(try SceneLoader.parse(bytes: bytes, file: "s.yaml", options: SceneLoadOptions())) { error in
                let d = (error as? DiagnosticList)?.items.first
                XCTAssertEqual(d?.location, SourceLocation(file: "s.yaml", line: 1, column: 1))
                XCTAssertTrue(d?.message.hasPrefix("the scene file is not valid UTF-8 text") == true, "\(String(describing: d))")
                XCTAssertTrue(d?.message.hasSuffix("(it starts with a UTF-16 byte-order mark: save it as UTF-8)") == true)
            }
        }
        // A UTF-8 byte-order mark is still skipped.
        XCTAssertNoThrow(try SceneLoader.parse(bytes: [0xEF, 0xBB, 0xBF] + Array(scene.utf8), file: "s.yaml",
                                               options: SceneLoadOptions()))
    }

    private var fuzzInputs: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/Inputs/fuzz/"
    }
}
