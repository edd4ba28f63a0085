import XCTest
import Foundation
import StrataModel
@testable import StrataParse

/// The keys of shape, text, gradient, replicator, scroll and emitter layers.
final class LayerTypeTests: XCTestCase {
    func only(_ m: Marked, file: StaticString = #filePath, line: UInt = #line) -> Layer? {
        scene(m, file: file, line: line)?.root.sublayers.first
    }

    func testShapeKeysAndDefaults() {
        guard let defaults = only(Marked(layerScene("type: shape")))?.properties.shape else { return XCTFail() }
        XCTAssertEqual(defaults, ShapeProperties())
        XCTAssertEqual(defaults.fillColor, .black)
        XCTAssertNil(defaults.strokeColor)
        let m = Marked(layerScene("""
        type: shape
        path: "M 0 0 L 10 0 L 10 10 Z"
        fillColor: null
        fillRule: evenOdd
        strokeColor: red
        lineWidth: 3
        lineCap: round
        lineJoin: bevel
        miterLimit: 4
        lineDashPattern: [4, 2]
        lineDashPhase: 1
        strokeStart: 0.25
        strokeEnd: 0.75
        """))
        guard let s = only(m)?.properties.shape else { return }
        XCTAssertEqual(s.path?.structure, "MLLZ")
        XCTAssertNil(s.fillColor)
        XCTAssertEqual(s.fillRule, .evenOdd)
        XCTAssertEqual(s.strokeColor, Color(1, 0, 0))
        XCTAssertEqual(s.lineWidth, 3)
        XCTAssertEqual(s.lineCap, .round)
        XCTAssertEqual(s.lineJoin, .bevel)
        XCTAssertEqual(s.miterLimit, 4)
        XCTAssertEqual(s.lineDashPattern, [4, 2])
        XCTAssertEqual(s.lineDashPhase, 1)
        XCTAssertEqual(s.strokeStart, 0.25)
        XCTAssertEqual(s.strokeEnd, 0.75)
    }

    func testPathPrimitives() {
        let rect = only(Marked(layerScene("type: shape\npath: {rect: [0, 0, 40, 20], cornerRadius: 5}")))?.properties.shape?.path
        XCTAssertEqual(rect, .rect(Rect(0, 0, 40, 20), cornerRadius: 5))
        let ellipse = only(Marked(layerScene("type: shape\npath: {ellipse: [0, 0, 40, 20]}")))?.properties.shape?.path
        XCTAssertEqual(ellipse, .ellipse(Rect(0, 0, 40, 20)))
        let polygon = only(Marked(layerScene("type: shape\npath: {polygon: [[0, 0], [10, 0], [5, 8]]}")))?.properties.shape?.path
        XCTAssertEqual(polygon?.structure, "MLLZ")
        assertOnlyError(Marked(layerScene("type: shape\npath: ⟨p⟩{rect: [0, 0, 1, 1], ellipse: [0, 0, 1, 1]}")), at: "p",
                        "a path shape takes one of 'rect' or 'ellipse', not several")
        assertOnlyError(Marked(layerScene("type: shape\npath: {ellipse: [0, 0, 1, 1], ⟨c⟩cornerRadius: 2}")), at: "c",
                        "'cornerRadius' applies to 'rect' only")
        assertOnlyError(Marked(layerScene("type: shape\npath: {polygon: ⟨l⟩[[0, 0]]}")), at: "l",
                        "a polygon needs at least 2 points, found 1")
        assertOnlyError(Marked(layerScene("type: shape\npath: {⟨k⟩circle: 3}")), at: "k",
                        "unknown path shape key 'circle'; expected 'rect', 'cornerRadius', 'ellipse', 'polygon' or 'arc'")
    }

