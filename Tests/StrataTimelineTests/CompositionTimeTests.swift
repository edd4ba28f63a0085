import StrataModel
@testable import StrataTimeline
import XCTest

/// Compositions built in memory (`Layer(showing:)`, the entry point an
/// importer uses): the using layer's CAMediaTiming maps the scene's time
/// onto the used scene's, which has its own time scope (timeline, sound).
final class CompositionTimeTests: XCTestCase {
    static let here = SourceLocation(file: "test.yaml", line: 1, column: 1)

    /// A 2 s used scene whose layer `dot` fades in over those 2 s (opacity 0 -> 1, linear).
    static func part(duration: Double = 2) -> Scene {
        var root = Layer(location: here)
        root.properties.bounds = Rect(0, 0, 50, 50)
        var dot = Layer(name: "dot", location: here)
        dot.properties.bounds = Rect(0, 0, 10, 10)
        dot.properties.backgroundColor = Color(1, 0, 0)
        dot.animations = [EngineFixture.animation("opacity", .basic(from: .scalar(0), to: .scalar(1), by: nil), duration: 2)]
        root.sublayers = [dot]
        var canvas = Canvas(size: Size(50, 50))
        canvas.duration = duration
        return Scene(file: "part.yaml", canvas: canvas, root: root)
    }

    /// A 10 s scene showing `part` in layer `card`, its timing set by `configure`.
    static func host(_ part: Scene, configure: (inout Layer) -> Void = { _ in }) -> Scene {
        var root = Layer(location: here)
        root.properties.bounds = Rect(0, 0, 200, 100)
        var card = Layer(showing: part, name: "card", location: here)
        card.properties.position = Point(100, 50)
        configure(&card)
        root.sublayers = [card]
        var canvas = Canvas(size: Size(200, 100))
        canvas.duration = 10
        var scene = Scene(file: "host.yaml", canvas: canvas, root: root)
        scene.addResources(of: part)
        return scene
    }

    /// The dot's opacity in the render tree at `t`, or nil when the card is not drawn.
    static func dotOpacity(_ scene: Scene, _ t: Double) -> Double? {
        let tree = CompiledLayers(scene).renderTree(at: t)
        return tree.root.children.first?.children.first?.opacity
    }

    func testTheLayerShowsTheSceneWithItsCanvasAndPlaysItOnce() throws {
        let scene = Self.host(Self.part()) { $0.timing.beginTime = 1 }
        let card = scene.root.sublayers[0]
        XCTAssertEqual(card.properties.bounds, Rect(0, 0, 50, 50))
        XCTAssertEqual(card.sublayers.map(\.name), ["dot"])
        XCTAssertEqual(card.timing.duration, 2)
        XCTAssertEqual(card.composition?.source, "part.yaml")
        XCTAssertEqual(scene.inputFiles, ["host.yaml", "part.yaml"])
        XCTAssertNil(Self.dotOpacity(scene, 0.5), "before beginTime, without a fill, it is not drawn")
        XCTAssertEqual(try XCTUnwrap(Self.dotOpacity(scene, 2)), 0.5, accuracy: 1e-9)
        XCTAssertNil(Self.dotOpacity(scene, 3), "at the end of its one play it is gone")
    }

    func testRepeatsAutoreverseAndFillsMapTheTimeAsForAnAnimation() throws {
        let scene = Self.host(Self.part()) {
            $0.timing.repeatCount = 2
            $0.timing.autoreverses = true
            $0.timing.fillMode = .both
            $0.timing.beginTime = 1
        }
        // Before: the backwards fill holds its start; forward 1...3, back 3...5, forward 5...7, back 7...9.
        for (t, expected) in [(0.0, 0.0), (2.0, 0.5), (4.0, 0.5), (4.5, 0.25), (6.5, 0.75), (8.5, 0.25), (9.5, 0.0)] {
            XCTAssertEqual(try XCTUnwrap(Self.dotOpacity(scene, t), "t = \(t)"), expected, accuracy: 1e-6, "t = \(t)")
        }
    }

    func testAForwardsFillHoldsTheLastFrameAndSpeedAndTimeOffsetMapTheTime() throws {
        let held = Self.host(Self.part()) { $0.timing.fillMode = .forwards }
        XCTAssertEqual(try XCTUnwrap(Self.dotOpacity(held, 5)), 1, accuracy: 1e-6)
        let fast = Self.host(Self.part()) {
            $0.timing.speed = 2
            $0.timing.timeOffset = 0.5
        }
        // (t * 2 + 0.5) wrapped into the 2 s play, as CAMediaTiming's timeOffset wraps.
        XCTAssertEqual(try XCTUnwrap(Self.dotOpacity(fast, 0.25)), 0.5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(Self.dotOpacity(fast, 0.9)), 0.15, accuracy: 1e-9)
        XCTAssertNil(Self.dotOpacity(fast, 1.0), "the active duration, 1 s of scene time, is over")
    }

    func testANestedSceneOfTheSameLengthHoldsWithItsForwardsFill() {
        // A part that shows `part` for its whole length, itself held at its end.
        var middle = Self.part()
        middle.root.sublayers = [Layer(showing: Self.part(), name: "inner", location: Self.here)]
        let scene = Self.host(middle) { $0.timing.fillMode = .forwards }
        let tree = CompiledLayers(scene).renderTree(at: 5)
        let dot = tree.root.children.first?.children.first?.children.first
        XCTAssertEqual(dot.map(\.opacity) ?? -1, 1, accuracy: 1e-6, "the held frame is the last one played")
    }

