import StrataModel
import StrataTestSupport
import XCTest
@testable import StrataRender

/// `GradientPaint.colors` (the row's term once, pixel centres stepped by 4,
/// colours looked up four at a time) gives every pixel the table entry of
/// its own parameter worked out pixel by pixel: t from the pixel centre,
/// 0 for NaN and t <= 0, the last entry past 1, else t (size - 1) rounded
/// to the nearest entry (ties to even).
final class GradientPaintColorsTests: XCTestCase {
    /// The table index of pixel x of row y, from its coordinates alone.
    private func index(_ kind: GradientPaint.Kind, x: Int, y: Int) -> Int {
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5
        let t: Double
        switch kind {
        case .axial(let a, let b, let c):
            t = a * cx + (b * cy + c)
        case .radial(let ux, let uy, let u0, let vx, let vy, let v0):
            let u = ux * cx + (uy * cy + u0), v = vx * cx + (vy * cy + v0)
            t = (u * u + v * v).squareRoot()
        }
        let top = Double(GradientPaint.tableSize - 1)
        if !(t > 0) { return 0 }
        if t > 1 { return Int(top) }
        return Int((t * top).rounded(.toNearestOrEven))
    }

    private func check(_ kind: GradientPaint.Kind, rows: ClosedRange<Int>, from: Int, count: Int,
                       file: StaticString = #filePath, line: UInt = #line) {
        var g = GradientProperties()
        g.colors = [Color(1, 0, 0), Color(0, 0, 1, 0.5)]
        guard var paint = GradientPaint(g, bounds: Rect(0, 0, 100, 100), map: .identity) else {
            return XCTFail("no paint", file: file, line: line)
        }
        paint.kind = kind
        // Entry i of the table is i itself, so the colours read back are the indices.
        let table = (0..<UInt32(GradientPaint.tableSize)).map { $0 }
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: count + 4)
        defer { out.deallocate() }
        table.withUnsafeBufferPointer { entries in
            for y in rows {
                paint.colors(y: y, from: from, count: count, table: entries.baseAddress!, into: out)
                for i in 0..<count where Int(out[i]) != index(kind, x: from + i, y: y) {
                    XCTFail("\(kind) pixel (\(from + i), \(y)): \(out[i]) != \(index(kind, x: from + i, y: y))",
                            file: file, line: line)
                    return
                }
            }
        }
    }

    func testAxialRunsMatchPixelByPixel() {
        var g = SeededGenerator(seed: 0x6ad1_e47a)
        for _ in 0..<200 {
            let a = Double.random(in: -0.02...0.02, using: &g), b = Double.random(in: -0.02...0.02, using: &g)
            let c = Double.random(in: -3...3, using: &g)
            let from = Int.random(in: -50...1900, using: &g), count = Int.random(in: 1...300, using: &g)
            let y = Int.random(in: -20...1080, using: &g)
            check(.axial(a: a, b: b, c: c), rows: y...y + 3, from: from, count: count)
        }
    }

    func testRadialRunsMatchPixelByPixel() {
        var g = SeededGenerator(seed: 0x00ad_1a15)
        for _ in 0..<200 {
            func r(_ s: Double) -> Double { Double.random(in: -s...s, using: &g) }
            let kind = GradientPaint.Kind.radial(ux: r(0.02), uy: r(0.02), u0: r(5), vx: r(0.02), vy: r(0.02), v0: r(5))
            let from = Int.random(in: -50...1900, using: &g), count = Int.random(in: 1...300, using: &g)
            let y = Int.random(in: -20...1080, using: &g)
            check(kind, rows: y...y + 3, from: from, count: count)
        }
    }

    /// NaN, infinite and huge parameters land on the ends as pixel by pixel.
    func testNonFiniteAndHugeParameters() {
        check(.axial(a: .nan, b: 0, c: 0), rows: 0...1, from: 0, count: 9)
        check(.axial(a: .infinity, b: 0, c: 0), rows: 0...1, from: -5, count: 13)
        check(.axial(a: 1e300, b: -1e300, c: 0), rows: 0...3, from: -3, count: 11)
        check(.radial(ux: 1e200, uy: 0, u0: 0, vx: 0, vy: 1e200, v0: 0), rows: 0...2, from: 0, count: 7)
        check(.axial(a: 0, b: 0, c: 0.5 / 1023), rows: 0...0, from: 0, count: 4)
    }
}
