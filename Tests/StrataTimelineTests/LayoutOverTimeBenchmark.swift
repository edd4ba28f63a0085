import Foundation
import StrataLayout
import StrataModel
@testable import StrataParse
@testable import StrataTimeline
import XCTest

/// Compile cost of layout over time, printed (no timing assertions).
/// Skipped unless STRATA_BENCH=1; run `bench/integration.sh`.
final class LayoutOverTimeBenchmark: XCTestCase {
    func testCompileCost() throws {
        guard ProcessInfo.processInfo.environment["STRATA_BENCH"] == "1" else { throw XCTSkip("set STRATA_BENCH=1") }
        print("Layout over time: timeline compile (median of 3, one thread):")
        for (layers, commits) in [(200, 100), (2000, 100), (2000, 1000)] {
            // A chain: each layer's minX is 2 points right of the one before,
            // so every width change of the first moves all of them.
            var yaml = "strata: 1\ncanvas: {size: [1920, 1080], duration: 600s}\nlayers:\n"
            yaml += "  - {name: l0, frame: [0, 0, 10, 10]}\n"
            for i in 1..<layers {
                yaml += "  - {name: l\(i), bounds: [0, 0, 10, 10], constraints: [{attribute: minX, relativeTo: l\(i - 1), target: maxX, offset: 2}]}\n"
            }
            yaml += "timeline:\n"
            for k in 0..<commits { yaml += "  - {at: \(Double(k) * 0.5)s, set: {l0.bounds.size.width: \(10 + k % 7)}}\n" }
            var scene = try SceneLoader.parse(text: yaml, file: "bench.yaml").scene
            _ = scene.layOut()
            var times: [Double] = []
            var compiled = CompiledTimeline(scene: scene)
            for _ in 0..<3 {
                let t0 = DispatchTime.now().uptimeNanoseconds
                compiled = TimelineCompiler.compile(scene)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            }
            let animations = compiled.scene.root.sublayers.reduce(0) { $0 + $1.animations.count }
            print(String(format: "  %5d layers, %4d geometry commits: %8.1f ms (%d layout animations)",
                         layers, commits, times.sorted()[1], animations))
        }
    }
}