    func testTheUsedScenesTimelineRunsInItsOwnTime() throws {
        var part = Self.part()
        var t = Transaction(at: 0.5, location: Self.here)
        t.disableActions = true
        t.changes = [PropertyChange(layer: [0], layerPath: "dot", keyPath: EngineFixture.path("backgroundColor"),
                                    value: .animatable(.color(Color(0, 0, 1))), location: Self.here)]
        part.timeline = [t]
        let scene = Self.host(part) { $0.timing.beginTime = 3 }
        func colour(_ time: Double) -> Color? {
            CompiledLayers(scene).renderTree(at: time).root.children.first?.children.first?.backgroundColor ?? nil
        }
        XCTAssertEqual(colour(3.4), Color(1, 0, 0))
        XCTAssertEqual(colour(3.6), Color(0, 0, 1), "committed at 0.5 s of the part's time: 3.5 s of the scene's")
        let inspected = EngineFixture.layer(scene, "card/dot", 3.6)
        XCTAssertEqual(inspected?.properties.backgroundColor, Color(0, 0, 1))
        XCTAssertEqual(EngineFixture.layer(scene, "card", 1)?.isActive, false)
    }

    func testASequenceEntranceDrawsBothItemsInOneTransitionNode() throws {
        var root = Layer(location: Self.here)
        root.properties.bounds = Rect(0, 0, 50, 50)
        var first = Layer(showing: Self.part(), name: "a", location: Self.here)
        first.properties.position = Point(25, 25)
        var second = Layer(showing: Self.part(), name: "b", location: Self.here)
        second.properties.position = Point(25, 25)
        second.timing.beginTime = 1
        var fade = Transition(type: .fade, location: Self.here)
        fade.duration = 1
        fade.timingFunction = .linear
        second.composition?.entrance = fade
        root.sublayers = [first, second]
        var scene = Scene(file: "edit.yaml", canvas: Canvas(size: Size(50, 50)), root: root)
        scene.canvas.duration = 3
        let layers = CompiledLayers(scene)
        let mid = layers.renderTree(at: 1.5).root.children
        XCTAssertEqual(mid.count, 1, "one node for the two items")
        XCTAssertEqual(try XCTUnwrap(mid.first?.crossDissolve), 0.5, accuracy: 1e-9)
        XCTAssertEqual(mid.first?.children.map(\.path), ["a", "b"])
        XCTAssertEqual(layers.renderTree(at: 0.5).root.children.map(\.path), ["a"])
        XCTAssertEqual(layers.renderTree(at: 2.5).root.children.map(\.path), ["b"])
        let shown = EngineFixture.layer(scene, "b", 1.25)?.transition
        XCTAssertEqual(shown?.from, "a")
        XCTAssertEqual(try XCTUnwrap(shown?.fraction), 0.25, accuracy: 1e-9)
        XCTAssertNil(shown?.transaction)
    }

    func testTheChainOfTimesSplitsAtEachPlayAndTurn() {
        var timing = LayerTiming(beginTime: 1, speed: 2, timeOffset: 0)
        timing.duration = 1
        timing.repeatCount = 2
        timing.autoreverses = true
        let chain = TimeChain.scene(end: 10).then(timing)
        // Plays of 1 s at speed 2: forward 1...1.5, back 1.5...2, forward 2...2.5, back 2.5...3.
        XCTAssertEqual(chain.pieces.map(\.from), [1, 1.5, 2, 2.5])
        XCTAssertEqual(chain.pieces.map(\.to), [1.5, 2, 2.5, 3])
        XCTAssertEqual(chain.pieces.map(\.timing.speed), [2, -2, 2, -2])
        XCTAssertEqual(chain.localTime(1.25) ?? -1, 0.5, accuracy: 1e-12)
        XCTAssertEqual(chain.localTime(1.75) ?? -1, 0.5, accuracy: 1e-12)
        XCTAssertNil(chain.localTime(0.5))
        XCTAssertNil(chain.localTime(3.5))
        // Below an affine layer, the pieces are that layer's time.
        let below = chain.then(LayerTiming(beginTime: 0.25, speed: 1, timeOffset: 0))
        XCTAssertEqual(below.localTime(1.25) ?? -1, 0.25, accuracy: 1e-12)
    }

    func testAUsedScenesTrackPlaysWhereAndAsFastAsTheSceneDoes() throws {
        var part = Self.part()
        var track = AudioTrack(file: "tick.wav", location: Self.here)
        track.start = 0.5
        part.audio = [track]
        let scene = Self.host(part) {
            $0.timing.beginTime = 1
            $0.timing.speed = 2
            $0.timing.repeatCount = 2
        }
        XCTAssertTrue(scene.hasSound)
        let sounds = try UsedSoundPlanner.sounds(in: scene, layers: CompiledLayers(scene))
        XCTAssertEqual(sounds.count, 1)
        XCTAssertEqual(sounds.first?.layerPath, "card")
        // Each play (1 s of scene time) starts the track again at its 0.5 s: 1.25 and 2.25.
        XCTAssertEqual(sounds.first?.segments, [
            ClipSoundSegment(sceneStart: 1.25, sceneEnd: 2, mediaStart: 0, rate: 2),
            ClipSoundSegment(sceneStart: 2.25, sceneEnd: 3, mediaStart: 0, rate: 2),
        ])
        // Backwards, the scene is silent.
        let reversed = Self.host(part) { $0.timing.autoreverses = true }
        let segments = try UsedSoundPlanner.sounds(in: reversed, layers: CompiledLayers(reversed)).first?.segments
        XCTAssertEqual(segments, [ClipSoundSegment(sceneStart: 0.5, sceneEnd: 2, mediaStart: 0, rate: 1)])
        var silent = scene
        silent.removeSound()
        XCTAssertFalse(silent.hasSound)
    }
}