    func testPathSyntaxErrorsPointInsideTheString() {
        // Plain, quoted, and a block scalar over several lines.
        assertOnlyError(Marked(layerScene("type: shape\npath: M 0 0 L 10 ⟨x⟩x")), at: "x",
                        "invalid path data: expected a number for argument 2 of 2 of 'L' (line), found 'x'")
        assertOnlyError(Marked(layerScene("type: shape\npath: \"M 0 0 ⟨k⟩K 1 2\"")), at: "k",
                        "invalid path data: unknown path command 'K'; expected one of M L H V C S Q T A Z (or lower case for relative)")
        assertOnlyError(Marked(layerScene("type: shape\npath: |\n  M 0 0\n  L 10 10\n  A 5 5 0 ⟨f⟩2 0 20 20")), at: "f",
                        "invalid path data: expected the large-arc flag 0 or 1 for argument 4 of 7 of 'A' (arc), found '2'")
        assertOnlyError(Marked(layerScene("type: shape\npath: >-\n  M 0 0\n    L 10 ⟨y⟩x")), at: "y",
                        "invalid path data: expected a number for argument 2 of 2 of 'L' (line), found 'x'")
    }

    func testTypeKeysBelongToTheirType() {
        assertOnlyError(Marked(layerScene("type: text\n⟨k⟩lineWidth: 2")), at: "k",
                        "'lineWidth' is a key of 'shape' layers, not of type 'text'")
        assertOnlyError(Marked(layerScene("⟨k⟩instanceCount: 2")), at: "k",
                        "'instanceCount' is a key of 'replicator' layers, not of type 'layer'")
    }

    func testTextKeys() {
        let m = Marked(layerScene("""
        type: text
        string: 42
        font: DejaVu Sans Bold
        fontSize: 20
        foregroundColor: black
        alignmentMode: justified
        isWrapped: true
        truncationMode: middle
        """))
        guard let t = only(m)?.properties.text else { return }
        XCTAssertEqual(t.string, "42")
        XCTAssertEqual(t.font, FontSpec(description: "DejaVu Sans Bold"))
        XCTAssertEqual(t.fontSize, 20)
        XCTAssertEqual(t.foregroundColor, .black)
        XCTAssertEqual(t.alignmentMode, .justified)
        XCTAssertTrue(t.isWrapped)
        XCTAssertEqual(t.truncationMode, .middle)
        XCTAssertEqual(only(Marked(layerScene("type: text")))?.properties.text, TextProperties())
        assertOnlyError(Marked(layerScene("type: text\nfontSize: ⟨s⟩5000")), at: "s", "expected a length from 0 to 4096, found '5000'")
    }

    func testFontAssetsAndMissingFamilies() throws {
        let fontFile = CLIPaths.font
        let withAsset = Marked(sceneText("assets: {sans: \(fontFile)}\nlayers:\n  - {type: text, font: sans}\n"))
        XCTAssertEqual(scene(withAsset)?.root.sublayers.first?.properties.text?.font, FontSpec(description: "sans", file: fontFile))
        // A file that holds no font.
        let notFont = Marked(sceneText("assets: {bad: \(#filePath)}\nlayers:\n  - {type: text, font: ⟨f⟩bad}\n"))
        assertOnlyError(notFont, at: "f", "asset 'bad' ('\(#filePath)') is not a font file fontconfig can read")
        // A family fontconfig does not know is a warning that names the fallback.
        let missing = Marked(layerScene("type: text\nfont: ⟨f⟩Nonexistent Strata Sans Bold"))
        switch load(missing) {
        case .failure(let list): XCTFail("\(list)")
        case .success(let r):
            XCTAssertEqual(r.warnings.count, 1)
            let w = try XCTUnwrap(r.warnings.first)
            XCTAssertEqual(w.severity, .warning)
            XCTAssertEqual("\(w.location)", missing.at("f"))
            XCTAssertTrue(w.message.hasPrefix("font family 'Nonexistent Strata Sans' not found; using '"), w.message)
        }
        // Generic families are not "missing".
        if case .success(let r) = load(Marked(layerScene("type: text\nfont: sans-serif 12"))) {
            XCTAssertEqual(r.warnings, [])
        } else { XCTFail() }
    }

