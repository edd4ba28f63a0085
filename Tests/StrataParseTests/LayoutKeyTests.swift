import XCTest
import StrataModel
@testable import StrataParse

/// `constraints`, `autoresizingMask` and `golden.variants`: values and located errors.
final class LayoutKeyTests: XCTestCase {
    func testConstraintsParseWithDefaults() {
        let m = Marked(sceneText("""
        layers:
          - name: a
            constraints:
              - ⟨c1⟩{attribute: midX, relativeTo: superlayer, target: midX}
              - {attribute: minY, relativeTo: b, target: maxY, scale: 0.5, offset: -10}
          - {name: b}
        """))
        guard let s = scene(m) else { return }
        let c = s.root.sublayers[0].constraints
        XCTAssertEqual(c.count, 2)
        XCTAssertEqual(c[0].attribute, .midX)
        XCTAssertEqual(c[0].source, .superlayer)
        XCTAssertEqual(c[0].target, .midX)
        XCTAssertEqual(c[0].scale, 1)
        XCTAssertEqual(c[0].offset, 0)
        XCTAssertEqual(c[0].location.description, m.at("c1"))
        XCTAssertEqual(c[1].source, .sibling("b"))
        XCTAssertEqual(c[1].target, .maxY)
        XCTAssertEqual(c[1].scale, 0.5)
        XCTAssertEqual(c[1].offset, -10)
    }

    func testAThirdConstraintOnAnAxisIsAnError() {
        let m = Marked(sceneText("""
        layers:
          - name: a
            constraints:
              - ⟨minX⟩{attribute: minX, relativeTo: superlayer, target: minX}
              - {attribute: minY, relativeTo: superlayer, target: minY}
              - ⟨width⟩{attribute: width, relativeTo: superlayer, target: width}
              - ⟨third⟩{attribute: maxX, relativeTo: superlayer, target: maxX}
              - {attribute: height, relativeTo: superlayer, target: height}
        """))
        assertOnlyError(m, at: "third", """
            a third constraint on the x axis ('maxX'); Core Animation takes at most two per axis, here 'minX' and 'width'
            \(m.at("minX")): note: 'minX' is constrained here
            \(m.at("width")): note: 'width' is constrained here
            """)
    }

    func testTheSameAttributeTwiceIsAnError() {
        let m = Marked(sceneText("""
        layers:
          - name: a
            constraints:
              - ⟨first⟩{attribute: midY, relativeTo: superlayer, target: midY}
              - ⟨again⟩{attribute: midY, relativeTo: superlayer, target: minY}
        """))
        assertOnlyError(m, at: "again", "'midY' is already constrained; a layer takes one constraint per attribute\n\(m.at("first")): note: 'midY' is first constrained here")
    }

    func testARelativeToThatNamesNoSiblingIsAnErrorWithASuggestion() {
        let m = Marked(sceneText("""
        layers:
          - name: layerA
          - name: layerB
            constraints:
              - {attribute: minX, relativeTo: ⟨typo⟩layrA, target: maxX}
              - {attribute: minY, relativeTo: ⟨far⟩elsewhere, target: maxY}
              - {attribute: width, relativeTo: ⟨sup⟩superlayr, target: width}
            sublayers:
              - name: inner
                constraints:
                  - {attribute: minX, relativeTo: ⟨up⟩layerA, target: maxX}
        """))
        let items = diagnostics(m)
        XCTAssertEqual(items.filter { $0.severity == .error }.map(\.description), [
            "\(m.at("typo")): error: no sibling layer named 'layrA'; did you mean 'layerA'?",
            "\(m.at("far")): error: no sibling layer named 'elsewhere'; relativeTo takes 'superlayer' or the name of a layer in the same sublayers list ('layerA' or 'layerB')",
            "\(m.at("sup")): error: no sibling layer named 'superlayr'; did you mean 'superlayer'?",
            "\(m.at("up")): error: no sibling layer named 'layerA'; relativeTo takes 'superlayer' or the name of a layer in the same sublayers list ('inner')",
        ])
    }

    func testACycleNamesEveryLayerAndPointsAtEachConstraint() {
        let m = Marked(sceneText("""
        layers:
          - name: a
            constraints:
              - {attribute: minY, relativeTo: superlayer, target: minY}
              - ⟨a⟩{attribute: minX, relativeTo: c, target: maxX}
          - name: b
            constraints:
              - ⟨b⟩{attribute: minX, relativeTo: a, target: maxX}
          - name: c
            constraints:
              - ⟨c⟩{attribute: minX, relativeTo: b, target: maxX}
          - name: d
            constraints:
              - {attribute: minX, relativeTo: c, target: maxX}
        """))
        let items = diagnostics(m)
        XCTAssertEqual(items.map(\.description), ["""
            \(m.at("a")): error: constraints form a cycle among 'a', 'b' and 'c': a.minX reads c.maxX, c.minX reads b.maxX, b.minX reads a.maxX; no order lays them out
            \(m.at("b")): note: this constraint of 'b' is part of the cycle
            \(m.at("c")): note: this constraint of 'c' is part of the cycle
            """])
    }

