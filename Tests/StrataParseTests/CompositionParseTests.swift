import Foundation
import StrataModel
@testable import StrataParse
import XCTest

/// `scene:` layers and `sequence:` (docs/scene-format.md#compositions):
/// used files read relative to the file that names them, params given and
/// checked at the use, problems reported in the file they are in with the
/// chain of uses as notes.
final class CompositionParseTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "strata-compositions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/parts/inner", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes `text` to `name` in the test's folder; returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func load(_ name: String, set: [(name: String, value: String)] = []) -> Result<Scene, DiagnosticList> {
        do {
            return .success(try SceneLoader.load(file: folder + "/" + name, options: SceneLoadOptions(paramOverrides: set)).scene)
        } catch {
            return .failure(error)
        }
    }

    func errors(_ name: String, set: [(name: String, value: String)] = [], file: StaticString = #filePath,
                line: UInt = #line) -> [Diagnostic] {
        switch load(name, set: set) {
        case .success:
            XCTFail("expected errors", file: file, line: line)
            return []
        case .failure(let list): return list.errors
        }
    }

    /// `file:line:column` of a file of the test's folder.
    func at(_ name: String, _ line: Int, _ column: Int) -> String { "\(folder)/\(name):\(line):\(column)" }

    static let card = """
    strata: 1
    canvas: {size: [200, 100], duration: 2s, background: "#123456"}
    params:
      title: {type: text}
      accent: {type: color, default: "#ff8800"}
      size: 20
    layers:
      - name: box
        frame: [0, 0, 200, 100]
        backgroundColor: ${accent}
      - {name: label, type: text, string: "${title}", fontSize: "${size}"}
    """

    func testTheUsedScenesLayersBecomeTheLayersSublayersWithItsParams() throws {
        try write("parts/card.yaml", Self.card)
        try write("edit.yaml", """
        strata: 1
        canvas: {size: [640, 360]}
        layers:
          - name: a
            scene: parts/card.yaml
            position: [100, 100]
            params: {title: Ada, accent: "#0000ff"}
          - name: b
            scene: parts/card.yaml
            frame: [0, 0, 100, 50]
            backgroundColor: null
            beginTime: 1s
            params: {title: Grace}
        """)
        let scene = try load("edit.yaml").get()
        let (a, b) = (scene.root.sublayers[0], scene.root.sublayers[1])
        XCTAssertEqual(a.sublayers.map(\.name), ["box", "label"])
        XCTAssertEqual(a.properties.bounds, Rect(0, 0, 200, 100), "the used canvas is the default bounds")
        XCTAssertEqual(a.properties.backgroundColor, Color(0x12 / 255.0, 0x34 / 255.0, 0x56 / 255.0), "and its background the default backgroundColor")
        XCTAssertEqual(a.sublayers[0].properties.backgroundColor, Color(0, 0, 1))
        XCTAssertEqual(a.sublayers[1].properties.text?.string, "Ada")
        XCTAssertEqual(b.sublayers[1].properties.text?.string, "Grace")
        XCTAssertEqual(b.sublayers[0].properties.backgroundColor, Color(1, 0x88 / 255.0, 0))
        XCTAssertEqual(b.properties.bounds.size, Size(100, 50))
        XCTAssertNil(b.properties.backgroundColor)
        XCTAssertEqual(a.timing.duration, 2)
        XCTAssertEqual(b.timing.beginTime, 1)
        XCTAssertEqual(a.composition?.params, ["title": "Ada", "accent": "#0000ff", "size": "20"])
        XCTAssertEqual(a.composition?.source, folder + "/parts/card.yaml")
        XCTAssertEqual(scene.usedSceneFiles, [folder + "/parts/card.yaml"])
        XCTAssertTrue(scene.inputFiles.contains(folder + "/parts/card.yaml"))
        // The used layout follows the layer's bounds: b's box (not autoresizing) keeps its frame.
        XCTAssertEqual(b.sublayers[0].properties.frame, Rect(0, 0, 200, 100))
    }

    func testPathsAndAssetsResolveAgainstTheFileThatNamesThem() throws {
        let image = try XCTUnwrap(FileManager.default.currentDirectoryPath + "/scenes/compositing/assets/photo.png")
        try FileManager.default.copyItem(atPath: image, toPath: folder + "/parts/inner/logo.png")
        try FileManager.default.copyItem(atPath: image, toPath: folder + "/logo.png")
        try write("parts/inner/logo.yaml", """
        strata: 1
        canvas: {size: [20, 20]}
        assets: {logo: logo.png}
        layers: [{contents: logo, frame: [0, 0, 20, 20]}, {contents: logo.png, frame: [0, 0, 20, 20]}]
        """)
        try write("parts/row.yaml", """
        strata: 1
        canvas: {size: [40, 20]}
        layers: [{scene: inner/logo.yaml}, {scene: inner/logo.yaml, position: [20, 0]}]
        """)
        try write("edit.yaml", """
        strata: 1
        canvas: {size: [100, 100]}
        assets: {logo: logo.png}
        layers: [{contents: logo}, {scene: parts/row.yaml}]
        """)
        let scene = try load("edit.yaml").get()
        let used = scene.root.sublayers[1].sublayers[0].sublayers
        // The same names in two files are two contents; two uses of one file share theirs.
        XCTAssertEqual(scene.root.sublayers[0].properties.contents, "logo")
        XCTAssertEqual(used[0].properties.contents, folder + "/parts/inner/logo.yaml#logo")
        XCTAssertEqual(used[1].properties.contents, folder + "/parts/inner/logo.yaml#logo.png")
        XCTAssertEqual(scene.root.sublayers[1].sublayers[1].sublayers[0].properties.contents, used[0].properties.contents)
        XCTAssertEqual(Set(scene.images.keys).count, 3)
        XCTAssertTrue(scene.inputFiles.contains(folder + "/parts/inner/logo.png"))
        XCTAssertTrue(scene.inputFiles.contains(folder + "/parts/inner/logo.yaml"))
        XCTAssertEqual(scene.usedSceneFiles, [folder + "/parts/row.yaml", folder + "/parts/inner/logo.yaml"])
    }

    func testAParamIsCheckedWhereItIsGiven() throws {
        try write("parts/card.yaml", Self.card)
        try write("edit.yaml", """
        strata: 1
        canvas: {size: [640, 360]}
        layers:
          - scene: parts/card.yaml
            params: {titel: Ada, accent: 12}
        """)
        let found = errors("edit.yaml").map { "\($0.location.start): \($0.message)" }
        XCTAssertEqual(found, [
            "\(at("edit.yaml", 5, 13)): 'parts/card.yaml' needs param 'title' (text): it has no default; give it in 'params'",
            "\(at("edit.yaml", 5, 14)): 'parts/card.yaml' has no param 'titel'; did you mean 'title'?",
            "\(at("edit.yaml", 5, 34)): param 'accent' is a color: expected a color like \"#ff8800\", \"orange\", \"rgb(255, 136, 0)\" or [1, 0.5, 0, 1], found '12'",
        ])
        let typed = errors("edit.yaml").first { $0.message.hasPrefix("param 'accent'") }
        XCTAssertEqual(typed?.notes.map(\.location.start.description), [at("parts/card.yaml", 5, 3)])
        XCTAssertEqual(errors("edit.yaml").first { $0.message.contains("titel") }?.suggestion, "title")
        // A loaded scene's required param comes from --set, checked against its type.
        XCTAssertEqual(errors("parts/card.yaml").map(\.message), ["param 'title' has no default; give it with --set title=VALUE (or a 'default')"])
        XCTAssertEqual(errors("parts/card.yaml", set: [("title", "x"), ("accent", "bright")]).map(\.message),
                       ["--set: param 'accent' is a color: unknown color name 'bright'; expected a color like \"#ff8800\", \"orange\", \"rgb(255, 136, 0)\" or [1, 0.5, 0, 1]"])
        XCTAssertNoThrow(try load("parts/card.yaml", set: [("title", "x")]).get())
    }

    func testAnUntypedParamOfTheWrongKindIsAnErrorInTheUsedFileWithTheUse() throws {
        try write("parts/card.yaml", Self.card)
        try write("edit.yaml", """
        strata: 1
        canvas: {size: [640, 360]}
        layers:
          - {scene: parts/card.yaml, params: {title: A, size: big}}
        """)
        let error = try XCTUnwrap(errors("edit.yaml").first)
        XCTAssertEqual(error.location.start.description, at("parts/card.yaml", 11, 61))
        XCTAssertEqual(error.notes.map(\.description), ["\(at("edit.yaml", 4, 13)): note: 'parts/card.yaml' is used from here"])
    }

    func testProblemsInAUsedFileCarryTheChainOfUsesAndAreReportedOnce() throws {
        try write("parts/inner/bad.yaml", """
        strata: 1
        canvas: {size: [0, 20]}
        layers: [{opactiy: 1}]
        """)
        try write("parts/row.yaml", """
        strata: 1
        canvas: {size: [40, 20]}
        layers: [{scene: inner/bad.yaml}, {scene: inner/bad.yaml}]
        """)
        try write("edit.yaml", """
        strata: 1
        canvas: {size: [100, 100]}
        layers:
          - scene: parts/row.yaml
        """)
        let found = errors("edit.yaml")
        XCTAssertEqual(found.map(\.location.start.description), [at("parts/inner/bad.yaml", 2, 17), at("parts/inner/bad.yaml", 3, 11)])
        XCTAssertEqual(found.first?.message, "expected a number greater than 0, found '0'")
        XCTAssertEqual(found.first?.notes.map(\.location.start.description), [at("parts/row.yaml", 3, 18), at("edit.yaml", 4, 12)])
    }

    func testAMissingFileAndACycleAreLocatedAtTheUse() throws {
        try write("missing.yaml", """
        strata: 1
        canvas: {size: [100, 100]}
        layers: [{scene: parts/none.yaml}]
        """)
        XCTAssertEqual(errors("missing.yaml").map(\.message), ["scene file 'parts/none.yaml' not found (looked for '\(folder)/parts/none.yaml')"])
        try write("parts/a.yaml", "strata: 1\ncanvas: {size: [10, 10]}\nlayers: [{scene: b.yaml}]\n")
        try write("parts/b.yaml", "strata: 1\ncanvas: {size: [10, 10]}\nlayers: [{scene: ../parts/a.yaml}]\n")
        try write("cycle.yaml", "strata: 1\ncanvas: {size: [10, 10]}\nlayers: [{scene: parts/a.yaml}]\n")
        let cycle = try XCTUnwrap(errors("cycle.yaml").first)
        XCTAssertEqual(cycle.location.start.description, at("parts/b.yaml", 3, 18))
        XCTAssertEqual(cycle.message, "scene '../parts/a.yaml' uses itself: \(folder)/parts/a.yaml → \(folder)/parts/b.yaml → \(folder)/parts/../parts/a.yaml")
        XCTAssertEqual(cycle.notes.map(\.location.start.description), [at("parts/a.yaml", 3, 18), at("cycle.yaml", 3, 18)])
        try write("self.yaml", "strata: 1\ncanvas: {size: [10, 10]}\nlayers: [{scene: ./self.yaml}]\n")
        XCTAssertEqual(errors("self.yaml").first?.message.hasPrefix("scene './self.yaml' uses itself"), true)
    }

    func testUsesThatMultiplyOrNestTooDeepStopAtTheLimits() throws {
        // Each level uses the next twice: 2^16 uses would be built without the layer limit.
        for i in 0..<16 {
            try write("parts/l\(i).yaml", "strata: 1\ncanvas: {size: [10, 10]}\nlayers: [{scene: l\(i + 1).yaml}, {scene: l\(i + 1).yaml}]\n")
        }
        try write("parts/l16.yaml", "strata: 1\ncanvas: {size: [10, 10]}\nlayers: [{name: leaf}]\n")
        try write("wide.yaml", "strata: 1\ncanvas: {size: [10, 10]}\nlayers: [{scene: parts/l0.yaml}]\n")
        XCTAssertEqual(errors("wide.yaml").map(\.message), ["the scene has more than \(Limits.maxLayers) layers"])
        // A chain of files deeper than the layers may nest.
        for i in 0..<70 {
            try write("parts/d\(i).yaml", "strata: 1\ncanvas: {size: [10, 10]}\nlayers: [{scene: d\(i + 1).yaml}]\n")
        }
        try write("parts/d70.yaml", "strata: 1\ncanvas: {size: [10, 10]}\n")
        try write("deep.yaml", "strata: 1\ncanvas: {size: [10, 10]}\nlayers: [{scene: parts/d0.yaml}]\n")
        let deep = errors("deep.yaml")
        XCTAssertEqual(deep.map(\.message), ["layers nest deeper than \(Limits.maxLayerDepth) levels"])
        XCTAssertEqual(deep.first?.location.file, folder + "/parts/d63.yaml")
        XCTAssertEqual(deep.first?.notes.count, 64, "the chain of uses")
    }

    func testTheUsedScenesTimingKeysAndWhatCannotGoWithAScene() throws {
        try write("parts/card.yaml", Self.card)
        try write("edit.yaml", """
        strata: 1
        canvas: {size: [640, 360]}
        layers:
          - {scene: parts/card.yaml, params: {title: A}, duration: 3s, repeatCount: inf, autoreverses: true, fillMode: both}
          - {repeatCount: 2, params: {a: 1}}
          - {type: shape, scene: parts/card.yaml, params: {title: A}}
          - {scene: parts/card.yaml, params: {title: A}, sublayers: []}
          - name: host
            sublayers: [{name: inner, scene: parts/card.yaml, params: {title: A}}]
        timeline:
          - {at: 1s, set: {host/inner/box.opacity: 0}}
          - {at: 1s, set: {host/inner.opacity: 0}}
        """)
        let found = errors("edit.yaml").map(\.message)
        XCTAssertEqual(found, [
            "'repeatCount' is a key of layers that show a scene ('scene: file.yaml'); a layer's own time has only beginTime, speed and timeOffset (animations take 'repeatCount')",
            "'params' is a key of layers that show a scene ('scene: file.yaml')",
            "a layer with 'scene' shows the used scene's layers, so it is a plain layer, not type 'shape'",
            "a layer with 'scene' has the used scene's layers as its sublayers; put other sublayers in a layer beside it",
            "'host/inner' shows the scene '\(folder)/parts/card.yaml', whose layers keep their own time and timeline; change them in that file (with a param), or set 'host/inner' itself",
        ])
        try write("ok.yaml", """
        strata: 1
        canvas: {size: [640, 360]}
        layers:
          - {scene: parts/card.yaml, params: {title: A}, duration: 3s, repeatCount: inf, autoreverses: true, fillMode: both}
        """)
        let timing = try load("ok.yaml").get().root.sublayers[0].timing
        XCTAssertEqual(timing.duration, 3)
        XCTAssertEqual(timing.repeatCount, .infinity)
        XCTAssertTrue(timing.autoreverses)
        XCTAssertEqual(timing.fillMode, .both)
    }

    func testASequencePlaysItsItemsOneAfterAnotherWithTransitions() throws {
        try write("parts/card.yaml", Self.card)
        try write("edit.yaml", """
        strata: 1
        canvas: {size: [640, 360]}
        sequence:
          - {scene: parts/card.yaml, params: {title: A}, name: first}
          - {scene: parts/card.yaml, params: {title: B}, speed: 2, transition: {type: push, subtype: fromRight, duration: 0.5}}
          - {scene: parts/card.yaml, params: {title: C}, repeatCount: 2, transition: {type: fade}}
        layers: [{name: over}]
        """)
        let scene = try load("edit.yaml").get()
        XCTAssertEqual(scene.root.sublayers.map(\.name), ["sequence", "over"])
        let items = scene.root.sublayers[0].sublayers
        XCTAssertEqual(items.map(\.name), ["first", nil, nil])
        XCTAssertEqual(items.map(\.timing.beginTime), [0, 1.5, 2.25])
        XCTAssertEqual(items.map(\.properties.bounds), Array(repeating: Rect(0, 0, 640, 360), count: 3))
        XCTAssertEqual(items[1].composition?.entrance?.type, .push)
        XCTAssertEqual(items[2].composition?.entrance?.duration, 0.25)
        XCTAssertEqual(items[2].composition?.entrance?.timingFunction, .linear)
        XCTAssertEqual(scene.canvas.duration, 6.25, "2 + 1 + 4 - 0.5 - 0.25")
        try write("long.yaml", """
        strata: 1
        canvas: {size: [640, 360], duration: 1s}
        sequence:
          - {scene: parts/card.yaml, params: {title: A}, transition: {type: fade}}
          - {scene: parts/card.yaml, params: {title: B}, speed: 4, transition: {type: fade, duration: 0.8}}
          - {scene: parts/card.yaml, params: {title: C}, repeatCount: inf}
          - {scene: parts/card.yaml, params: {title: D}, name: d}
          - {scene: parts/card.yaml, params: {title: E}, name: d}
        """)
        XCTAssertEqual(errors("long.yaml").map(\.message), [
            "the first item of a sequence has no item before it to make a transition from",
            "the transition lasts 0.8s, longer than the item before it (2s) or this one (0.5s); both play while it runs",
            "a sequence item plays for a limited time; this one repeats for ever",
            "duplicate item name 'd' in the sequence",
        ])
        try write("short.yaml", """
        strata: 1
        canvas: {size: [640, 360], duration: 1s}
        sequence: [{scene: parts/card.yaml, params: {title: A}}]
        """)
        XCTAssertEqual(try load("short.yaml").get().canvas.duration, 1, "a written duration stays")
    }
}
