import XCTest
import StrataModel
@testable import StrataParse

final class LayerTests: XCTestCase {
    func testDefaultsAreCoreAnimations() {
        guard let s = scene(Marked(sceneText("layers:\n  - name: a\n"))) else { return }
        let layer = s.root.sublayers[0]
        XCTAssertEqual(layer.name, "a")
        XCTAssertEqual(layer.type, .layer)
        XCTAssertEqual(layer.properties, LayerProperties())
        XCTAssertEqual(layer.properties.anchorPoint, Point(0.5, 0.5))
        XCTAssertEqual(layer.properties.borderColor, .black)
        XCTAssertEqual(layer.timing, LayerTiming())
        XCTAssertTrue(layer.animations.isEmpty)
        XCTAssertEqual(layer.location.start, SourceLocation(file: "test.yaml", line: 4, column: 5))
    }

    func testEverySupportedKey() {
        let m = Marked(layerScene("""
        name: card
        bounds: [1, 2, 100, 50]
        position: [60, 40]
        anchorPoint: [0, 1]
        anchorPointZ: 3
        zPosition: 2
        transform: [{rotate: 90deg}]
        sublayerTransform: {scale: 2}
        opacity: 0.5
        hidden: true
        backgroundColor: red
        cornerRadius: 8
        borderWidth: 2
        borderColor: [0, 0, 1, 0.5]
        masksToBounds: true
        beginTime: 1s
        speed: 2
        timeOffset: 250ms
        sublayers:
          - name: badge
        """))
        guard let card = scene(m)?.root.sublayers.first else { return }
        let p = card.properties
        XCTAssertEqual(p.bounds, Rect(1, 2, 100, 50))
        XCTAssertEqual(p.position, Point(60, 40))
        XCTAssertEqual(p.anchorPoint, Point(0, 1))
        XCTAssertEqual(p.anchorPointZ, 3)
        XCTAssertEqual(p.zPosition, 2)
        XCTAssertEqual(p.transform.m12, 1, accuracy: 1e-12)
        XCTAssertEqual(p.transform.m21, -1, accuracy: 1e-12)
        XCTAssertEqual(p.sublayerTransform, .scale(2, 2, 1))
        XCTAssertEqual(p.opacity, 0.5)
        XCTAssertTrue(p.hidden)
        XCTAssertEqual(p.backgroundColor, Color(1, 0, 0, 1))
        XCTAssertEqual(p.cornerRadius, 8)
        XCTAssertEqual(p.borderWidth, 2)
        XCTAssertEqual(p.borderColor, Color(0, 0, 1, 0.5))
        XCTAssertTrue(p.masksToBounds)
        XCTAssertEqual(card.timing, LayerTiming(beginTime: 1, speed: 2, timeOffset: 0.25))
        XCTAssertEqual(card.sublayers.map(\.name), ["badge"])
    }

    func testFrameSetsBoundsSizeAndPositionWithTheAnchorPoint() {
        let m = Marked(layerScene("frame: [10, 20, 100, 50]\nanchorPoint: [0, 0]"))
        guard let p = scene(m)?.root.sublayers.first?.properties else { return }
        XCTAssertEqual(p.bounds, Rect(0, 0, 100, 50))
        XCTAssertEqual(p.position, Point(10, 20))
        XCTAssertEqual(p.frame, Rect(10, 20, 100, 50))
        let centred = Marked(layerScene("frame: [10, 20, 100, 50]"))
        XCTAssertEqual(scene(centred)?.root.sublayers.first?.properties.position, Point(60, 45))
    }

    func testFrameIsAppliedAfterTheTransform() {
        // Key order must not matter: frame comes before transform in the file.
        let m = Marked(layerScene("frame: [0, 0, 200, 100]\ntransform: {scale: 2}"))
        guard let p = scene(m)?.root.sublayers.first?.properties else { return }
        XCTAssertEqual(p.bounds.size, Size(100, 50))
        XCTAssertEqual(p.frame, Rect(0, 0, 200, 100))
    }