    func testAHugeCycleIsNamedInPart() {
        let n = 30
        var text = "layers:\n"
        for i in 0..<n { text += "  - {name: l\(i), constraints: [{attribute: minY, relativeTo: l\((i + 1) % n), target: maxY}]}\n" }
        let items = diagnostics(Marked(sceneText(text)))
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items[0].notes.count, 20 + 1, "20 notes, one note for the rest")
        let names = (0..<20).map { "'l\($0)'" }.joined(separator: ", ")
        XCTAssertTrue(items[0].headline.hasPrefix("test.yaml:4:30: error: constraints form a cycle among \(names) and 10 more layers: l0.minY reads l1.maxY, "),
                      items[0].headline)
        XCTAssertTrue(items[0].headline.hasSuffix(", l19.minY reads l20.maxY, ... (10 more); no order lays them out"), items[0].headline)
        XCTAssertEqual(items[0].notes.last?.description, "test.yaml:25:31: note: 9 more constraints from here on are part of the cycle")
    }

    func testAConstraintThatReadsTheAxisItSetsIsACycle() {
        let m = Marked(sceneText("""
        layers:
          - name: a
            constraints:
              - {attribute: height, relativeTo: a, target: width}
              - ⟨w⟩{attribute: width, relativeTo: a, target: minX, scale: 2}
        """))
        assertOnlyError(m, at: "w", "constraints of 'a' form a cycle: a.width reads a.minX; no order lays them out")
    }

    func testConstraintEntryErrors() {
        let m = Marked(sceneText("""
        layers:
          - name: a
            constraints:
              - {attribute: ⟨attr⟩centerX, relativeTo: superlayer, target: midX}
              - ⟨missing⟩{attribute: minY, relativeTo: superlayer}
              - {attribute: maxY, relativeTo: superlayer, target: maxY, ⟨key⟩ofset: 3}
              - {attribute: width, relativeTo: superlayer, target: width, offset: ⟨off⟩wide}
              - ⟨scalar⟩minX
            ⟨list⟩autoresizingMask: [widthSizable, ⟨mask⟩heigthSizable]
        """))
        let items = diagnostics(m)
        XCTAssertEqual(items.map(\.description), [
            "\(m.at("attr")): error: unknown constraint attribute 'centerX'; expected 'minX', 'midX', 'maxX', 'width', 'minY', 'midY', 'maxY' or 'height'",
            "\(m.at("missing")): error: missing required key 'target' in constraint",
            "\(m.at("key")): error: unknown constraint key 'ofset'; did you mean 'offset'?",
            "\(m.at("off")): error: expected a length, found 'wide'",
            "\(m.at("scalar")): error: expected a constraint mapping, found 'minX'",
            "\(m.at("mask")): error: unknown autoresizingMask value 'heigthSizable'; did you mean 'heightSizable'?",
        ])
        _ = m.at("list")
    }

    func testAutoresizingMaskTakesANameOrAList() {
        let m = Marked(sceneText("""
        layers:
          - {name: a, autoresizingMask: widthSizable}
          - {name: b, autoresizingMask: [minXMargin, maxYMargin, ⟨twice⟩minXMargin]}
          - {name: c, autoresizingMask: []}
        """))
        let bad = Marked(layerScene("autoresizingMask: [⟨n⟩1]"))
        assertOnlyError(bad, at: "n", "expected an autoresizingMask name ('minXMargin', 'widthSizable', 'maxXMargin', 'minYMargin', 'heightSizable' or 'maxYMargin') or a list of them, found '1'")
        guard case .success(let r) = load(m) else { return XCTFail("did not load") }
        XCTAssertEqual(r.scene.root.sublayers.map(\.autoresizingMask), [[.widthSizable], [.minXMargin, .maxYMargin], []])
        XCTAssertEqual(r.warnings.map(\.description), ["\(m.at("twice")): warning: 'minXMargin' is listed twice"])
        XCTAssertEqual(AutoresizingMask([.minXMargin, .maxYMargin]).rawValue, 1 | 32, "Core Animation's bits")
    }

    func testGoldenVariantsNameCanvasVariants() {
        let m = Marked(sceneText("""
        layers: []
        golden:
          frames: [0]
          variants: [⟨story⟩story, ⟨typo⟩sqare, ⟨again⟩story, ⟨none⟩poster]
        """, canvas: "{size: [200, 100], variants: {story: [100, 200], square: [100, 100]}}"))
        let items = diagnostics(m)
        XCTAssertEqual(items.map(\.description), [
            "\(m.at("typo")): error: no canvas variant named 'sqare'; did you mean 'square'?",
            "\(m.at("again")): warning: variant 'story' is already listed\n\(m.at("story")): note: variant 'story' is first listed here",
            "\(m.at("none")): error: no canvas variant named 'poster'; canvas.variants has 'story' and 'square'",
        ])
        let ok = Marked(sceneText("layers: []\ngolden: {frames: [0], variants: [square]}\n",
                                  canvas: "{size: [200, 100], variants: {story: [100, 200], square: [100, 100]}}"))
        guard let s = scene(ok), let policy = s.golden else { return }
        XCTAssertEqual(policy.variants?.map(\.name), ["square"])
        XCTAssertEqual(policy.checkedVariants(of: s.canvas), ["square"])
        var all = policy
        all.variants = nil
        XCTAssertEqual(all.checkedVariants(of: s.canvas), ["story", "square"], "default: every variant")
        let none = Marked(sceneText("layers: []\ngolden: {frames: [0], variants: [⟨v⟩story]}\n"))
        assertOnlyError(none, at: "v", "no canvas variant named 'story'; the canvas defines no variants")
    }

    func testSchemaDescribesConstraints() throws {
        let data = Data(sceneJSONSchema().utf8)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let defs = try XCTUnwrap(root["$defs"] as? [String: Any])
        let constraint = try XCTUnwrap(defs["constraint"] as? [String: Any])
        XCTAssertEqual(Set((constraint["required"] as? [String]) ?? []), ["attribute", "relativeTo", "target"])
        let layer = try XCTUnwrap((defs["layer"] as? [String: Any])?["properties"] as? [String: Any])
        XCTAssertNil((layer["constraints"] as? [String: Any])?["not"], "supported now")
        XCTAssertNil((layer["autoresizingMask"] as? [String: Any])?["not"], "supported now")
    }
}