    func testGradientKeys() {
        let m = Marked(layerScene("""
        type: gradient
        colors: [red, "#00ff00", [0, 0, 1, 0.5]]
        locations: [0, 0.2, 1]
        startPoint: [0, 0]
        endPoint: [1, 1]
        gradientType: conic
        """))
        guard let g = only(m)?.properties.gradient else { return }
        XCTAssertEqual(g.colors, [Color(1, 0, 0), Color(0, 1, 0), Color(0, 0, 1, 0.5)])
        XCTAssertEqual(g.locations, [0, 0.2, 1])
        XCTAssertEqual(g.startPoint, Point(0, 0))
        XCTAssertEqual(g.endPoint, Point(1, 1))
        XCTAssertEqual(g.type, .conic)
        XCTAssertEqual(only(Marked(layerScene("type: gradient\ncolors: [red, blue, green]")))?.properties.gradient?.resolvedLocations,
                       [0, 0.5, 1])
        assertOnlyError(Marked(layerScene("type: gradient\ncolors: [red, blue]\nlocations: ⟨l⟩[0, 0.5, 1]")), at: "l",
                        "'locations' has 3 values but 'colors' has 2; give one location per color")
        assertOnlyError(Marked(layerScene("type: gradient\ncolors: [red, ⟨c⟩bleu]")), at: "c",
                        "unknown color name 'bleu'; did you mean 'blue'?")
        assertOnlyError(Marked(layerScene("type: gradient\ngradientType: ⟨t⟩angular")), at: "t",
                        "unknown gradientType 'angular'; expected 'axial', 'radial' or 'conic'")
    }

    func testReplicatorKeysAndLimits() {
        let m = Marked(layerScene("""
        type: replicator
        instanceCount: 12
        instanceTransform: {rotate: 30deg}
        instanceDelay: 100ms
        instanceColor: red
        instanceRedOffset: -0.1
        instanceGreenOffset: 0.1
        instanceBlueOffset: 0.2
        instanceAlphaOffset: -0.05
        preservesDepth: true
        """))
        guard let r = only(m)?.properties.replicator else { return }
        XCTAssertEqual(r.instanceCount, 12)
        XCTAssertEqual(r.instanceTransform.m12, 0.5, accuracy: 1e-12)
        XCTAssertEqual(r.instanceDelay, 0.1, accuracy: 1e-12)
        XCTAssertEqual(r.instanceColor, Color(1, 0, 0))
        XCTAssertEqual([r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset], [-0.1, 0.1, 0.2, -0.05])
        XCTAssertTrue(r.preservesDepth)
        assertOnlyError(Marked(layerScene("type: replicator\ninstanceCount: ⟨c⟩10001")), at: "c",
                        "instanceCount 10001 is more than the limit of 10000 copies")
        // Nested replicators multiply: 400 x 400 copies of one layer is past the limit.
        let nested = Marked(layerScene("""
        type: replicator
        ⟨c⟩instanceCount: 400
        sublayers:
          - type: replicator
            instanceCount: 400
            sublayers: [{name: dot}]
        """))
        assertOnlyError(nested, at: "c", "the replicator would draw 160401 layers (its copies times its sublayers, nested replicators multiplying); at most 100000 are allowed")
    }

    func testScrollPointMovesTheBoundsOrigin() {
        let m = Marked(layerScene("type: scroll\nbounds: [0, 0, 100, 50]\nscrollMode: horizontally\nscrollPoint: [30, 40]"))
        guard let layer = only(m) else { return }
        XCTAssertEqual(layer.properties.scroll?.scrollMode, .horizontally)
        XCTAssertEqual(layer.properties.bounds, Rect(30, 0, 100, 50))
    }

