import StrataModel
import StrataTestSupport
import XCTest
@testable import StrataRender

/// `EdgeLine.sides(ofQuad:)` (the planner's hull of an affine resampled
/// layer, without polygon arrays) gives the bits of `sides(of:)` on the
/// ConvexPolygon of the same four points, and both, with `orientedSides`,
/// the bits of the side formula written out here as it stood before the
/// shared kernel.
final class QuadSidesTests: XCTestCase {
    /// The side formula as written before `eachSide`: area by the shoelace
    /// sum, then each side's normal scaled by sign / length.
    private func referenceSides(_ xs: [Double], _ ys: [Double]) -> [(EdgeLine, Int)] {
        let n = xs.count
        var area = 0.0
        for i in 0..<n {
            let j = i + 1 == n ? 0 : i + 1
            area += xs[i] * ys[j] - xs[j] * ys[i]
        }
        guard area != 0, area.isFinite else { return [] }
        let sign = area > 0 ? 1.0 : -1.0
        var out: [(EdgeLine, Int)] = []
        for i in 0..<n {
            let j = i + 1 == n ? 0 : i + 1
            let a = ys[i] - ys[j], b = xs[j] - xs[i]
            let c = xs[i] * ys[j] - xs[j] * ys[i]
            let length = (a * a + b * b).squareRoot()
            guard length > 1e-12, length.isFinite else { continue }
            let s = sign / length
            out.append((EdgeLine(a: a * s, b: b * s, c: c * s), i))
        }
        return out
    }

    private func bits(_ l: EdgeLine) -> [UInt64] { [l.a.bitPattern, l.b.bitPattern, l.c.bitPattern] }

    private func polygon(_ xs: [Double], _ ys: [Double]) -> ConvexPolygon {
        var p = ConvexPolygon()
        p.xs = xs
        p.ys = ys
        p.hard = Array(repeating: false, count: xs.count)
        return p
    }

    /// Four points: random affine images of rectangles (either winding),
    /// random quadrilaterals, and degenerate ones (a repeated corner, all
    /// on a line, a point, infinities, NaN).
    private func quads() -> [([Double], [Double])] {
        var rng = SeededGenerator(seed: 0x5eed_d075)
        var out: [([Double], [Double])] = []
        for _ in 0..<2000 {
            let w = Double.random(in: 0.5...600, using: &rng), h = Double.random(in: 0.5...600, using: &rng)
            let a = Double.random(in: -4...4, using: &rng), b = Double.random(in: -4...4, using: &rng)
            let c = Double.random(in: -4...4, using: &rng), d = Double.random(in: -4...4, using: &rng)
            let tx = Double.random(in: -3000...3000, using: &rng), ty = Double.random(in: -3000...3000, using: &rng)
            let cx = [0, w, w, 0], cy = [0, 0, h, h]
            out.append(((0..<4).map { a * cx[$0] + c * cy[$0] + tx }, (0..<4).map { b * cx[$0] + d * cy[$0] + ty }))
            out.append(((0..<4).map { _ in Double.random(in: -100...100, using: &rng) },
                        (0..<4).map { _ in Double.random(in: -100...100, using: &rng) }))
        }
        out.append(([1, 1, 5, 1], [2, 2, 7, 9]))
        out.append(([0, 1, 2, 3], [0, 2, 4, 6]))
        out.append(([3, 3, 3, 3], [4, 4, 4, 4]))
        out.append(([0, .infinity, 5, 0], [0, 0, 5, 5]))
        out.append(([0, .nan, 5, 0], [0, 0, 5, 5]))
        out.append(([0, 1e-13, 1e-13, 0], [0, 0, 1e-13, 1e-13]))
        return out
    }

    func testQuadSidesAreThePolygonsSidesBitForBit() {
        for (xs, ys) in quads() {
            let quad = EdgeLine.sides(ofQuad: SIMD4(xs[0], xs[1], xs[2], xs[3]), SIMD4(ys[0], ys[1], ys[2], ys[3]))
            let poly = EdgeLine.sides(of: polygon(xs, ys))
            XCTAssertEqual(quad == nil, poly == nil, "\(xs) \(ys)")
            guard let quad, let poly else { continue }
            XCTAssertEqual(quad.map(bits), poly.map(bits), "\(xs) \(ys)")
        }
    }

    func testSidesAndOrientedSidesKeepTheWrittenOutFormula() {
        var rng = SeededGenerator(seed: 0x0071_e5)
        var cases = quads()
        // Other counts too (clipped polygons have 3 to 5 and more).
        for n in [3, 5, 6, 8] {
            for _ in 0..<200 {
                cases.append(((0..<n).map { _ in Double.random(in: -50...50, using: &rng) },
                              (0..<n).map { _ in Double.random(in: -50...50, using: &rng) }))
            }
        }
        for (xs, ys) in cases {
            let reference = referenceSides(xs, ys)
            let oriented = EdgeLine.orientedSides(of: polygon(xs, ys))
            XCTAssertEqual(oriented.map { bits($0.line) }, reference.map { bits($0.0) }, "\(xs) \(ys)")
            XCTAssertEqual(oriented.map(\.side), reference.map(\.1))
            let sides = EdgeLine.sides(of: polygon(xs, ys))
            if reference.count >= 3 {
                XCTAssertEqual(sides?.map(bits), reference.map { bits($0.0) })
            } else {
                XCTAssertNil(sides)
            }
        }
    }

    /// A moving layer under turned and scaled maps: the hull and box are
    /// those of the store's rectangle as a polygon through the map.
    func testResampledAffineHullIsThePolygonsHull() {
        var rng = SeededGenerator(seed: 0xd075)
        let clip = PixelBox(minX: 0, minY: 0, maxX: 1920, maxY: 1080)
        var checked = 0
        for _ in 0..<300 {
            let angle = Double.random(in: 0..<(2 * .pi), using: &rng), scale = Double.random(in: 0.3...3, using: &rng)
            let c = cos(angle) * scale, s = sin(angle) * scale
            let map = Homography(a11: c, a12: s, a13: 0, a21: -s, a22: c, a23: 0,
                                 a31: Double.random(in: 0...1900, using: &rng),
                                 a32: Double.random(in: 0...1000, using: &rng), a33: 1)
            let extent = Rect(0, 0, Double.random(in: 1...200, using: &rng), Double.random(in: 1...200, using: &rng))
            guard let space = RasterSpace(extent: extent, map: map, moving: true, clipBox: clip, budget: 1 << 24),
                  !space.hull.isEmpty else { continue }
            let fromStore = Homography(space.raster).inverted!.then(map)
            let rect = ConvexPolygon(rect: DeviceBox(minX: 0, minY: 0, maxX: Double(space.width), maxY: Double(space.height)))
            let outline = rect.mapped { fromStore.project($0, $1) }
            XCTAssertEqual(space.hull.map(bits), EdgeLine.sides(of: outline)?.map(bits))
            XCTAssertEqual(space.box, PixelBox(covering: outline.boundingBox).intersection(clip))
            checked += 1
        }
        XCTAssertGreaterThan(checked, 200)
    }
}
