import XCTest
import StrataModel
@testable import StrataParse

/// The parser reads every layer property by its table entry: the key's
/// bounds, an animation's `from`/`to` and a transaction's value all obey the
/// same bound, `by` does not; null is none where the entry allows it.
final class PropertyTableParseTests: XCTestCase {
    /// A number outside `b`, or nil when every number is inside.
    static func outside(_ b: Bound) -> Double? {
        if let lo = b.min { return b.minInclusive ? lo - 1 : lo }
        if let hi = b.max { return b.maxInclusive ? hi + 1 : hi }
        return nil
    }

    /// The layer mapping lines that give a layer of the property's type.
    static func typeLine(_ p: LayerProperty) -> String {
        p.layerTypes.map { "type: \($0[0].rawValue)\n" } ?? ""
    }

    func testBoundedNumbersAreCheckedAtTheKeyInAnimationsAndInTransactions() {
        var checked = 0
        for p in LayerProperty.all {
            let value: Double
            switch p.form {
            case .number(let b), .length(let b), .time(let b):
                guard let v = Self.outside(b) else { continue }
                value = v
            default: continue
            }
            checked += 1
            let text = Bound.format(value)
            let key = Marked(layerScene(Self.typeLine(p) + "\(p.name): ⟨v⟩\(text)"))
            XCTAssertEqual(diagnostics(key).map(\.description).first?.hasPrefix("\(key.at("v")): error: expected a"), true, p.name)
            guard p.animation.isAnimatable else { continue }
            let to = Marked(layerScene(Self.typeLine(p) + "name: l\nanimations: [{keyPath: \(p.name), to: ⟨v⟩\(text)}]"))
            XCTAssertEqual(diagnostics(to).first?.location.column, to.marks["v"]?.column, p.name)
            let by = Marked(layerScene(Self.typeLine(p) + "animations: [{keyPath: \(p.name), by: \(text)}]"))
            XCTAssertNotNil(scene(by), "\(p.name): by is a delta")
            let set = Marked(layerScene(Self.typeLine(p) + "name: l") + "timeline: [{at: 1s, set: {l.\(p.name): ⟨v⟩\(text)}}]\n")
            XCTAssertEqual(diagnostics(set).first?.location.column, set.marks["v"]?.column, p.name)
        }
        XCTAssertGreaterThanOrEqual(checked, 14)
    }

    func testChoicesAndNullFollowTheTable() {
        for p in LayerProperty.all {
            if case .choice(let names) = p.form {
                let bad = Marked(layerScene(Self.typeLine(p) + "\(p.name): ⟨v⟩\(names[0])x"))
                assertOnlyError(bad, at: "v", "unknown \(p.noun ?? p.name) '\(names[0])x'; did you mean '\(names[0])'?")
            }
            let null = Marked(layerScene(Self.typeLine(p) + "\(p.name): ⟨v⟩null"))
            if p.nullable {
                XCTAssertNotNil(scene(null), p.name)
            } else {
                XCTAssertEqual(diagnostics(null).first?.location.column, null.marks["v"]?.column, p.name)
            }
        }
    }

    func testTypeKeysAreKeysOfTheirTypesOnly() {
        for p in LayerProperty.all {
            guard let types = p.layerTypes, let other = LayerType.allCases.first(where: { !types.contains($0) }) else { continue }
            let m = Marked(layerScene("type: \(other.rawValue)\n⟨k⟩\(p.name): 1"))
            XCTAssertEqual(diagnostics(m).map(\.message).first,
                           "'\(p.name)' is a key of \(Suggestion.list(types.map(\.rawValue))) layers, not of type '\(other.rawValue)'",
                           p.name)
        }
    }

    func testAnimationsMayNameOnlyAddressableProperties() {
        for p in LayerProperty.all where !p.animation.isAddressable {
            let m = Marked(layerScene(Self.typeLine(p) + "animations: [{keyPath: ⟨k⟩\(p.name), to: 1}]"))
            let message = p.animation == .notYet ? "animating '\(p.name)' is not supported yet" : "'\(p.name)' is not an animatable property"
            XCTAssertEqual(diagnostics(m).first?.message, message, p.name)
        }
    }
}

/// Cell keys are read by the cell table: the key's bound holds for the key
/// and for `from` / `to` of `emitterCells.<name>.<key>`, not for `by`.
final class CellKeyTableParseTests: XCTestCase {
    func emitter(_ cell: String, _ animations: String = "[]") -> Marked {
        Marked(layerScene("type: emitter\nemitterCells: [{name: spark, contents: circle\(cell)}]\nanimations: \(animations)"))
    }

    func testBoundedCellKeysAreCheckedAtTheKeyAndInAnimations() {
        var checked = 0
        for k in CellKey.all {
            guard case .number(let b) = k.form, let v = PropertyTableParseTests.outside(b) else { continue }
            checked += 1
            let text = Bound.format(v)
            let key = emitter(", \(k.name): ⟨v⟩\(text)")
            XCTAssertEqual(diagnostics(key).first?.location.column, key.marks["v"]?.column, k.name)
            guard k.animates else { continue }
            let to = emitter("", "[{keyPath: emitterCells.spark.\(k.name), to: ⟨v⟩\(text)}]")
            XCTAssertEqual(diagnostics(to).first?.location.column, to.marks["v"]?.column, k.name)
            XCTAssertNotNil(scene(emitter("", "[{keyPath: emitterCells.spark.\(k.name), by: \(text)}]")), k.name)
        }
        XCTAssertGreaterThanOrEqual(checked, 7)
        // Angles are degrees when bare; lifetimes are times.
        guard let s = scene(emitter(", spin: 90, lifetime: 500ms")) else { return }
        let cell = s.root.sublayers[0].properties.emitter?.cells.first
        XCTAssertEqual(cell?.spin ?? 0, Double.pi / 2, accuracy: 1e-12)
        XCTAssertEqual(cell?.lifetime, 0.5)
    }
}
