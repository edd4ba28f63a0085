import StrataModel
import XCTest
@testable import StrataRender

/// The compositor's shortcuts give the very bytes of the plain per-pixel
/// forms: the four-wide blends (`Blending`) against `Pixel`'s scalar ones,
/// and rows whose coverage is worked out once for a level range
/// (`ItemRegion.coverage`) against each pixel asked for on its own.
final class CompositorKernelTests: XCTestCase {
    private struct Noise {
        var state: UInt64
        mutating func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        /// A premultiplied pixel (each channel at most its alpha), often transparent or opaque.
        mutating func pixel() -> UInt32 {
            let pick = next() % 8
            if pick == 0 { return 0 }
            let a = pick == 1 ? 255 : next() & 0xFF
            let c = { (n: UInt32) in a == 0 ? 0 : n % (a + 1) }
            return a << 24 | c(next()) << 16 | c(next()) << 8 | c(next())
        }
        /// A coverage byte, often 0 or 255.
        mutating func cover() -> UInt8 {
            let pick = next() % 4
            return pick == 0 ? 0 : pick == 1 ? 255 : UInt8(truncatingIfNeeded: next())
        }
    }

    func testFourWideBlendsMatchThePerPixelForms() {
        var noise = Noise(state: 7)
        for count in [0, 1, 3, 4, 5, 17, 64] {
            for _ in 0..<40 {
                let src = (0..<count).map { _ in noise.pixel() }, dst = (0..<count).map { _ in noise.pixel() }
                let cover = (0..<count).map { _ in noise.cover() } + [0, 0, 0, 0]
                let color = noise.pixel(), alpha = noise.next() & 0xFF
                for blend in [Blend.over, .add] {
                    var out = dst
                    out.withUnsafeMutableBufferPointer {
                        Blending.covered(Split(repeating: color), color, by: cover, blend: blend, $0.baseAddress!, count: count)
                    }
                    let expected = (0..<count).map { i -> UInt32 in
                        guard cover[i] > 0 else { return dst[i] }
                        let c = Pixel.scaled(color, UInt32(cover[i]))
                        return blend == .over ? Pixel.over(c, dst[i]) : Pixel.adding(c, dst[i])
                    }
                    XCTAssertEqual(out, expected, "covered, \(blend), \(count) pixels")
                }
                var over = dst
                over.withUnsafeMutableBufferPointer { Blending.over(src, times: alpha, $0.baseAddress!, count: count) }
                XCTAssertEqual(over, (0..<count).map { Pixel.over(Pixel.scaled(src[$0], alpha), dst[$0]) })
                var scaled = src
                scaled.withUnsafeMutableBufferPointer { Blending.scale($0.baseAddress!, by: cover, count: count) }
                XCTAssertEqual(scaled, (0..<count).map { Pixel.scaled(src[$0], UInt32(cover[$0])) })
                var into = [UInt32](repeating: 1, count: count)
                into.withUnsafeMutableBufferPointer { Blending.scaled(src, by: alpha, into: $0.baseAddress!, count: count) }
                XCTAssertEqual(into, src.map { Pixel.scaled($0, alpha) })
            }
        }
    }

    private func shape(_ rect: Rect, radius: Double, scale: Double, degrees: Double = 0, tx: Double, ty: Double)
        -> SoftShape {
        let a = degrees * .pi / 180, c = degrees == 0 ? scale : cos(a) * scale, s = degrees == 0 ? 0 : sin(a) * scale
        let m = Homography(a11: c, a12: s, a13: 0, a21: -s, a22: c, a23: 0, a31: tx, a32: ty, a33: 1)
        return SoftShape(RoundedRect(rect, cornerRadius: radius), through: m, nearW: FramePlanner.nearW)!
    }

