import Foundation
import StrataModel
import StrataParse
import StrataRender
import StrataTimeline
import XCTest

/// What 1080p frames of the bench/ scenes cost, sampling and rendering
/// apart, each as a ratio to the floor of any frame of that scene (its
/// canvas alone) measured in the same run. Skipped unless STRATA_BENCH=1;
/// run `bench/frame-costs.sh` (release, one thread).
final class SceneFrameCostBenchmark: XCTestCase {
    /// A scene with only some of its top-level layers.
    func keeping(_ scene: Scene, _ keep: (Layer) -> Bool) -> Scene {
        var only = scene
        only.root.sublayers = scene.root.sublayers.filter(keep)
        return only
    }

    /// Median milliseconds to sample and to render frames 1..<frames of `scene` (frame 0 warms up).
    func cost(_ scene: Scene, frames: Int, renderer: FrameRenderer = FrameRenderer()) throws -> (sample: Double, render: Double) {
        let clock = ContinuousClock()
        var pixmap = Pixmap(width: 1, height: 1)
        var sampling: [Double] = [], rendering: [Double] = []
        // Compiled once, as a render does; sampling is then per frame.
        let compiled = CompiledLayers(scene)
        for i in 0..<frames {
            var tree: RenderTree?
            let sample = clock.measure { tree = compiled.renderTree(at: scene.time(ofFrame: i)) }
            let render = try clock.measure { try renderer.render(tree!, into: &pixmap) }
            guard i > 0 else { continue }
            sampling.append(Self.milliseconds(sample))
            rendering.append(Self.milliseconds(render))
        }
        return (Self.median(sampling), Self.median(rendering))
    }

    /// One line per row: sampling (when measured), rendering, and rendering as a ratio to `floor`.
    func report(_ title: String, floor: Double, rows: [(name: String, sample: Double?, render: Double)]) {
        print(title + String(format: " (reference: the canvas alone, %.2f ms):", floor))
        for row in rows {
            let sample = row.sample.map { String(format: "%6.2f ms", $0) } ?? "     -   "
            print("  " + row.name.padding(toLength: 36, withPad: " ", startingAt: 0) + "sample " + sample
                  + String(format: "  render %7.2f ms  %6.1fx", row.render, row.render / floor))
        }
    }

    func testLayerTypes1080p() throws {
        guard ProcessInfo.processInfo.environment["STRATA_BENCH"] == "1" else { throw XCTSkip("set STRATA_BENCH=1") }
        let (scene, _) = try SceneLoader.load(file: CLIHarness.packageRoot + "/bench/layers-1080p.yaml")
        let floor = try cost(keeping(scene) { _ in false }, frames: 10).render
        let all = try cost(scene, frames: 30)
        // A new renderer builds its font maps and lays every text out again.
        let clock = ContinuousClock()
        let tree = Sampler.renderTree(of: scene, at: 0)
        let cold = Self.median(try (0..<3).map { _ in Self.milliseconds(try clock.measure { _ = try FrameRenderer().render(tree) }) })
        var rows: [(name: String, sample: Double?, render: Double)] = [
            ("all layers, warm renderer", all.sample, all.render), ("all layers, new renderer", nil, cold),
        ]
        for type in [LayerType.gradient, .text, .shape, .replicator, .emitter] {
            let part = try cost(keeping(scene) { $0.type == type }, frames: 10)
            rows.append((type.rawValue + " layers only", part.sample, part.render))
        }
        report("Layer types at 1920x1080, bench/layers-1080p.yaml (medians)", floor: floor, rows: rows)
    }

    func testImageParticles1080p() throws {
        guard ProcessInfo.processInfo.environment["STRATA_BENCH"] == "1" else { throw XCTSkip("set STRATA_BENCH=1") }
        let (scene, _) = try SceneLoader.load(file: CLIHarness.packageRoot + "/bench/emitter-sprites-1080p.yaml")
        let floor = try cost(keeping(scene) { _ in false }, frames: 10).render
        var rows: [(name: String, sample: Double?, render: Double)] = []
        for name in ["sparkles", "gems", "tinted", "small", nil] as [String?] {
            let part = try cost(name.map { n in keeping(scene) { $0.name == n } } ?? scene, frames: 20)
            rows.append((name.map { "\($0) (2,000 particles)" } ?? "all four (8,000 particles)", part.sample, part.render))
        }
        report("Image particles at 1920x1080, bench/emitter-sprites-1080p.yaml (medians of 19 frames)", floor: floor, rows: rows)
    }

    static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
