import Foundation
import StrataModel
import StrataParse
import StrataRender
import StrataTimeline
import XCTest

/// Prints what a 1080p frame of bench/layers-1080p.yaml costs (no timing
/// assertions: the machine is shared). Run with `swift test -c release
/// --filter LayerPerformanceTests` for figures.
final class LayerPerformanceTests: XCTestCase {
    func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    func testLayers1080pFrameCost() throws {
        let (scene, _) = try SceneLoader.load(file: CLIHarness.packageRoot + "/bench/layers-1080p.yaml")
        #if DEBUG
        let frames = 3
        #else
        let frames = 30
        #endif
        let clock = ContinuousClock()
        var sampling: [Double] = [], warm: [Double] = [], cold: [Double] = []
        let renderer = FrameRenderer()
        var pixmap = Pixmap(width: 1, height: 1)
        for i in 0..<frames {
            let t = scene.time(ofFrame: i)
            var tree: RenderTree?
            sampling.append(milliseconds(clock.measure { tree = Sampler.renderTree(of: scene, at: t) }))
            // Warm: this thread's renderer keeps its text layouts between frames.
            let d = try clock.measure { try renderer.render(tree!, into: &pixmap) }
            if i > 0 { warm.append(milliseconds(d)) }
            // Cold: a new renderer lays every text out again (and creates its font maps).
            if i % 10 == 0 {
                let fresh = FrameRenderer()
                cold.append(milliseconds(try clock.measure { _ = try fresh.render(tree!) }))
            }
        }
        print(String(format: "layers 1080p: sample %.2f ms, render warm %.2f ms, render cold (new renderer) %.2f ms (medians of %d frames)",
                     median(sampling), median(warm), median(cold), frames))
        XCTAssertEqual(pixmap.width, 1920)

        // Each type alone (warm), to see where the time goes.
        var parts: [String] = []
        for type in [LayerType.gradient, .text, .shape, .replicator, .emitter] {
            var only = scene
            only.root.sublayers = scene.root.sublayers.filter { $0.type == type }
            let r = FrameRenderer()
            var times: [Double] = []
            for i in 0..<max(3, frames / 3) {
                let tree = Sampler.renderTree(of: only, at: only.time(ofFrame: i))
                let d = try clock.measure { try r.render(tree, into: &pixmap) }
                if i > 0 { times.append(milliseconds(d)) }
            }
            parts.append(String(format: "%@ %.2f ms", type.rawValue, median(times)))
        }
        print("layers 1080p by type (warm): " + parts.joined(separator: ", "))
    }
}
