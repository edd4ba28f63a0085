import StrataModel
@testable import StrataParse
import XCTest

/// Related places travel as notes with their own locations, not inside the message.
final class DiagnosticNoteTests: XCTestCase {
    func testADuplicateEmitterCellPointsAtTheFirst() {
        let m = Marked(layerScene("""
            type: emitter
            emitterCells:
              - {name: ⟨first⟩spark, contents: circle, birthRate: 1, lifetime: 1}
              - {name: ⟨again⟩spark, contents: circle, birthRate: 1, lifetime: 1}
        """))
        assertOnlyError(m, at: "again", "duplicate emitter cell name 'spark'\n\(m.at("first")): note: the first cell named 'spark'")
    }

    func testAYAMLSyntaxErrorPointsAtWhatItInterrupts() throws {
        let m = Marked("strata: 1\n⟨map⟩canvas: {size: [10, 10]}\n  layers: [\n")
        let items = diagnostics(m)
        XCTAssertEqual(items.count, 1)
        let error = try XCTUnwrap(items.first)
        XCTAssertTrue(error.message.hasPrefix("invalid YAML: "), error.message)
        XCTAssertFalse(error.message.contains("starts at"), "the place is a note, not part of the message: \(error.message)")
        XCTAssertEqual(error.notes.map(\.description), ["test.yaml:1:1: note: while parsing a block mapping that starts here"])
    }

    func testNotesPrintAfterTheirDiagnosticAndCountInItsIdentity() {
        let at = SourceLocation(file: "s.yaml", line: 3, column: 5)
        let first = DiagnosticNote(SourceLocation(file: "s.yaml", line: 1, column: 2), "first defined here")
        let d = Diagnostic(at, "defined twice", notes: [first])
        XCTAssertEqual(d.headline, "s.yaml:3:5: error: defined twice")
        XCTAssertEqual(d.description, "s.yaml:3:5: error: defined twice\ns.yaml:1:2: note: first defined here")
        XCTAssertNotEqual(d, Diagnostic(at, "defined twice"))
    }
}
