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
        XCTAssertEqual(a.keyPath.emitterCell?.path, ["spark"])
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
                        "'velocty' in 'emitterCells.spark.velocty' is not a cell key; did you mean 'velocity'?")
        assertOnlyError(emitter("{keyPath: ⟨k⟩emitterCells.spark.duration, to: 5}"), at: "k",
                        "'duration' in 'emitterCells.spark.duration' is not an animatable cell key")
        assertOnlyError(emitter("{keyPath: ⟨k⟩emitterCells.spark, to: 5}"), at: "k",
                        "'emitterCells.spark' is not a cell key path; write 'emitterCells.<cellName>.<key>' (a sub-cell: 'emitterCells.<cellName>.emitterCells.<subName>.<key>')")
    }

    func testBirthRateIsZeroOrMoreExceptBy() {
        let m = emitter("{keyPath: emitterCells.spark.birthRate, to: ⟨v⟩-1}")
        let errors = diagnostics(m).filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors.first?.description.hasPrefix(m.at("v") + ": error: ") ?? false, "\(errors)")
        XCTAssertNotNil(scene(emitter("{keyPath: emitterCells.spark.birthRate, by: -1}")))
    }

    /// An emitter named fx whose cell rocket has a sub-cell spark, and `extra` lines.
    private func fireworks(_ extra: String = "") -> String {
        """
        layers:
          - name: fx
            type: emitter
            emitterCells:
              - {name: rocket, birthRate: 1, lifetime: 1, emitterCells: [{name: spark, contents: circle, birthRate: 10, lifetime: 1}]}
        \(extra)
        """
    }

    func testTransactionsSetAnyCellKeyOfAnyCell() throws {
        let layers = fireworks()
        let ok = sceneText(layers + """
        timeline:
          - {at: 1s, set: {fx.emitterCells.rocket.velocity: 50, fx.emitterCells.rocket.emitterCells.spark.enabled: false,
                           fx.emitterCells.rocket.duration: 2}}
        """)
        let changes = try XCTUnwrap(scene(Marked(ok))?.timeline.first?.changes)
        XCTAssertEqual(changes.map(\.keyPath.emitterCell?.path), [["rocket"], ["rocket", "spark"], ["rocket"]])
        XCTAssertEqual(changes.map(\.keyPath.emitterCell?.key), ["velocity", "enabled", "duration"])
        XCTAssertEqual(changes.map(\.value), [.animatable(.scalar(50)), .animatable(.bool(false)), .animatable(.scalar(2))])
        assertOnlyError(Marked(sceneText(layers + "timeline:\n  - at: 1s\n    set: {⟨t⟩fx.emitterCells.rocket.emitterCells.sprak.velocity: 50}\n")),
                        at: "t", "no sub-cell of 'rocket' named 'sprak'; did you mean 'spark'?")
        assertOnlyError(Marked(sceneText(layers + "timeline:\n  - at: 1s\n    set: {⟨t⟩fx.emitterCells: []}\n")),
                        at: "t", "the emitter's cells cannot be replaced by a transaction; set their keys: 'emitterCells.<cellName>.<key>'")
    }

    func testSubCellKeyPathsAnimate() throws {
        let m = Marked(sceneText(fireworks("    animations: [{keyPath: emitterCells.rocket.emitterCells.spark.birthRate, from: 0, to: 20}]")))
        let a = try XCTUnwrap(scene(m)?.root.sublayers.first?.animations.first)
        XCTAssertEqual(a.keyPath.emitterCell?.path, ["rocket", "spark"])
        XCTAssertEqual(a.keyPath.emitterCell?.key, "birthRate")
    }

    func testCellKeysBelongToEmitters() {
        assertOnlyError(Marked(layerScene("""
            animations:
              - {keyPath: ⟨k⟩emitterCells.spark.birthRate, to: 5}
        """)), at: "k", "'emitterCells' is a key of 'emitter' layers, not of type 'layer'")
    }
}

/// Sub-cells and the limits transactions are held to.
final class EmitterSubcellParseTests: XCTestCase {
    func testSubCellsParseAndNestAtMostEightLevels() throws {
        let s = try XCTUnwrap(scene(Marked(layerScene("""
            type: emitter
            emitterCells:
              - name: rocket
                birthRate: 1
                lifetime: 1
                emitterCells: [{name: spark, contents: circle, birthRate: 2, lifetime: 1, enabled: false}]
        """))))
        let rocket = try XCTUnwrap(s.root.sublayers.first?.properties.emitter?.cells.first)
        XCTAssertEqual(rocket.cells.map(\.name), ["spark"])
        XCTAssertEqual(rocket.cells.first?.enabled, false)
        let quiet = load(Marked(layerScene("""
            type: emitter
            emitterCells: [{name: rocket, birthRate: 1, lifetime: 1, emitterCells: [{name: spark, contents: circle}]}]
        """)))
        XCTAssertEqual(try quiet.get().warnings.map(\.message), [], "a cell that only emits sub-cells draws nothing on purpose: no warning")
        var nested = "[{contents: circle, birthRate: 1, lifetime: 1}]"
        for _ in 0..<8 { nested = "[{birthRate: 1, lifetime: 1, emitterCells: \(nested)}]" }
        let deep = Marked(layerScene("type: emitter\nemitterCells: " + nested))
        XCTAssertEqual(diagnostics(deep).filter { $0.severity == .error }.map(\.message), ["emitter cells nest deeper than 8 levels"])
    }

    func testSubCellsCountTowardsTheParticleLimit() {
        // 10 rockets alive (10/s x 1 s) each emitting 1000/s sparks living 10 s:
        // births of sparks in 10 s = rockets born in 11 s (110) x 1000 x 1 s.
        assertOnlyError(Marked(layerScene("""
            type: emitter
            ⟨k⟩emitterCells: [{name: r, birthRate: 10, lifetime: 1, emitterCells: [{name: s, contents: circle, birthRate: 1000, lifetime: 10}]}]
        """)), at: "k", "the emitter may have 110010 particles alive at once (birthRate x (lifetime + lifetimeRange) summed over its cells and sub-cells, with the layer's multipliers); at most 50000 are allowed")
    }

    func testTransactionsAreHeldToTheLimits() {
        let layers = """
        layers:
          - name: fx
            type: emitter
            emitterCells: [{name: spark, contents: circle, birthRate: 10, lifetime: 1}]
          - name: row
            type: replicator
            instanceCount: 2
            sublayers: [{name: col, type: replicator, instanceCount: 100, sublayers: [{name: dot}]}]

        """
        assertOnlyError(Marked(sceneText(layers + "timeline:\n  - {at: 1s, set: {⟨t⟩fx.emitterCells.spark.birthRate: 60000}}\n")), at: "t",
                        "with the values the timeline sets, the emitter may have 60000 particles alive at once; at most 50000 are allowed")
        assertOnlyError(Marked(sceneText(layers + "timeline:\n  - {at: 1s, set: {⟨t⟩row.instanceCount: 2000}}\n")), at: "t",
                        "with the instanceCount the timeline sets, the scene would draw 202003 layers; at most 100000 are allowed")
    }
}