    func testEmitterKeysCellsAndLimits() {
        let m = Marked(layerScene("""
        type: emitter
        emitterPosition: [10, 20]
        emitterZPosition: 5
        emitterSize: [100, 4]
        emitterShape: rectangle
        emitterMode: outline
        renderMode: oldestFirst
        birthRate: 2
        lifetime: 0.5
        velocity: 3
        scale: 0.5
        spin: 2
        seed: 4294967295
        emitterCells:
          - name: spark
            contents: {circle: [4, 6]}
            birthRate: 10
            lifetime: 2s
            lifetimeRange: 500ms
            emissionLongitude: 90deg
            emissionRange: 0.5turn
            spin: 180
            color: red
            alphaSpeed: -0.5
            beginTime: -1s
            duration: 3s
          - {contents: square, birthRate: 1, lifetime: 1}
        """))
        guard let e = only(m)?.properties.emitter else { return }
        XCTAssertEqual(e.emitterPosition, Point(10, 20))
        XCTAssertEqual(e.emitterZPosition, 5)
        XCTAssertEqual(e.emitterSize, Size(100, 4))
        XCTAssertEqual(e.emitterShape, .rectangle)
        XCTAssertEqual(e.emitterMode, .outline)
        XCTAssertEqual(e.renderMode, .oldestFirst)
        XCTAssertEqual([e.birthRate, e.lifetime, e.velocity, e.scale, e.spin], [2, 0.5, 3, 0.5, 2])
        XCTAssertEqual(e.seed, UInt32.max)
        XCTAssertEqual(e.cells.count, 2)
        let c = e.cells[0]
        XCTAssertEqual(c.name, "spark")
        XCTAssertEqual(c.contents, .circle(Size(4, 6)))
        XCTAssertEqual(c.emissionLongitude, Double.pi / 2, accuracy: 1e-12)
        XCTAssertEqual(c.emissionRange, Double.pi, accuracy: 1e-12)
        XCTAssertEqual(c.spin, Double.pi, accuracy: 1e-12)
        XCTAssertEqual([c.lifetime, c.lifetimeRange, c.alphaSpeed, c.beginTime, c.duration], [2, 0.5, -0.5, -1, 3])
        XCTAssertEqual(e.cells[1].contents, .rect(Size(10, 10)))

        // 2000/s living 30 s: 60000 particles alive at once.
        assertOnlyError(Marked(layerScene("type: emitter\n⟨k⟩emitterCells: [{contents: circle, birthRate: 2000, lifetime: 30}]")), at: "k",
                        "the emitter may have 60000 particles alive at once (birthRate x (lifetime + lifetimeRange) summed over its cells and sub-cells, with the layer's multipliers); at most 50000 are allowed")
        // An animated multiplier counts at its largest.
        assertOnlyError(Marked(layerScene("""
        type: emitter
        ⟨k⟩emitterCells: [{contents: circle, birthRate: 100, lifetime: 10}]
        animations: [{keyPath: birthRate, to: 60}]
        """)), at: "k", "the emitter may have 60000 particles alive at once (birthRate x (lifetime + lifetimeRange) summed over its cells and sub-cells, with the layer's multipliers); at most 50000 are allowed")
        assertOnlyError(Marked(layerScene("type: emitter\nemitterCells: [{contents: ⟨c⟩star}]")), at: "c",
                        "particle contents 'star' is neither an asset name, an image file (looked for 'star') nor a built-in shape ('circle', 'square')")
        // A cell without contents draws nothing: a warning.
        if case .success(let r) = load(Marked(layerScene("type: emitter\nemitterCells: [{birthRate: 1}]"))) {
            XCTAssertEqual(r.warnings.count, 1)
            XCTAssertTrue(r.warnings.first?.message.hasPrefix("emitter cell has no 'contents'") ?? false)
        } else { XCTFail() }
    }

