import XCTest
import StrataModel
@testable import StrataParse

/// YAML text with inline markers `⟨name⟩`: the markers are removed and their
/// 1-based line:column kept, so tests can assert exactly where a message points.
struct Marked {
    let text: String
    let marks: [String: (line: Int, column: Int)]
    let file = "test.yaml"

    init(_ raw: String) {
        var out = String.UnicodeScalarView()
        var marks: [String: (Int, Int)] = [:]
        var line = 1, column = 1
        let scalars = Array(raw.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "⟨", let close = scalars[i...].firstIndex(of: "⟩") {
                marks[String(String.UnicodeScalarView(scalars[(i + 1)..<close]))] = (line, column)
                i = close + 1
                continue
            }
            out.append(scalars[i])
            if scalars[i] == "\n" { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
        self.text = String(out)
        self.marks = marks
    }

    /// `file:line:column` of a marker.
    func at(_ name: String) -> String {
        guard let m = marks[name] else { return "<no marker \(name)>" }
        return "\(file):\(m.line):\(m.column)"
    }
}

/// A minimal valid scene header followed by `body` (top-level keys).
func sceneText(_ body: String, canvas: String = "{size: [200, 100]}") -> String {
    "strata: 1\ncanvas: \(canvas)\n" + body
}

/// A scene whose single layer is `layer` (lines of a mapping, indented by the caller's literal).
func layerScene(_ layer: String) -> String {
    sceneText("layers:\n  - " + layer.split(separator: "\n", omittingEmptySubsequences: false)
        .joined(separator: "\n    ") + "\n")
}

func load(_ m: Marked, set overrides: [(name: String, value: String)] = []) -> Result<(scene: Scene, warnings: [Diagnostic]), DiagnosticList> {
    do {
        return .success(try SceneLoader.parse(text: m.text, file: m.file, options: SceneLoadOptions(paramOverrides: overrides)))
    } catch {
        return .failure(error)
    }
}

/// The scene, failing the test with the diagnostics when it did not load.
func scene(_ m: Marked, set overrides: [(name: String, value: String)] = [],
           file: StaticString = #filePath, line: UInt = #line) -> Scene? {
    switch load(m, set: overrides) {
    case .success(let r): return r.scene
    case .failure(let list):
        XCTFail("unexpected errors:\n\(list)", file: file, line: line)
        return nil
    }
}

/// The diagnostics of a scene that must fail to load.
func diagnostics(_ m: Marked, set overrides: [(name: String, value: String)] = [],
                 file: StaticString = #filePath, line: UInt = #line) -> [Diagnostic] {
    switch load(m, set: overrides) {
    case .success:
        XCTFail("expected errors, the scene loaded", file: file, line: line)
        return []
    case .failure(let list): return list.items
    }
}

/// Asserts a diagnostic of `severity` at marker `mark` whose message is exactly `message`.
func assertDiagnostic(_ items: [Diagnostic], at mark: String, in m: Marked, _ message: String,
                      severity: Diagnostic.Severity = .error, file: StaticString = #filePath, line: UInt = #line) {
    let expected = "\(m.at(mark)): \(severity.rawValue): \(message)"
    XCTAssertTrue(items.contains { $0.description == expected },
                  "missing diagnostic\n  \(expected)\nin\n  " + items.map(\.description).joined(separator: "\n  "),
                  file: file, line: line)
}

/// Asserts the only error of a scene: its place and exact message.
func assertOnlyError(_ m: Marked, at mark: String, _ message: String,
                     set overrides: [(name: String, value: String)] = [],
                     file: StaticString = #filePath, line: UInt = #line) {
    let items = diagnostics(m, set: overrides, file: file, line: line).filter { $0.severity == .error }
    let expected = "\(m.at(mark)): error: \(message)"
    XCTAssertEqual(items.map(\.description), [expected], file: file, line: line)
}

/// Parses one YAML value (the value of key `v` in a one-line document).
func yamlValue(_ text: String) -> YAMLNode {
    var sink = DiagnosticSink()
    let doc = "v: " + text
    let root = YAMLReader.read(Array(doc.utf8), source: Array(doc.unicodeScalars), file: "v.yaml", sink: &sink)
    precondition(!sink.hasErrors, "\(sink.items)")
    return root!["v"]!
}

func XCTAssertClose(_ a: Double?, _ b: Double, accuracy: Double = 1e-12, file: StaticString = #filePath, line: UInt = #line) {
    guard let a else { return XCTFail("nil instead of \(b)", file: file, line: line) }
    XCTAssertEqual(a, b, accuracy: accuracy, file: file, line: line)
}
