import XCTest
import StrataModel
@testable import StrataParse

final class YAMLReaderTests: XCTestCase {
    private func read(_ text: String) -> (YAMLNode?, [Diagnostic]) {
        var sink = DiagnosticSink()
        let root = YAMLReader.read(Array(text.utf8), source: Array(text.unicodeScalars), file: "y.yaml", sink: &sink)
        return (root, sink.items)
    }

    func testScalarsKeepStyleAndTypeByCoreSchema() {
        let (root, diags) = read("""
        a: 1
        b: "1"
        c: '1'
        d: 1.5e2
        e: true
        f: yes
        g: ~
        h:
        i: !!str 2
        j: .inf
        k: 0x1F
        l: |
          text
        """)
        XCTAssertEqual(diags, [])
        guard let root else { return XCTFail() }
        XCTAssertEqual(root["a"]?.scalar?.value, .int(1))
        XCTAssertEqual(root["b"]?.scalar?.value, .string("1"))
        XCTAssertEqual(root["b"]?.scalar?.style, .doubleQuoted)
        XCTAssertEqual(root["c"]?.scalar?.value, .string("1"))
        XCTAssertEqual(root["d"]?.scalar?.value, .float(150))
        XCTAssertEqual(root["e"]?.scalar?.value, .bool(true))
        XCTAssertEqual(root["f"]?.scalar?.value, .string("yes"))
        XCTAssertEqual(root["g"]?.scalar?.value, .null)
        XCTAssertEqual(root["h"]?.scalar?.value, .null)
        XCTAssertEqual(root["i"]?.scalar?.value, .string("2"))
        XCTAssertEqual(root["j"]?.scalar?.value, .float(.infinity))
        XCTAssertEqual(root["k"]?.scalar?.value, .int(31))
        XCTAssertEqual(root["l"]?.scalar?.value, .string("text"))  // clip chomping, no final newline in the input
        XCTAssertEqual(root.mapping?.map(\.name), ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"])
    }

    func testLocationsAreOneBasedInCharacters() {
        let (root, _) = read("é: [1, 2]\nb:\n  c: 2\n")
        // Each node also knows where it ends (exclusive), for the underline of its span.
        func at(_ line: Int, _ column: Int, to endLine: Int, _ endColumn: Int) -> SourceLocation {
            SourceLocation(file: "y.yaml", line: line, column: column, end: SourcePosition(line: endLine, column: endColumn))
        }
        XCTAssertEqual(root?["é"]?.sequence?[1].location, at(1, 8, to: 1, 9))
        XCTAssertEqual(root?["é"]?.location, at(1, 4, to: 1, 10))
        XCTAssertEqual(root?["b"]?["c"]?.location, at(3, 6, to: 3, 7))
        XCTAssertEqual(root?["b"]?.mapping?.first?.key.location, at(3, 3, to: 3, 4))
    }

    func testAnchorsAliasesAndMergeKeys() {
        let (root, diags) = read("""
        base: &base {opacity: 0.5, hidden: false}
        extra: &extra {hidden: true, cornerRadius: 4}
        one: {<<: *base, name: a}
        two:
          <<: [*extra, *base]
          opacity: 1
        three: *base
        """)
        XCTAssertEqual(diags, [])
        XCTAssertEqual(root?["one"]?.mapping?.map(\.name), ["opacity", "hidden", "name"])
        // Explicit keys win; earlier merges win over later ones.
        XCTAssertEqual(root?["two"]?.mapping?.map(\.name), ["hidden", "cornerRadius", "opacity"])
        XCTAssertEqual(root?["two"]?["hidden"]?.scalar?.text, "true")
        XCTAssertEqual(root?["two"]?["opacity"]?.scalar?.text, "1")
        XCTAssertEqual(root?["three"]?["opacity"]?.scalar?.text, "0.5")
    }

    func testDuplicateKeysAreErrors() {
        let m = Marked("a: 1\n⟨dup⟩a: 2\n")
        let (_, diags) = read(m.text)
        XCTAssertEqual(diags.map(\.description), ["y.yaml:2:1: error: duplicate key 'a'\ny.yaml:1:1: note: 'a' is first defined here"])
        XCTAssertEqual(diags.first?.notes.map(\.location.description), ["y.yaml:1:1"])
    }

    func testMultipleDocumentsAreAnError() {
        let (root, diags) = read("a: 1\n---\nb: 2\n")
        XCTAssertNotNil(root)
        XCTAssertEqual(diags.map(\.description), ["y.yaml:2:1: error: a scene file holds one YAML document; a second one starts here"])
    }

    func testSyntaxErrorIsLocated() {
        let (root, diags) = read("a:\n  b: 1\n c: 2\n")
        XCTAssertNil(root)
        XCTAssertEqual(diags.count, 1)
        XCTAssertEqual(diags.first?.location.line, 3)
        XCTAssertEqual(diags.first?.location.column, 2)
        XCTAssertTrue(diags.first?.message.hasPrefix("invalid YAML: did not find expected key") == true, diags.first?.message ?? "")
    }

    func testTabIndentGetsAHint() {
        let (_, diags) = read("a:\n\tb: 1\n")
        XCTAssertEqual(diags.first?.location.line, 2)
        XCTAssertTrue(diags.first?.message.hasSuffix("; YAML indents with spaces, not tabs") == true, diags.description)
    }

    func testInvalidUTF8IsLocated() {
        var bytes = Array("a: 1\nb: x".utf8)
        bytes.append(0xFF)
        var sink = DiagnosticSink()
        _ = YAMLReader.read(bytes, source: [], file: "y.yaml", sink: &sink)
        XCTAssertEqual(sink.items.first?.location, SourceLocation(file: "y.yaml", line: 2, column: 5))
        XCTAssertTrue(sink.items.first?.message.hasPrefix("the scene file is not valid UTF-8 text") == true)
    }

    /// Found by the scene fuzz target: a bad byte after a lone CR was placed on
    /// the CR's line, while libyaml (and editors) start a new line there.
    func testInvalidUTF8IsLocatedWithYAMLsLineBreaks() {
        for (text, line, column) in [("a: 1\r\nb: x", 2, 5), ("a: 1\rb: x", 2, 5), ("a: 1\u{2028}b: x", 2, 5),
                                     ("\u{FEFF}a: x", 1, 5), ("a: o\r", 2, 1)] {
            var bytes = Array(text.utf8)
            bytes.append(0x00)
            var sink = DiagnosticSink()
            _ = YAMLReader.read(bytes, source: [], file: "y.yaml", sink: &sink)
            XCTAssertEqual(sink.items.first?.location, SourceLocation(file: "y.yaml", line: line, column: column),
                           "\(text.debugDescription): \(sink.items)")
        }
    }

    func testUnknownAndRecursiveAliases() {
        let (_, diags) = read("a: *nope\nb: &self [1, *self]\n")
        XCTAssertEqual(diags.map(\.description), [
            "y.yaml:1:4: error: unknown anchor 'nope' (an anchor '&nope' must come before its alias)",
            "y.yaml:2:14: error: alias '*self' refers to a node that contains it",
        ])
    }

    func testBillionLaughsFailsFastWithALocatedError() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for i in 1...9 {
            let refs = Array(repeating: "*a\(i - 1)", count: 9).joined(separator: ", ")
            text += "a\(i): &a\(i) [\(refs)]\n"
        }
        let start = Date()
        let (root, diags) = read(text)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)
        XCTAssertNil(root)
        // Sizes: a0 = 10, a1 = 91, a2 = 820, a3 = 7381, a4 = 66430 nodes. Aliases
        // materialize 90 + 819 + 7380 + 66429 = 74718 through a4, so the first
        // alias of a5 (66430 more) crosses the limit.
        XCTAssertEqual(diags.map(\.description),
                       ["y.yaml:6:10: error: aliases expand to more than 100000 nodes at '*a4' (is this a 'billion laughs' file?)"])
    }

    func testBillionLaughsThroughTheLoaderIsALocatedError() {
        var text = "strata: 1\ncanvas: {size: [10, 10]}\nparams:\n"
        text += "  p0: &p0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...12 {
            text += "  p\(i): &p\(i) [" + Array(repeating: "*p\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let m = Marked(text)
        let items = diagnostics(m)
        XCTAssertEqual(items.count, 1)
        // p0 is 11 nodes, p1 111, p2 1111, p3 11111: 110 + 1110 + 11110 = 12330
        // materialized before p4, whose 8th alias of p3 crosses 100000.
        XCTAssertEqual(items[0].location.line, 8)
        XCTAssertEqual(items[0].location.column, 47)
        XCTAssertEqual(items[0].message, "aliases expand to more than 100000 nodes at '*p3' (is this a 'billion laughs' file?)")
    }

    func testNestingDepthIsBounded() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let (root, diags) = read("a: " + deep)
        XCTAssertNil(root)
        XCTAssertEqual(diags.map(\.description), ["y.yaml:1:259: error: the YAML nests deeper than 256 levels"])
    }

    func testAliasesCannotNestPastTheDepthLimit() {
        let inner = String(repeating: "[", count: 200) + "1" + String(repeating: "]", count: 200)
        // a's subtree is 201 levels; under 60 more brackets and the root mapping it passes 256.
        let outer = String(repeating: "[", count: 60) + "*a" + String(repeating: "]", count: 60)
        let (root, diags) = read("a: &a \(inner)\nb: \(outer)\n")
        XCTAssertNil(root)
        XCTAssertEqual(diags.map(\.description), ["y.yaml:2:64: error: alias '*a' makes the YAML nest deeper than 256 levels"])
    }

    func testEmptyInput() {
        XCTAssertEqual(read("").1.map(\.message), ["the scene file holds no YAML document"])
        XCTAssertEqual(read("# only a comment\n").1.map(\.message), ["the scene file holds no YAML document"])
    }

    func testUnsupportedTag() {
        let (_, diags) = read("a: !custom 1\n")
        XCTAssertEqual(diags.map(\.description), ["y.yaml:1:4: error: unsupported YAML tag '!custom'"])
    }
}
