import XCTest
import StrataModel
@testable import StrataParse

/// The schema's per-type and per-key-path rules give the parser's answer,
/// table-driven: every type key on every other type; every key path the
/// schema lists, animated (`from`/`to`, `from`/`by`) and set by a transaction
/// to each of a set of sample values, on a layer of the path's type. The
/// parser decides which samples are valid; the schema must agree, as draft
/// 2020-12 and as draft-07 (where a rect's negative width is loose).
final class SchemaAgreementTests: XCTestCase {
    /// Values of every kind, some inside and some outside common bounds.
    static let samples = ["-1", "0.5", "2", "45deg", "-200ms", "[1, 2]", "[-1, 2]", "[0, 0, -1, 1]",
                          "red", "true", "'M 0 0 L 1 1'", "[red, blue]", "[0.5, 1]", "[{rotate: 45}]"]
    /// `by` is a delta (no bounds) and booleans and paths take none: fewer
    /// samples tell (the validator's time is most of these tests').
    static let deltas = ["-1", "[-1, 2]", "[0, 0, -1, 1]", "true", "'M 0 0 L 1 1'"]
    /// A transaction's value is checked as `to` is; these reach every form.
    static let settings = ["-1", "0.5", "45deg", "[-1, 2]", "[0, 0, -1, 1]", "red", "true", "'M 0 0 L 1 1'", "[red, blue]", "[{rotate: 45}]"]

    /// A layer of the key path's type (an emitter with a cell named spark).
    static func layerStart(_ path: LayerKeyPath) -> String {
        let type = path.property.layerTypes?.first ?? .layer
        return "{name: l, type: \(type.rawValue)" + (type == .emitter ? ", emitterCells: [{name: spark}]" : "")
    }

    func testTypeKeysOnOtherTypesAreRejectedByBoth() throws {
        var cases: [JSON] = []
        for p in LayerProperty.all {
            guard let types = p.layerTypes else { continue }
            for other in LayerType.allCases where !types.contains(other) {
                let layer = other == .layer ? "{\(p.name): 1}" : "{type: \(other.rawValue), \(p.name): 1}"
                XCTAssertNil(try? load(Marked(layerScene(layer))).get(), layer)
                cases.append(try SchemaValidationTests.testCase(layer, "def:layer", layer, valid: false))
            }
        }
        XCTAssertGreaterThan(cases.count, 200)
        try assertSchemaAgrees(cases)
    }

    func testAnimationValuesFollowTheKeyPath() throws {
        var cases: [JSON] = []
        let cells = CellKey.animatable.map { LayerKeyPath(stringLiteral: "emitterCells.spark.\($0.name)") }
        // Images are files the schema cannot see.
        for path in LayerKeyPath.animatablePaths + cells where path.valueKind != .image {
            let ends = Self.samples.map { "from: \($0), to: \($0)" } + Self.deltas.map { "from: \($0), by: \($0)" }
            for end in ends {
                let layer = Self.layerStart(path) + ", animations: [{keyPath: \(path.text), \(end)}]}"
                try cases.append(agreeing(layer, against: "def:layer", path))
            }
        }
        try assertSchemaAgrees(cases)
    }

    func testTransactionValuesFollowTheKeyPath() throws {
        var cases: [JSON] = []
        // Images are files the schema cannot see.
        for path in LayerKeyPath.allPaths where path.valueKind != .image {
            for sample in Self.settings {
                let scene = "{strata: 1, canvas: {size: [10, 10]}, layers: [\(Self.layerStart(path))}], "
                    + "timeline: [{at: 0.5, set: {l.\(path.text): \(sample)}}]}"
                try cases.append(agreeing(scene, against: "scene", path))
            }
        }
        try assertSchemaAgrees(cases)
    }

    /// A case whose validity is the parser's answer.
    func agreeing(_ yaml: String, against: String, _ path: LayerKeyPath) throws -> JSON {
        let text = against == "scene" ? yaml : layerScene(yaml)
        let valid = (try? load(Marked(text)).get()) != nil
        return try SchemaValidationTests.testCase(yaml, against, yaml, valid: valid, draft7Loose: path.valueKind == .rect)
    }

    func assertSchemaAgrees(_ cases: [JSON], file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try SchemaValidationTests.runValidator(cases)
        XCTAssertEqual(result.status, 0, String(result.output.prefix(6000)), file: file, line: line)
        XCTAssertTrue(result.output.contains("check-schema: \(cases.count) cases, 0 disagree"),
                      String(result.output.suffix(500)), file: file, line: line)
    }
}
