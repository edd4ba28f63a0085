import XCTest
import Foundation
import StrataModel
@testable import StrataParse

/// The JSON Schema agrees with the parser: every scene in `scenes/` and
/// every scene YAML block in the docs validates against `sceneJSONSchema()`
/// with a real JSON Schema validator (python `jsonschema`, installed by
/// `make deps-python`), and what the parser rejects for the table's
/// reasons (a wrong key, a wrong value kind, a type's key on another
/// type) the schema rejects too.
final class SchemaValidationTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    func testEverySceneAndDocsExampleValidatesAndBadLayersDoNot() throws {
        var cases: [JSON] = []
        let scenes = try sceneFiles()
        XCTAssertGreaterThan(scenes.count, 40)
        for path in scenes {
            let text = try String(contentsOfFile: Self.root + "/" + path, encoding: .utf8)
            // Each scene is a valid scene for the parser too.
            XCTAssertNoThrow(try SceneLoader.load(file: Self.root + "/" + path), path)
            cases.append(try Self.testCase(path, "scene", text, valid: true))
        }
        for (place, block) in try docsBlocks() {
            cases.append(try Self.testCase(place, Self.classify(block), block, valid: true))
        }
        XCTAssertGreaterThan(cases.count - scenes.count, 20)
        for (name, layer, valid) in Self.layerCases {
            // The parser's answer first: the schema must give the same.
            let parsed = load(Marked(sceneText("params: {o: 0.5}\nlayers:\n  - " + layer)))
            XCTAssertEqual((try? parsed.get()) != nil, valid, "\(name): the parser says \(parsed)")
            cases.append(try Self.testCase(name, "def:layer", layer, valid: valid))
        }
        let result = try runValidator(cases)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("check-schema: \(cases.count) cases, 0 disagree"), result.output)
    }

    /// Layers the parser accepts (true) or rejects (false) for a reason the
    /// table knows; each must get the same answer from the schema.
    static let layerCases: [(String, String, Bool)] = [
        ("a misspelled key", "{opactiy: 0.5}", false),
        ("a number out of range", "{opacity: 1.5}", false),
        ("a colour for a number", "{opacity: red}", false),
        ("a number for a colour", "{backgroundColor: 3}", false),
        ("a point of three numbers", "{position: [1, 2, 3]}", false),
        ("a negative length", "{cornerRadius: -1}", false),
        ("an unknown choice", "{contentsGravity: middle}", false),
        ("a shape key on a plain layer", "{fillColor: red}", false),
        ("a shape key on a text layer", "{type: text, lineWidth: 2}", false),
        ("an emitter key on a replicator", "{type: replicator, birthRate: 2}", false),
        ("null for a colour that has no none", "{borderColor: null}", false),
        ("too many copies", "{type: replicator, instanceCount: 10001}", false),
        ("no fill", "{type: shape, fillColor: null}", true),
        ("a shape's keys", "{type: shape, path: 'M 0 0 L 10 10', lineWidth: 2, lineDashPattern: [4, 2]}", true),
        ("a param for a number", "{opacity: '${o}'}", true),
        ("a colour list animation", "{type: gradient, colors: [red, lime], animations: [{keyPath: colors, to: [red, blue]}]}", true),
        ("path data in an animation", "{type: shape, path: 'M 0 0 L 2 2', animations: [{keyPath: path, to: 'M 0 0 L 1 1'}]}", true),
        ("a time for instanceDelay", "{type: replicator, animations: [{keyPath: instanceDelay, to: 200ms}]}", true),
    ]

    // MARK: Cases

    static func testCase(_ name: String, _ against: String, _ yaml: String, valid: Bool) throws -> JSON {
        .object([("name", .string(name)), ("against", .string(against)),
                 ("instance", try json(yaml: yaml, file: name)), ("valid", .bool(valid))])
    }

    /// The YAML as JSON, with the parser's YAML 1.2 reading of scalars.
    static func json(yaml: String, file: String) throws -> JSON {
        var sink = DiagnosticSink()
        let source = Array(yaml.unicodeScalars)
        guard let node = YAMLReader.read(Array(yaml.utf8), source: source, file: file, sink: &sink) else {
            throw XCTSkip("not YAML: \(file): \(sink.items)")
        }
        return json(node)
    }

    static func json(_ node: YAMLNode) -> JSON {
        switch node.content {
        case .scalar(let s):
            switch s.value {
            case .null: return .null
            case .bool(let b): return .bool(b)
            case .int(let i): return .number(Double(i))
            case .float(let d): return d.isFinite ? .number(d) : .string(s.text)
            case .string(let t): return .string(t)
            }
        case .sequence(let items): return .array(items.map(json))
        case .mapping(let pairs): return .object(pairs.map { ($0.name, json($0.value)) })
        }
    }

    /// What a docs block is: a scene, top-level keys, one layer, or a list
    /// of layers or animations.
    static func classify(_ yaml: String) throws -> String {
        let value = try json(yaml: yaml, file: "docs")
        func keys(_ v: JSON) -> Set<String> {
            if case .object(let pairs) = v { return Set(pairs.map(\.0)) }
            return []
        }
        switch value {
        case .object:
            let k = keys(value)
            if k.contains("strata") { return "scene" }
            if k.isSubset(of: KeyTables.top.names) { return "fragment" }
            return "def:layer"
        case .array(let items):
            let animationKeys = Set(KeyTables.animation.names)
            let animations = items.allSatisfy { keys($0).isSubset(of: animationKeys) && !keys($0).contains("name") }
            return animations ? "list:animation" : "list:layer"
        default:
            return "def:layer"
        }
    }

    // MARK: Files

    func sceneFiles() throws -> [String] {
        let scenes = Self.root + "/scenes"
        let all = FileManager.default.enumerator(atPath: scenes)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".yaml") }.sorted().map { "scenes/" + $0 }
    }

    /// The ```yaml blocks of docs/*.md and README.md, except those marked
    /// `<!-- not a scene -->` on the line before.
    func docsBlocks() throws -> [(String, String)] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/docs")
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 } + ["README.md"]
        var blocks: [(String, String)] = []
        for file in docs {
            let lines = try String(contentsOfFile: Self.root + "/" + file, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var i = 0
            while i < lines.count {
                defer { i += 1 }
                guard lines[i] == "```yaml", i == 0 || lines[i - 1] != "<!-- not a scene -->" else { continue }
                let start = i + 1
                guard let end = lines[start...].firstIndex(of: "```") else { break }
                blocks.append(("\(file):\(start)", lines[start..<end].joined(separator: "\n")))
                i = end
            }
        }
        return blocks
    }

    /// Runs scripts/check-schema.py on the schema and the cases.
    func runValidator(_ cases: [JSON]) throws -> (status: Int32, output: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let schema = dir.appendingPathComponent("schema.json"), list = dir.appendingPathComponent("cases.json")
        try sceneJSONSchema().write(to: schema, atomically: true, encoding: .utf8)
        try JSON.array(cases).serialized().write(to: list, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root + "/scripts/check-schema.py", schema.path, list.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