    func testFrameWithBoundsOrPositionIsAnError() {
        assertOnlyError(Marked(layerScene("⟨f⟩frame: [0, 0, 10, 10]\nbounds: [0, 0, 5, 5]")), at: "f",
                        "'frame' cannot be combined with 'bounds' on one layer; 'frame' sets the bounds size and the position")
        assertOnlyError(Marked(layerScene("position: [1, 1]\n⟨f⟩frame: [0, 0, 10, 10]\nbounds: [0, 0, 5, 5]")), at: "f",
                        "'frame' cannot be combined with 'bounds' and 'position' on one layer; 'frame' sets the bounds size and the position")
    }

    func testMisspelledKeysGetSuggestions() {
        let m = Marked(layerScene("⟨a⟩opactiy: 1\n⟨b⟩backgroundColour: red\n⟨c⟩anchorpoint: [0, 0]\n⟨d⟩wibble: 1"))
        let items = diagnostics(m)
        XCTAssertEqual(items.map(\.description), [
            "\(m.at("a")): error: unknown layer key 'opactiy'; did you mean 'opacity'?",
            "\(m.at("b")): error: unknown layer key 'backgroundColour'; did you mean 'backgroundColor'?",
            "\(m.at("c")): error: unknown layer key 'anchorpoint'; did you mean 'anchorPoint'?",
            "\(m.at("d")): error: unknown layer key 'wibble'",
        ])
    }

    func testKeysNotSupportedYetAreErrorsNeverIgnored() {
        let m = Marked(layerScene("⟨d⟩fillColor: red\nopacity: 1"))
        let items = diagnostics(m)
        XCTAssertEqual(items.map(\.description), [
            "\(m.at("d")): error: 'fillColor' is a key of 'shape' layers, not of type 'layer'",
        ])
        for spec in KeyTables.layer.keys where spec.status == .notSupportedYet {
            let one = Marked(layerScene("⟨k⟩\(spec.name): 1"))
            assertOnlyError(one, at: "k", "'\(spec.name)' is not supported yet")
        }
    }

    func testEveryLayerTypeParses() {
        for type in LayerType.allCases {
            XCTAssertNotNil(scene(Marked(layerScene("type: \(type.rawValue)"))), type.rawValue)
        }
        assertOnlyError(Marked(layerScene("type: ⟨t⟩shap")), at: "t", "unknown layer type 'shap'; did you mean 'shape'?")
    }

    func testNames() {
        let names = Marked(sceneText("layers:\n  - name: ⟨first⟩a\n  - name: ⟨d⟩a\n"))
        assertOnlyError(names, at: "d", "duplicate layer name 'a' among siblings\n\(names.at("first")): note: the first layer named 'a'")
        XCTAssertEqual(diagnostics(names).first?.notes, [DiagnosticNote(SourceLocation(file: "test.yaml", line: 4, column: 11, end: SourcePosition(line: 4, column: 12)), "the first layer named 'a'")])
        XCTAssertNotNil(scene(Marked(sceneText("layers:\n  - name: a\n    sublayers: [{name: a}]\n"))))
        assertOnlyError(Marked(layerScene("name: ⟨n⟩my card")), at: "n", "layer name 'my card' may use only letters, digits, '_' and '-'")
        assertOnlyError(Marked(layerScene("name: ⟨n⟩12")), at: "n",
                        "layer name '12' is only digits, which layer paths read as an index; add a letter")
        XCTAssertEqual(scene(Marked(layerScene("name: card_2-b")))?.root.sublayers.first?.name, "card_2-b")
    }

    func testValueErrorsInManyLayersAreAllCollected() {
        let m = Marked("""
        strata: 1
        canvas: {size: [100, 100], fps: ⟨fps⟩fast}
        layers:
          - opacity: ⟨o⟩1.5
            position: [0, ⟨p⟩y]
            sublayers:
              - hidden: ⟨h⟩yes
                borderWidth: ⟨w⟩-1
          - backgroundColor: ⟨c⟩bleu
            transform: [{⟨r⟩rotat: 1}]
        """)
        let items = diagnostics(m)
        XCTAssertEqual(items.map(\.description), [
            "\(m.at("fps")): error: expected a frame rate greater than 0 and at most 240 (30, 29.97 or \"30000/1001\"), found 'fast'",
            "\(m.at("o")): error: expected a number from 0 to 1, found '1.5'",
            "\(m.at("p")): error: expected a number, found 'y'",
            "\(m.at("h")): error: expected true or false, found 'yes'",
            "\(m.at("w")): error: expected a length of 0 or more, found '-1'",
            "\(m.at("c")): error: unknown color name 'bleu'; did you mean 'blue'?",
            "\(m.at("r")): error: unknown transform operation 'rotat'; did you mean 'rotate'?",
        ])
    }