    func testTypedAnimationsCheckTheirLayerTypeAndStructure() {
        func shape(_ animation: String, path: String = "\"M 0 0 L 10 0 L 10 10 Z\"") -> Marked {
            Marked(layerScene("type: shape\npath: \(path)\nanimations:\n  - \(animation)"))
        }
        guard let a = scene(shape("{keyPath: path, to: \"M 5 5 L 20 0 L 20 20 Z\"}"))?.root.sublayers.first?.animations.first,
              case .basic(_, let to?, _) = a.kind else { return XCTFail() }
        XCTAssertEqual(to, .path(BezierPath([.move(Point(5, 5)), .line(Point(20, 0)), .line(Point(20, 20)), .close])))
        assertOnlyError(shape("{keyPath: path, to: ⟨t⟩\"M 0 0 C 1 1 2 2 3 3 Z\"}"), at: "t",
                        "'to' has a path of another structure than the layer's 'path' (the animation's other end): MCZ vs MLLZ (M move, L line, C curve, Z close; H/V are lines, Q/T/S/A curves); paths interpolate only with the same elements")
        assertOnlyError(shape("{keyPath: path, from: {rect: [0, 0, 5, 5]}, to: ⟨t⟩{ellipse: [0, 0, 5, 5]}}"), at: "t",
                        "'to' has a path of another structure than 'from': MCCCCZ vs MLCLCLCLCZ (M move, L line, C curve, Z close; H/V are lines, Q/T/S/A curves); paths interpolate only with the same elements")
        assertOnlyError(shape("{keyPath: path, to: \"M 0 0 L 1 ⟨x⟩?\"}"), at: "x",
                        "invalid path data: expected a number for argument 2 of 2 of 'L' (line), found '?'")
        assertOnlyError(shape("{keyPath: path, from: \"M 0 0\", ⟨b⟩by: \"M 1 1\"}"), at: "b", "'by' does not apply to 'path'; use 'from' and 'to'")
        assertOnlyError(Marked(layerScene("type: shape\nanimations:\n  - {keyPath: path, to: ⟨t⟩\"M 0 0 L 1 1\"}")), at: "t",
                        "the layer has no 'path' for the animation to start or end at; give both 'from' and 'to'")
        assertOnlyError(Marked(layerScene("type: gradient\ncolors: [red, blue]\nanimations:\n  - {keyPath: colors, to: ⟨t⟩[red]}")), at: "t",
                        "'to' has 1 color but the layer's 'colors' (the animation's other end) has 2; lists interpolate only with the same count")
        assertOnlyError(Marked(layerScene("animations:\n  - {keyPath: ⟨k⟩strokeEnd, to: 1}")), at: "k",
                        "'strokeEnd' is a key of 'shape' layers, not of type 'layer'")
        assertOnlyError(Marked(layerScene("type: text\nanimations:\n  - {keyPath: ⟨k⟩string, to: a}")), at: "k",
                        "'string' is not an animatable property")
        assertOnlyError(Marked(layerScene("type: shape\nanimations:\n  - {keyPath: strokeEnd, to: ⟨v⟩1.5}")), at: "v",
                        "expected a number from 0 to 1, found '1.5'")
        // Components of typed key paths.
        XCTAssertNotNil(scene(Marked(layerScene("type: replicator\nanimations:\n  - {keyPath: instanceTransform.rotation.z, to: 90}"))))
        XCTAssertNotNil(scene(Marked(layerScene("type: gradient\nanimations:\n  - {keyPath: startPoint.x, to: 1}"))))
        XCTAssertNotNil(scene(Marked(layerScene("type: emitter\nanimations:\n  - {keyPath: emitterPosition, by: [10, 0]}"))))
        let delay = scene(Marked(layerScene("type: replicator\nanimations:\n  - {keyPath: instanceDelay, to: 250ms}")))?
            .root.sublayers.first?.animations.first
        guard case .basic(_, let to?, _)? = delay?.kind else { return XCTFail() }
        XCTAssertEqual(to, .scalar(0.25))
    }
}

