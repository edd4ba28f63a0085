import StrataModel
import StrataTestSupport
import XCTest
@testable import StrataRender

/// The gradient blends that look colours up and blend them in one pass
/// (`Blending.over(_:y:from:count:table:...)`) give every pixel the bytes
/// of the two-pass form: the run's colours into a buffer
/// (`GradientPaint.colors`), scaled by coverage, then `Blending.over`.
final class GradientBlendTests: XCTestCase {
    private func check(covered: Bool, seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        var props = GradientProperties()
        props.colors = [Color(1, 0.2, 0, 0.9), Color(0, 0.4, 1, 0.3), Color(0.5, 1, 0.5, 1)]
        guard var paint = GradientPaint(props, bounds: Rect(0, 0, 100, 100), map: .identity) else {
            return XCTFail("no paint")
        }
        let table = paint.table(alpha: 0.8)
        let n = 300
        let row = UnsafeMutablePointer<UInt32>.allocate(capacity: n), expected = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        let run = UnsafeMutablePointer<UInt32>.allocate(capacity: n + 4), cover = UnsafeMutablePointer<UInt8>.allocate(capacity: n + 4)
        let four = UnsafeMutablePointer<UInt32>.allocate(capacity: 4)
        defer { [row, expected, run, four].forEach { $0.deallocate() }; cover.deallocate() }
        table.withUnsafeBufferPointer { entries in
            let table = entries.baseAddress!
            for trial in 0..<100 {
                paint.kind = trial % 2 == 0
                    ? .axial(a: .random(in: -0.004...0.004, using: &g), b: .random(in: -0.004...0.004, using: &g),
                             c: .random(in: -1...2, using: &g))
                    : .radial(ux: .random(in: -0.004...0.004, using: &g), uy: .random(in: -0.004...0.004, using: &g),
                              u0: .random(in: -1...1, using: &g), vx: .random(in: -0.004...0.004, using: &g),
                              vy: .random(in: -0.004...0.004, using: &g), v0: .random(in: -1...1, using: &g))
                let count = Int.random(in: 1...n, using: &g), from = Int.random(in: -40...600, using: &g)
                let y = Int.random(in: -20...400, using: &g)
                for i in 0..<count {
                    let alpha = UInt32.random(in: 0...255, using: &g)
                    let rgb = (0..<3).map { _ in UInt32.random(in: 0...alpha, using: &g) }
                    row[i] = alpha << 24 | rgb[0] << 16 | rgb[1] << 8 | rgb[2]
                    // Whole, empty and partial coverage, in runs of each.
                    cover[i] = [0, 255, UInt8.random(in: 0...255, using: &g)][(i / 5 + trial) % 3]
                }
                expected.update(from: row, count: count)
                paint.colors(y: y, from: from, count: count, table: table, into: run)
                if covered { Blending.scale(run, by: cover, count: count) }
                Blending.over(run, expected, count: count)
                if covered {
                    Blending.over(paint, y: y, from: from, count: count, table: table, coveredBy: cover, through: four, onto: row)
                } else {
                    Blending.over(paint, y: y, from: from, count: count, table: table, through: four, onto: row)
                }
                for i in 0..<count where row[i] != expected[i] {
                    return XCTFail("trial \(trial) pixel \(i) of \(count): \(row[i]) != \(expected[i])")
                }
            }
        }
    }

    func testFullRunsMatchColoursThenOver() { check(covered: false, seed: 0x9e37_79b9) }

    func testPartialRunsMatchColoursCoverageThenOver() { check(covered: true, seed: 0x7f4a_7c15) }
}
