import XCTest
import StrataModel
@testable import StrataParse

final class ParamTests: XCTestCase {
    private let text = """
    strata: 1
    params:
      o: 0.5
      w: 40
      c: "#ff0000"
      title: "Hello"
    canvas: {size: [200, 100], duration: ${d}s}
    layers:
      - name: card
        opacity: ${o}
        bounds: [0, 0, "${w}", 20]
        backgroundColor: ${c}
    """

    func testSubstitutionHappensBeforeTyping() {
        let m = Marked(text.replacingOccurrences("${d}s", "2s"))
        guard let s = scene(m) else { return }
        let card = s.root.sublayers[0].properties
        XCTAssertEqual(card.opacity, 0.5)
        XCTAssertEqual(card.bounds, Rect(0, 0, 40, 20))
        XCTAssertEqual(card.backgroundColor, Color(1, 0, 0, 1))
        XCTAssertEqual(s.params, ["o": "0.5", "w": "40", "c": "#ff0000", "title": "Hello"])
    }

    func testOverridesWinInOrder() {
        let m = Marked(text.replacingOccurrences("${d}s", "2s"))
        guard let s = scene(m, set: [("o", "0.25"), ("w", "10"), ("o", "0.75")]) else { return }
        XCTAssertEqual(s.root.sublayers[0].properties.opacity, 0.75)
        XCTAssertEqual(s.root.sublayers[0].properties.bounds.width, 10)
        XCTAssertEqual(s.params["o"], "0.75")
    }

    func testUnusedParamIsAWarning() {
        let m = Marked(text.replacingOccurrences("${d}s", "2s").replacingOccurrences("  title:", "  ⟨t⟩title:"))
        switch load(m) {
        case .success(let r):
            XCTAssertEqual(r.warnings.map(\.description), ["\(m.at("t")): warning: param 'title' is never used"])
        case .failure(let e): XCTFail("\(e)")
        }
    }

    /// Substitution reads scalars as YAML unescapes them, so a `${` spelled
    /// with an escape still refers to a param, though the source has no `${`.
    func testEscapedDollarStillRefersToAParam() {
        let m = Marked("strata: 1\nparams: {o: 0.5}\ncanvas: {size: [10, 10]}\nlayers:\n  - name: a\n    opacity: \"\\x24{o}\"\n")
        XCTAssertEqual(scene(m)?.root.sublayers[0].properties.opacity, 0.5)
    }

    /// A scene whose scalars hold no `${` still warns about its unused params.
    func testUnusedParamWithoutAnyReference() {
        let m = Marked("strata: 1\nparams: {⟨o⟩o: 0.5}\ncanvas: {size: [10, 10]}\nlayers:\n  - name: a\n")
        switch load(m) {
        case .success(let r): XCTAssertEqual(r.warnings.map(\.description), ["\(m.at("o")): warning: param 'o' is never used"])
        case .failure(let e): XCTFail("\(e)")
        }
    }

    func testUnknownParamPointsAtTheDollarSign() {
        let m = Marked("strata: 1\nparams: {name: x}\ncanvas: {size: [10, 10]}\nlayers:\n  - name: \"a-⟨u⟩${nmae}-⟨v⟩${name}\"\n")
        let items = diagnostics(m).filter { $0.severity == .error }
        XCTAssertEqual(items.map(\.description), ["\(m.at("u")): error: unknown param 'nmae'; did you mean 'name'?"])
        _ = m.at("v")
    }

    func testUnknownParamInsideAMultiLineScalar() {
        let m = Marked("strata: 1\ncanvas: {size: [10, 10]}\nlayers:\n  - name: \"abc\n      d⟨u⟩${x}\"\n")
        assertDiagnostic(diagnostics(m), at: "u", in: m, "unknown param 'x' (the scene declares no params)")
    }