extension LayerTypeTests {
    func testSchemaDescribesTheTypeKeys() throws {
        let object = try JSONSerialization.jsonObject(with: Data(sceneJSONSchema().utf8))
        let defs = try XCTUnwrap((object as? [String: Any])?["$defs"] as? [String: Any])
        let layer = try XCTUnwrap((defs["layer"] as? [String: Any])?["properties"] as? [String: Any])
        for (_, specs) in KeyTables.keysByType {
            for spec in specs {
                let key = try XCTUnwrap(layer[spec.name] as? [String: Any], spec.name)
                XCTAssertNil(key["not"], spec.name)
                XCTAssertTrue((key["description"] as? String)?.contains("layers: ") ?? false, spec.name)
            }
        }
        for name in ["emitterCell", "pathShape", "particleShape"] { XCTAssertNotNil(defs[name], name) }
        let type = try XCTUnwrap(layer["type"] as? [String: Any])
        let choices = (type["anyOf"] as? [[String: Any]])?.first?["enum"] as? [String]
        XCTAssertEqual(choices, ["layer", "shape", "text", "gradient", "replicator", "transform", "scroll", "emitter", "lottie"])
    }
}

enum CLIPaths {
    /// The committed DejaVu Sans file.
    static var font: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenes/fonts/DejaVuSans.ttf").path
    }
}

/// PostScript font names (`HelveticaNeue-Bold`) as family and style.
final class PostScriptNameTests: XCTestCase {
    func testNamesReadByTheirShape() {
        XCTAssertEqual(PostScriptName.description("HelveticaNeue-Bold"), "Helvetica Neue Bold")
        XCTAssertEqual(PostScriptName.description("HelveticaNeue-BoldItalic"), "Helvetica Neue Bold Italic")
        XCTAssertEqual(PostScriptName.description("SFProText-Semibold"), "SF Pro Text Semi-Bold")
        XCTAssertEqual(PostScriptName.description("Avenir-Black"), "Avenir Heavy")
        XCTAssertEqual(PostScriptName.description("Menlo-Regular"), "Menlo")
        XCTAssertEqual(PostScriptName.description("HelveticaNeue-UltraLightItalic"), "Helvetica Neue Ultra-Light Italic")
        for notOne in ["DejaVu Sans Bold", "Helvetica", "Foo-Bar", "-Bold", "Helvetica-", "a-b-Bold"] {
            XCTAssertNil(PostScriptName.description(notOne), notOne)
        }
    }

    func testAFontFontconfigHasIsItsRealFamilyAndStyle() throws {
        // fonts-dejavu-core (make deps) has DejaVuSans-Bold: family "DejaVu Sans", not "Deja Vu Sans".
        let s = try XCTUnwrap(scene(Marked(layerScene("{type: text, string: x, font: DejaVuSans-Bold}"))))
        XCTAssertEqual(s.root.sublayers[0].properties.text?.font.description, "DejaVu Sans Bold")
        // An unknown one falls back with fontconfig's warning, naming the family the name spells.
        let warnings = (try? load(Marked(layerScene("{type: text, string: x, font: NoSuchFamilyXyz-Bold}"))).get().warnings) ?? []
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.message.hasPrefix("font family 'No Such Family Xyz' not found; using '") ?? false, "\(warnings)")
    }
}

/// An asset font's fallback chain: the scene's other font assets, in order.
final class FontFallbackParseTests: XCTestCase {
    func testTheOtherFontAssetsFollowInAssetsOrder() throws {
        let fonts = SchemaValidationTests.root + "/scenes/fonts/"
        let s = try XCTUnwrap(scene(Marked(sceneText("""
        assets: {serif: \(fonts)DejaVuSerif.ttf, logo: \(SchemaValidationTests.root)/scenes/animation/assets/logo.png, sans: \(fonts)DejaVuSans.ttf}
        layers:
          - {type: text, string: "✓", font: serif}
          - {type: text, string: "✓", font: sans}
        """))))
        XCTAssertEqual(s.root.sublayers[0].properties.text?.font.fallbackFiles, [fonts + "DejaVuSans.ttf"], "the image is no font")
        XCTAssertEqual(s.root.sublayers[1].properties.text?.font.fallbackFiles, [fonts + "DejaVuSerif.ttf"])
    }
}