    /// Whole rows and short runs with the shortcuts (level ranges) against
    /// every pixel worked out on its own.
    private func checkRows(_ region: ItemRegion, box: PixelBox, _ what: String) {
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: box.width), one = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer { row.deallocate(); one.deallocate() }
        for y in box.minY..<box.maxY {
            region.coverage(y: y, from: box.minX, count: box.width, into: row)
            for i in 0..<box.width {
                region.coverage(y: y, from: box.minX + i, count: 1, into: one, shortcuts: false)
                if one[0] != row[i] {
                    return XCTFail("\(what): pixel (\(box.minX + i), \(y)) is \(row[i]) in its row, \(one[0]) worked out")
                }
            }
            // Runs of 5 from every third pixel.
            for start in stride(from: box.minX, to: box.maxX - 5, by: 3) {
                region.coverage(y: y, from: start, count: 5, into: row)
                for i in 0..<5 {
                    region.coverage(y: y, from: start + i, count: 1, into: one, shortcuts: false)
                    if one[0] != row[i] { return XCTFail("\(what): pixel (\(start + i), \(y)) in a run of 5") }
                }
            }
        }
    }

    func testShortcutsGiveEachPixelsOwnCoverage() {
        let box = PixelBox(minX: 0, minY: 0, maxX: 300, maxY: 220)
        for (tx, ty) in [(150.0, 110.0), (150.3, 110.7), (149.75, 109.5)] {
            for scale in [1.0, 1.3, 0.45] {
                let own = shape(Rect(-100, -60, 200, 120), radius: 26, scale: scale, tx: tx, ty: ty)
                checkRows(ItemRegion(own: own, clip: .none), box: box, "rounded \(scale) at \(tx), \(ty)")
                let hole = shape(Rect(-96, -56, 192, 112), radius: 22, scale: scale, tx: tx, ty: ty)
                checkRows(ItemRegion(own: own, hole: hole, clip: .none), box: box, "border \(scale)")
                let square = shape(Rect(-100, -60, 200, 120), radius: 0, scale: scale, tx: tx, ty: ty)
                let inner = shape(Rect(-99.5, -59.5, 199, 119), radius: 0, scale: scale, tx: tx, ty: ty)
                checkRows(ItemRegion(own: square, hole: inner, clip: .none), box: box, "thin square border \(scale)")
                // A card's pill, cut by the card's rounded bounds; and a level clip of a turned shape.
                let pill = shape(Rect(-130, 20, 140, 40), radius: 20, scale: scale, tx: tx, ty: ty)
                checkRows(ItemRegion(own: pill, clip: ClipStack(shapes: [own], cuts: [])), box: box, "clipped pill")
                let turned = shape(Rect(-60, -40, 120, 80), radius: 10, scale: scale, degrees: 20, tx: tx, ty: ty)
                checkRows(ItemRegion(own: turned, clip: ClipStack(shapes: [square], cuts: [])), box: box, "turned in level clip")
                let turnedHole = shape(Rect(-57, -37, 114, 74), radius: 7, scale: scale, degrees: 20, tx: tx, ty: ty)
                checkRows(ItemRegion(own: turned, hole: turnedHole, clip: ClipStack(shapes: [own], cuts: [])), box: box,
                          "turned border, clipped")
            }
        }
    }

    /// `floorInt` and `ceilInt` (the rounding of `RowSolver.range`) give
    /// what converting `floorFast` and `ceilFast` gives: whole numbers,
    /// halves, values next to whole numbers, random ones of both signs.
    func testWholeNumberRoundingMatchesTheDoubleForms() {
        var noise = Noise(state: 3)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 0x1p51, -0x1p51, 1.0.nextUp, (-1.0).nextDown, 0.0.nextUp]
        for _ in 0..<2000 {
            let v = Double(Int32(bitPattern: noise.next())) / Double(1 << (noise.next() % 24))
            values += [v, v.nextUp, v.nextDown, v.rounded(), v.rounded().nextUp, v.rounded().nextDown]
        }
        for v in values {
            XCTAssertEqual(v.floorInt, Int(v.floorFast), "\(v)")
            XCTAssertEqual(v.ceilInt, Int(v.ceilFast), "\(v)")
        }
    }
}
