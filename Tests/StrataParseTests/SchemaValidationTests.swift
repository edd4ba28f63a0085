import XCTest
import Foundation
import StrataModel
@testable import StrataParse

/// The JSON Schema agrees with the parser: every scene in `scenes/` and
/// every scene YAML block in the docs validates against `sceneJSONSchema()`
/// with a real JSON Schema validator (python `jsonschema`, installed by
/// `make deps-python`; as draft 2020-12 and as draft-07, yaml-language-server's),
/// and what the parser rejects for the table's reasons (a wrong key, a wrong
/// value kind, a type's key on another type, a wrong key path, a value out
/// of its key path's bounds) the schema rejects too.
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
            cases.append(try Self.testCase(name, "def:layer", layer, valid: valid,
                                           draft7Loose: name.hasSuffix("(a tuple's position)")))
        }
        for (name, scene, valid) in Self.sceneCases {
            let text = scene.replacingOccurrences("AUDIO", Self.root + "/scenes/outputs/audio/tick-hum.wav")
                .replacingOccurrences("PART", Self.root + "/scenes/compositions/parts/badge.yaml")
            let parsed = load(Marked(text))
            XCTAssertEqual((try? parsed.get()) != nil, valid, "\(name): the parser says \(parsed)")
            cases.append(try Self.testCase(name, "scene", text, valid: valid))
        }
        let result = try Self.runValidator(cases)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("check-schema: \(cases.count) cases, 0 disagree"), result.output)
        let ajv = try Self.runValidator(cases, javaScript: true)
        XCTAssertEqual(ajv.status, 0, ajv.output)
        XCTAssertTrue(ajv.output.contains(" patterns, \(cases.count) cases, 0 disagree"), ajv.output)
    }

    /// The docs' scene blocks load in the parser too (the schema test above
    /// checks their shape): a whole scene as it is, a layer or a list of
    /// layers or animations inside a small scene. Fragments of top-level
    /// keys (a `timeline:` naming layers the docs do not show) are the
    /// schema's alone.
    func testEveryDocsExampleLoadsInTheParser() throws {
        var checked = 0
        for (place, whole) in try docsBlocks() {
            for block in try Self.examples(place, whole) {
                guard let text = try Self.sceneWrapping(block) else { continue }
                checked += 1
                let errors: [Diagnostic]
                do {
                    _ = try SceneLoader.parse(text: text, file: Self.root + "/docs/example.yaml")
                    errors = []
                } catch {
                    errors = error.errors
                }
                // The media files an example names are the reader's, not the repository's.
                // So are the scene files it uses.
                let messages = errors.map(\.description).filter {
                    !$0.contains("is neither an asset name nor a file") && !$0.contains(": error: scene file '")
                }
                XCTAssertEqual(messages, [], "\(place): the docs example does not load")
            }
        }
        XCTAssertGreaterThan(checked, 15)
    }

    /// A docs block, or its lines when it is marked `<!-- one example a
    /// line -->` (alternatives of one key).
    static func examples(_ place: String, _ block: String) throws -> [String] {
        let parts = place.split(separator: ":")
        let start = Int(parts[1]) ?? 0
        let lines = try String(contentsOfFile: root + "/" + String(parts[0]), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        guard start >= 2, lines[start - 2] == "<!-- one example a line -->" else { return [block] }
        return block.split(separator: "\n").map(String.init)
    }

    /// A docs block as a whole scene: a scene as it is, a layer or a list
    /// of layers or animations inside a small scene; nil for fragments of
    /// top-level keys (a `timeline:` naming layers the docs do not show),
    /// which are the schema's alone.
    static func sceneWrapping(_ block: String) throws -> String? {
        func indented(_ prefix: String) -> String {
            block.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
        }
        switch try classify(block) {
        case "scene": return block
        case "def:layer": return sceneText("layers:\n  -\n" + indented("    ") + "\n")
        case "list:layer": return sceneText("layers:\n" + indented("  ") + "\n")
        case "list:animation": return sceneText("layers:\n  - animations:\n" + indented("      ") + "\n")
        default: return nil
        }
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
        // Keys of the layer's type only.
        ("fillColor on a text layer", "{type: text, fillColor: red}", false),
        ("a text key on a layer without type", "{string: Hi}", false),
        ("frame with bounds", "{frame: [0, 0, 10, 10], bounds: [0, 0, 10, 10]}", false),
        // Key paths.
        ("a misspelled key path", "{animations: [{keyPath: opactiy, to: 1}]}", false),
        ("an unknown transform component", "{animations: [{keyPath: transform.rotation.w, to: 45}]}", false),
        ("a virtual transform key path", "{animations: [{keyPath: transform.rotation.z, to: 45deg}]}", true),
        ("a shape key path on a text layer", "{type: text, animations: [{keyPath: fillColor, to: red}]}", false),
        ("a shape key path in a group on a text layer", "{type: text, animations: [{animations: [{keyPath: strokeEnd, to: 1}]}]}", false),
        ("a shape key path on a shape layer", "{type: shape, animations: [{keyPath: strokeEnd, from: 0, to: 1}]}", true),
        ("a cell key path", "{type: emitter, emitterCells: [{name: spark}], animations: [{keyPath: emitterCells.spark.birthRate, to: 5}]}", true),
        ("a cell key path on a plain layer", "{animations: [{keyPath: emitterCells.spark.birthRate, to: 5}]}", false),
        ("a key path that cannot animate", "{animations: [{keyPath: masksToBounds, to: true}]}", false),
        ("a group with a key path", "{animations: [{keyPath: opacity, animations: [{keyPath: opacity, to: 1}]}]}", false),
        // Values by key path.
        ("an opacity animation past 1", "{animations: [{keyPath: opacity, from: 0, to: 1.5}]}", false),
        ("an opacity delta past 1", "{animations: [{keyPath: opacity, by: 1.5}]}", true),
        ("an opacity keyframe past 1", "{animations: [{keyPath: opacity, values: [0, 2]}]}", false),
        ("an additive opacity keyframe past 1", "{animations: [{keyPath: opacity, values: [0, 2], additive: true}]}", true),
        ("a number for a point", "{animations: [{keyPath: position, to: 3}]}", false),
        ("a negative width", "{animations: [{keyPath: bounds.size.width, to: -1}]}", false),
        ("a negative rect width (a tuple's position)", "{animations: [{keyPath: bounds, to: [0, 0, -1, 10]}]}", false),
        ("a negative cell birth rate", "{type: emitter, emitterCells: [{name: spark}], animations: [{keyPath: emitterCells.spark.birthRate, to: -1}]}", false),
        ("by for a boolean", "{animations: [{keyPath: hidden, from: false, by: true}]}", false),
        ("from, to and by", "{animations: [{keyPath: opacity, from: 0, to: 1, by: 1}]}", false),
        ("a basic key on a keyframe animation", "{animations: [{keyPath: opacity, values: [0, 1], from: 0}]}", false),
        ("a motion path for a number", "{animations: [{keyPath: opacity, path: 'M 0 0 L 1 1'}]}", false),
        ("a motion path for a point", "{animations: [{keyPath: position, path: 'M 0 0 L 10 10'}]}", true),
        ("values and a motion path", "{animations: [{keyPath: position, values: [[0, 0], [1, 1]], path: 'M 0 0 L 10 10'}]}", false),
        ("repeatCount and repeatDuration", "{animations: [{keyPath: opacity, to: 1, repeatCount: 2, repeatDuration: 1}]}", false),
        ("a negative duration", "{animations: [{keyPath: opacity, to: 1, duration: -1s}]}", false),
        // Compositions.
        ("a used scene with its params and time", "{scene: scenes/compositions/parts/badge.yaml, params: {letter: Q}, duration: 2s, repeatCount: 2, autoreverses: true, fillMode: both}", true),
        ("repeatCount without a scene", "{repeatCount: 2}", false),
        ("params without a scene", "{params: {letter: Q}}", false),
        ("a used scene on a shape layer", "{type: shape, scene: scenes/compositions/parts/badge.yaml}", false),
        ("a used scene with sublayers", "{scene: scenes/compositions/parts/badge.yaml, sublayers: []}", false),
        ("a used scene with repeatCount and repeatDuration", "{scene: scenes/compositions/parts/badge.yaml, repeatCount: 2, repeatDuration: 1s}", false),
    ]

    /// Scenes the parser accepts or rejects for the other mappings' bounds
    /// and rules (canvas, transactions, golden, audio; AUDIO is a sound file).
    static let sceneCases: [(String, String, Bool)] = [
        ("a canvas scale past the limit", "{strata: 1, canvas: {size: [10, 10], scale: 9}}", false),
        ("a rational frame rate", "{strata: 1, canvas: {size: [10, 10], fps: '24000/1001'}}", true),
        ("a frame rate in words", "{strata: 1, canvas: {size: [10, 10], fps: fast}}", false),
        ("a zero-size canvas", "{strata: 1, canvas: {size: [0, 10]}}", false),
        ("a canvas longer than the limit", "{strata: 1, canvas: {size: [10, 10], duration: 100000}}", false),
        ("a type key with a param type", "{strata: 1, canvas: {size: [10, 10]}, params: {t: shape}, layers: [{type: '${t}', fillColor: red}]}", true),
        ("a volume in decibels", "{strata: 1, canvas: {size: [10, 10]}, audio: [{file: AUDIO, volume: -6dB}]}", true),
        ("a volume in words", "{strata: 1, canvas: {size: [10, 10]}, audio: [{file: AUDIO, volume: loud}]}", false),
        ("a negative audio start", "{strata: 1, canvas: {size: [10, 10]}, audio: [{file: AUDIO, start: -1s}]}", false),
        ("a nested transaction with at", "{strata: 1, canvas: {size: [10, 10]}, layers: [{name: a}], timeline: [{at: 0.5, transactions: [{at: 0.6, set: {a.opacity: 0}}]}]}", false),
        ("a transaction without at", "{strata: 1, canvas: {size: [10, 10]}, layers: [{name: a}], timeline: [{set: {a.opacity: 0}}]}", false),
        ("a set value out of range", "{strata: 1, canvas: {size: [10, 10]}, layers: [{name: a}], timeline: [{at: 0.5, set: {a.opacity: 2}}]}", false),
        ("a misspelled set key path", "{strata: 1, canvas: {size: [10, 10]}, layers: [{name: a, sublayers: [{name: b}]}], timeline: [{at: 0.5, set: {a/b.opactiy: 1}}]}", false),
        ("set key paths", "{strata: 1, canvas: {size: [10, 10]}, layers: [{name: a, sublayers: [{name: b}]}], timeline: [{at: 0.5, set: {a/b.position.x: 1, a.contents: null, a.masksToBounds: true}}]}", true),
        ("a transaction past the limit", "{strata: 1, canvas: {size: [10, 10]}, timeline: [{at: 100000}]}", false),
        ("a golden frame with frame and time", "{strata: 1, canvas: {size: [10, 10]}, golden: {frames: [{frame: 1, time: 10ms}]}}", false),
        ("a golden frame with neither", "{strata: 1, canvas: {size: [10, 10]}, golden: {frames: [{tolerance: {channel: 3}}]}}", false),
        ("a channel tolerance past 255", "{strata: 1, canvas: {size: [10, 10]}, golden: {frames: [0], tolerance: {channel: 256}}}", false),
        ("golden frames", "{strata: 1, canvas: {size: [10, 10]}, golden: {frames: [1, 20ms, {time: 10ms, tolerance: {pixels: 0.5}}]}}", true),
        ("a sequence with a transition", "{strata: 1, canvas: {size: [10, 10]}, sequence: [{scene: PART, name: a}, {scene: PART, speed: 2, transition: {type: push, subtype: fromRight, duration: 0.2}}]}", true),
        ("a sequence item with a fill", "{strata: 1, canvas: {size: [10, 10]}, sequence: [{scene: PART, fillMode: both}]}", false),
        ("a sequence item without a scene", "{strata: 1, canvas: {size: [10, 10]}, sequence: [{name: a}]}", false),
        ("a sequence transition of no known type", "{strata: 1, canvas: {size: [10, 10]}, sequence: [{scene: PART}, {scene: PART, transition: {type: wipe}}]}", false),
        ("typed params in use", "{strata: 1, canvas: {size: [10, 10]}, params: {c: {type: color, default: red}, n: {default: 0.5}}, layers: [{backgroundColor: '${c}', opacity: '${n}'}]}", true),
        ("a param type of no known name", "{strata: 1, canvas: {size: [10, 10]}, params: {c: {type: colour, default: red}}, layers: [{backgroundColor: '${c}'}]}", false),
    ]

    // MARK: Cases

    /// `draft7Loose`: draft-07 validators may accept it (they skip a tuple's positions).
    static func testCase(_ name: String, _ against: String, _ yaml: String, valid: Bool, draft7Loose: Bool = false) throws -> JSON {
        .object([("name", .string(name)), ("against", .string(against)),
                 ("instance", try json(yaml: yaml, file: name)), ("valid", .bool(valid))]
                + (draft7Loose ? [("draft7", .string("loose"))] : []))
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

    /// Runs scripts/check-schema.py (python jsonschema, 2020-12 and
    /// draft-07) on the schema and the cases, or with `javaScript`
    /// scripts/check-schema-ajv.js (node: patterns as editors compile them,
    /// Ajv's draft-07).
    static func runValidator(_ cases: [JSON], javaScript: Bool = false) throws -> (status: Int32, output: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let schema = dir.appendingPathComponent("schema.json"), list = dir.appendingPathComponent("cases.json")
        try sceneJSONSchema().write(to: schema, atomically: true, encoding: .utf8)
        try JSON.array(cases).serialized().write(to: list, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = javaScript ? ["node", Self.root + "/scripts/check-schema-ajv.js", schema.path, list.path]
            : ["python3", Self.root + "/scripts/check-schema.py", schema.path, list.path]
        // Debian's node modules (node-ajv), for a nodejs that does not look there itself.
        process.environment = ProcessInfo.processInfo.environment.merging(["NODE_PATH": "/usr/share/nodejs"]) { old, _ in old }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
