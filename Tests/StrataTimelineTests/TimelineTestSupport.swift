import StrataModel
@testable import StrataParse
@testable import StrataTimeline
import XCTest

/// Builds scenes for the engine tests: one layer `a` (bounds 10x10 at the
/// origin) with `animations`, sampled directly.
struct EngineFixture {
    static let here = SourceLocation(file: "test.yaml", line: 1, column: 1)

    static func path(_ text: String) -> LayerKeyPath { try! LayerKeyPath.parse(text).get() }

    static func animation(_ keyPath: String, _ kind: Animation.Kind, duration: Double = 1,
                          configure: (inout Animation) -> Void = { _ in }) -> Animation {
        var a = Animation(keyPath: path(keyPath), kind: kind, location: here)
        a.timing.duration = duration
        configure(&a)
        return a
    }

    static func scene(_ animations: [Animation], configure: (inout Layer) -> Void = { _ in }) -> Scene {
        var root = Layer(location: here)
        root.properties.bounds = Rect(0, 0, 200, 100)
        var a = Layer(name: "a", location: here)
        a.properties.bounds = Rect(0, 0, 10, 10)
        a.animations = animations
        configure(&a)
        root.sublayers = [a]
        var canvas = Canvas(size: Size(200, 100))
        canvas.duration = 4
        return Scene(file: "test.yaml", canvas: canvas, root: root)
    }

    /// Layer `a`'s presentation values at scene time t.
    static func at(_ s: Scene, _ t: Double) -> LayerProperties {
        Sampler.presentation(of: s, at: t).sublayers[0].properties
    }

    /// A YAML scene, loaded and laid out, failing the test on errors (the
    /// sampler compiles its timeline).
    static func load(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) -> Scene? {
        do {
            return try SceneLoader.parse(text: yaml, file: "test.yaml").scene
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    /// The presentation of the layer at `path` ("card/badge") at scene time t.
    static func layer(_ s: Scene, _ path: String, _ t: Double) -> PresentationLayer? {
        var found: PresentationLayer?
        func visit(_ l: PresentationLayer) {
            if l.path == path { found = l }
            l.sublayers.forEach(visit)
        }
        visit(Sampler.presentation(of: s, at: t))
        return found
    }
}