    func testDepthLimit() {
        // depth 64 loads; depth 65 is a located error at the 65th layer.
        func nested(_ depth: Int) -> String {
            var text = sceneText("layers:\n")
            var indent = "  "
            for i in 1...depth {
                text += indent + "- name: l\(i)\n"
                if i < depth { text += indent + "  sublayers:\n" }
                indent += "    "
            }
            return text
        }
        XCTAssertNotNil(scene(Marked(nested(64))))
        let items = diagnostics(Marked(nested(65)))
        XCTAssertEqual(items.map(\.message), ["layers nest deeper than 64 levels"])
        XCTAssertEqual(items.first?.location.line, 3 + 2 * 64 + 1)
        XCTAssertEqual(items.first?.location.column, 3 + 4 * 64 + 2)
    }

    func testLayerCountLimitThroughAliases() {
        // 21 x 1000 layers built from one aliased template: past 20000, one located error.
        var text = "strata: 1\ncanvas: {size: [10, 10]}\n"
        text += "layers:\n  - &l {sublayers: [" + Array(repeating: "{}", count: 999).joined(separator: ", ") + "]}\n"
        for _ in 0..<20 { text += "  - *l\n" }
        let items = diagnostics(Marked(text))
        XCTAssertEqual(items.map(\.description), ["test.yaml:24:5: error: the scene has more than 20000 layers"])
    }

    func testLayerTemplatesWithMergeKeys() {
        let m = Marked("""
        strata: 1
        canvas: {size: [100, 100]}
        params: {}
        layers:
          - &card {name: a, bounds: [0, 0, 10, 10], backgroundColor: red, opacity: ⟨o⟩7}
          - {<<: *card, name: b}
          - <<: *card
            name: c
            opacity: 0.5
        """)
        // The template's error is reported once, though the template is used three times.
        let items = diagnostics(m)
        XCTAssertEqual(items.filter { $0.severity == .error }.map(\.description),
                       ["\(m.at("o")): error: expected a number from 0 to 1, found '7'"])
        let fixed = Marked(m.text.replacingOccurrences("opacity: 7", "opacity: 1"))
        guard let s = scene(fixed) else { return }
        XCTAssertEqual(s.root.sublayers.map(\.name), ["a", "b", "c"])
        XCTAssertEqual(s.root.sublayers.map(\.properties.opacity), [1, 1, 0.5])
        XCTAssertEqual(s.root.sublayers.map(\.properties.backgroundColor), Array(repeating: Color(1, 0, 0, 1), count: 3))
    }

    func testAliasedLayersAreLocatedAtTheAlias() {
        let m = Marked("strata: 1\ncanvas: {size: [10, 10]}\nlayers:\n  - &t {name: ⟨first⟩a}\n  - ⟨dup⟩*t\n")
        assertOnlyError(m, at: "dup", "duplicate layer name 'a' among siblings\n\(m.at("first")): note: the first layer named 'a'")
        let ok = Marked("strata: 1\ncanvas: {size: [10, 10]}\nlayers:\n  - name: g\n    sublayers: [&t {opacity: 1}]\n  - sublayers: [⟨use⟩*t]\n")
        XCTAssertEqual(scene(ok)?.root.sublayers[1].sublayers[0].location.description, ok.at("use"))
    }

    func testBackgroundColorNullMeansNone() {
        XCTAssertNil(scene(Marked(layerScene("backgroundColor: null")))?.root.sublayers.first?.properties.backgroundColor)
        assertOnlyError(Marked(layerScene("borderColor: ⟨c⟩null")), at: "c", "expected \(Values.colorForms), found null")
    }
}
