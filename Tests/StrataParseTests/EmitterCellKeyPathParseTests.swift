import StrataModel
@testable import StrataParse
import XCTest

/// `emitterCells.<cellName>.<key>` animations: parsed, with located errors.
final class EmitterCellKeyPathParseTests: XCTestCase {
    private func emitter(_ animation: String) -> Marked {
        Marked(layerScene("""
            type: emitter
            emitterCells:
              - {name: spark, contents: circle, birthRate: 1, lifetime: 1}
              - {name: smoke, contents: circle, birthRate: 1, lifetime: 1}
            animations:
              - \(animation)
        """))
    }

    func testCellKeyPathsParseWithTheirKinds() throws {
        let s = try XCTUnwrap(scene(emitter("{keyPath: emitterCells.spark.birthRate, from: 0, to: 20}")))
        let a = try XCTUnwrap(s.root.sublayers.first?.animations.first)
        XCTAssertEqual(a.keyPath.property, .emitterCells)
        XCTAssertEqual(a.keyPath.emitterCell?.name, "spark")
        XCTAssertEqual(a.keyPath.emitterCell?.key, "birthRate")
        XCTAssertEqual(a.keyPath.valueKind, .scalar)
        // Angles read in degrees when bare, colors as colors.
        let spin = try XCTUnwrap(scene(emitter("{keyPath: emitterCells.smoke.emissionLongitude, to: 90}")))
        guard case .basic(_, let to?, _) = spin.root.sublayers[0].animations[0].kind, case .scalar(let r) = to
        else { return XCTFail("not a basic scalar") }
        XCTAssertEqual(r, .pi / 2, accuracy: 1e-12)
        let color = try XCTUnwrap(scene(emitter("{keyPath: emitterCells.spark.color, to: red}")))
        XCTAssertEqual(color.root.sublayers[0].animations[0].keyPath.valueKind, .color)
    }

    func testUnknownCellNameIsALocatedErrorWithASuggestion() {
        assertOnlyError(emitter("{keyPath: ⟨k⟩emitterCells.sprak.birthRate, to: 5}"), at: "k",
                        "no emitter cell named 'sprak'; did you mean 'spark'?")
        assertOnlyError(emitter("{keyPath: ⟨k⟩emitterCells.fire.birthRate, to: 5}"), at: "k",
                        "no emitter cell named 'fire'; its cells are 'spark' or 'smoke'")
    }

    func testUnknownCellKeyIsALocatedErrorWithASuggestion() {
        assertOnlyError(emitter("{keyPath: ⟨k⟩emitterCells.spark.velocty, to: 5}"), at: "k",
                        "'velocty' in 'emitterCells.spark.velocty' is not an animatable cell key; did you mean 'velocity'?")
        assertOnlyError(emitter("{keyPath: ⟨k⟩emitterCells.spark, to: 5}"), at: "k",
                        "'emitterCells.spark' is not a cell key path; write 'emitterCells.<cellName>.<key>'")
    }

    func testBirthRateIsZeroOrMoreExceptBy() {
        let m = emitter("{keyPath: emitterCells.spark.birthRate, to: ⟨v⟩-1}")
        let errors = diagnostics(m).filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors.first?.description.hasPrefix(m.at("v") + ": error: ") ?? false, "\(errors)")
        XCTAssertNotNil(scene(emitter("{keyPath: emitterCells.spark.birthRate, by: -1}")))
    }

    func testTransactionsCannotSetCellKeysYet() {
        let layers = """
        layers:
          - name: fx
            type: emitter
            emitterCells: [{name: spark, contents: circle, birthRate: 1, lifetime: 1}]

        """
        assertOnlyError(Marked(sceneText(layers + "timeline:\n  - at: 1s\n    set: {⟨t⟩fx.emitterCells.spark.velocity: 50}\n")),
                        at: "t", "setting emitter cell keys in a transaction is not supported yet; animate 'emitterCells.spark.velocity' instead")
    }

    func testCellKeysBelongToEmitters() {
        assertOnlyError(Marked(layerScene("""
            animations:
              - {keyPath: ⟨k⟩emitterCells.spark.birthRate, to: 5}
        """)), at: "k", "'emitterCells' is a key of 'emitter' layers, not of type 'layer'")
    }
}