    func testByteOrderMarkAndCRLFKeepColumnsRight() {
        let m = Marked("\u{FEFF}strata: 1\r\ncanvas: {size: [10, 10]}\r\nlayers:\r\n  - name: \"ab⟨u⟩${x}\"\r\n")
        let items = diagnostics(m).filter { $0.message.hasPrefix("unknown param") }
        // (The marker helper counts the BOM as a column of line 1 only; line 4 is unaffected.)
        XCTAssertEqual(items.map(\.description), ["test.yaml:4:14: error: unknown param 'x' (the scene declares no params)"])
        XCTAssertEqual(m.at("u"), "test.yaml:4:14")
    }

    func testUnquotedReferenceInAFlowListGetsAHint() {
        let m = Marked("strata: 1\nparams: {w: 1}\ncanvas: {size: [10, 10]}\nlayers:\n  - bounds: [0, 0, $⟨e⟩{w}, 1]\n")
        let items = diagnostics(m)
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items.first?.location.description, m.at("e"))
        XCTAssertTrue(items.first?.message.hasSuffix("; inside [...] or {...}, quote a param reference: \"${name}\"") == true,
                      items.first?.message ?? "")
    }

    func testUnknownSetIsACommandLineError() {
        let m = Marked(text.replacingOccurrences("${d}s", "2s"))
        let items = diagnostics(m, set: [("tilte", "Hi")])
        XCTAssertEqual(items.filter { $0.severity == .error }.map(\.description),
                       ["<command line>:1:1: error: --set: unknown param 'tilte'; did you mean 'title'?"])
    }

    func testParamsAreNotSubstitutedThemselves() {
        let m = Marked("strata: 1\nparams: {a: \"${b}\", b: 1}\ncanvas: {size: [10, 10]}\nlayers:\n  - zPosition: ${b}\n")
        switch load(m) {
        case .success(let r):
            XCTAssertEqual(r.scene.params["a"], "${b}")
            XCTAssertEqual(r.scene.root.sublayers[0].properties.zPosition, 1)
            XCTAssertEqual(r.warnings.map(\.message), ["param 'a' is never used"])
        case .failure(let e): XCTFail("\(e)")
        }
    }

    func testDoubleDollarWritesALiteralReference() {
        // The escape yields the text 'x${y}', which the name check then shows verbatim.
        let m = Marked("strata: 1\ncanvas: {size: [10, 10]}\nlayers:\n  - name: ⟨n⟩x$${y}\n")
        assertOnlyError(m, at: "n", "layer name 'x${y}' may use only letters, digits, '_' and '-'")
    }

    func testUnclosedReference() {
        let m = Marked("strata: 1\ncanvas: {size: [10, 10]}\nlayers:\n  - name: ab⟨u⟩${x\n")
        assertDiagnostic(diagnostics(m), at: "u", in: m, "'${' is not closed by '}' (write '$${' for a literal '${')")
    }

    func testSubstitutedScalarsAreTypedByTheirTextEvenWhenQuoted() {
        // YAML needs quotes around ${x} inside flow collections; the result is still a number.
        let m = Marked("strata: 1\nparams: {o: 0.5, e: \"\"}\ncanvas: {size: [10, 10]}\nlayers:\n  - {opacity: \"${o}\", name: \"a${e}\"}\n")
        XCTAssertEqual(scene(m)?.root.sublayers.first?.properties.opacity, 0.5)
        // Without a substitution a quoted number stays text.
        let q = Marked("strata: 1\ncanvas: {size: [10, 10]}\nlayers:\n  - opacity: ⟨q⟩\"0.5\"\n")
        assertOnlyError(q, at: "q", "expected a number from 0 to 1, found the string '0.5' (a quoted number is text; remove the quotes)")
        // A quoted reference to an empty param is the empty string, not null.
        XCTAssertEqual(yamlScalarValue("\"${e}\"", params: ["e": ""]), .string(""))
        XCTAssertEqual(yamlScalarValue("${e}", params: ["e": ""]), .null)
        XCTAssertEqual(yamlScalarValue("'${e}'", params: ["e": "true"]), .bool(true))
    }

    private func yamlScalarValue(_ text: String, params: [String: String]) -> YAMLValue? {
        var sub = ParamSubstitution(params: params, source: Array(("v: " + text).unicodeScalars))
        return sub.apply(yamlValue(text)).scalar?.value
    }
}
