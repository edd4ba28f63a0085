import Foundation
import StrataModel
import StrataParse
import StrataRender
import StrataTimeline
import XCTest

/// Prints what 2,000 image particles cost in a 1080p frame
/// (bench/emitter-sprites-1080p.yaml; no timing assertions: the machine is
/// shared). Run with `swift test -c release --filter
/// EmitterSpritesPerformanceTests` for figures.
final class EmitterSpritesPerformanceTests: XCTestCase {
    func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    func testImageParticles1080pFrameCost() throws {
        // Pixels covered, to read the figures per pixel: about 3.2 M for
        // sparkles, 2.2 M for gems and tinted, 0.5 M for small.
        let (scene, _) = try SceneLoader.load(file: CLIHarness.packageRoot + "/bench/emitter-sprites-1080p.yaml")
        #if DEBUG
        let frames = 3
        #else
        let frames = 20
        #endif
        let clock = ContinuousClock()
        var pixmap = Pixmap(width: 1, height: 1)
        var parts: [String] = []
        for name in ["sparkles", "gems", "tinted", "small", nil] as [String?] {
            var only = scene
            if let name { only.root.sublayers = scene.root.sublayers.filter { $0.name == name } }
            let renderer = FrameRenderer()
            var sampling: [Double] = [], warm: [Double] = []
            var count = 0
            for i in 0..<frames {
                var tree: RenderTree?
                sampling.append(milliseconds(clock.measure { tree = Sampler.renderTree(of: only, at: only.time(ofFrame: i)) }))
                count = tree!.root.children.reduce(0) { n, c in
                    if case .particles(let p) = c.content { return n + p.particles.count }
                    return n
                }
                let d = try clock.measure { try renderer.render(tree!, into: &pixmap) }
                if i > 0 { warm.append(milliseconds(d)) }
            }
            parts.append(String(format: "%@ (%d particles): sample %.2f ms, render %.2f ms",
                                name ?? "all", count, median(sampling), median(warm)))
        }
        print("image particles 1080p (warm, medians of \(frames) frames): " + parts.joined(separator: "; "))
        XCTAssertEqual(pixmap.width, 1920)
    }
}
