import StrataModel
import XCTest
@testable import StrataRender

/// Per-pixel coverage's early outs (a paired shape that one pair of sides
/// leaves nothing of is 0, the hole skipped where the shapes leave 0) and
/// its flat arc numbers (`ItemRegion.Arc`) give the bits of the full
/// product: every side's area and every arc worked out, from the shapes'
/// own lines and roundings.
final class ItemRegionCoverageTests: XCTestCase {
    /// The full product for one shape: paired sides as (a0 + a2 - 1)(a1 + a3 - 1) clamped, else
    /// every side's area multiplied; then near a corner the arc if less.
    private func fullCoverage(_ s: SoftShape, _ x: Double, _ y: Double) -> Double {
        let lines = s.sides.map(ItemRegion.Line.init)
        func area(_ l: ItemRegion.Line) -> Double { l.areaByReciprocals(l.a * x + (l.b * y + l.c)) }
        func parallel(_ p: EdgeLine, _ q: EdgeLine) -> Bool { abs(p.a + q.a) < 1e-9 && abs(p.b + q.b) < 1e-9 }
        var c = 1.0
        if s.sides.count == 4 && parallel(s.sides[0], s.sides[2]) && parallel(s.sides[1], s.sides[3]) {
            let across = area(lines[0]) + area(lines[2]) - 1, along = area(lines[1]) + area(lines[3]) - 1
            c = (across < 0 ? 0 : across) * (along < 0 ? 0 : along)
        } else {
            for l in lines { c *= area(l) }
        }
        guard let r = s.rounding else { return c }
        let m = r.toShape, rect = r.shape.rect, radius = r.shape.radius
        let px = m.a11 * x + (m.a21 * y + m.a31), py = m.a12 * x + (m.a22 * y + m.a32)
        let left = px < rect.minX + radius, right = px > rect.maxX - radius
        let top = py < rect.minY + radius, bottom = py > rect.maxY - radius
        guard (left || right) && (top || bottom) else { return c }
        let dx = px - (left ? rect.minX + radius : rect.maxX - radius)
        let dy = py - (top ? rect.minY + radius : rect.maxY - radius)
        let arc = unitClamped(0.5 - ((dx * dx + dy * dy).squareRoot() - radius) * r.pixelsPerUnit!)
        return arc < c ? arc : c
    }

    private func shape(_ rect: Rect, radius: Double, degrees: Double, scale: Double, tx: Double, ty: Double) -> SoftShape {
        let a = degrees * .pi / 180, c = cos(a) * scale, s = sin(a) * scale
        let m = Homography(a11: c, a12: s, a13: 0, a21: -s, a22: c, a23: 0, a31: tx, a32: ty, a33: 1)
        return SoftShape(RoundedRect(rect, cornerRadius: radius), through: m, nearW: FramePlanner.nearW)!
    }

    func testEarlyOutsGiveTheFullProductsBits() {
        let box = PixelBox(minX: 0, minY: 0, maxX: 160, maxY: 120)
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer { out.deallocate() }
        var checked = 0
        for degrees in [0.0, 3, 17, 45, 71] {
            for (scale, tx, ty) in [(1.0, 80.0, 60.0), (0.7, 80.3, 59.6), (1.4, 79.55, 60.25)] {
                let own = shape(Rect(-50, -30, 100, 60), radius: 12, degrees: degrees, scale: scale, tx: tx, ty: ty)
                let hole = shape(Rect(-46, -26, 92, 52), radius: 8, degrees: degrees, scale: scale, tx: tx, ty: ty)
                let thin = shape(Rect(-50, -0.2, 100, 0.4), radius: 0, degrees: degrees, scale: scale, tx: tx, ty: ty)
                let clip = shape(Rect(-40, -45, 80, 90), radius: 20, degrees: -degrees / 2, scale: 1, tx: 80, ty: 60)
                let cases: [(String, [SoftShape], SoftShape?)] = [
                    ("fill", [own], nil), ("border", [own], hole), ("clipped border", [own, clip], hole),
                    ("thin bar", [thin], nil),
                ]
                for (what, shapes, hole) in cases {
                    let region = ItemRegion(own: shapes[0], hole: hole, clip: ClipStack(shapes: Array(shapes.dropFirst()), cuts: []))
                    for y in box.minY..<box.maxY {
                        for x in box.minX..<box.maxX {
                            let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                            var c = 1.0
                            for s in shapes { c *= fullCoverage(s, cx, cy) }
                            if let hole { c *= 1 - fullCoverage(hole, cx, cy) }
                            let expected = UInt8(truncatingIfNeeded: (c * 255 + 6_755_399_441_055_744.0).bitPattern)
                            region.coverage(y: y, from: x, count: 1, into: out, shortcuts: false)
                            if out[0] != expected {
                                return XCTFail("\(what) at \(degrees)°, x\(scale): pixel (\(x), \(y)) is \(out[0]), \(expected) in full")
                            }
                            if expected > 0 && expected < 255 { checked += 1 }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 10_000, "partial pixels compared")
    }
    /// `Line.sureArea` is `areaByReciprocals` bit for bit: past the reach
    /// its 1 and 0 are what the formula gives, and nearer it is the formula.
    func testSureAreaGivesTheFormulasBits() {
        var checked = 0
        // Level and upright sides (v = 0), turned ones, and one whose v is so small 1 / (2 u v) is infinite.
        for degrees in [0.0, 90, 1e-3, 3, 17, 45, 71, 133, 270.5] {
            let t = degrees * .pi / 180
            for (a, b) in [(cos(t), sin(t)), (-sin(t), cos(t))] {
                check(ItemRegion.Line(EdgeLine(a: a, b: b, c: 2.5)), &checked)
            }
        }
        check(ItemRegion.Line(EdgeLine(a: 1, b: 1e-310, c: 0)), &checked)
        XCTAssertGreaterThan(checked, 10_000)
    }

    private func check(_ l: ItemRegion.Line, _ checked: inout Int) {
        var ds: [Double] = [0, -0.0, .infinity, -.infinity]
        for r in [l.reach, l.linear] { ds += [r, -r, r.nextUp, -r.nextUp, r.nextDown, -r.nextDown] }
        for k in -600...600 { ds.append(Double(k) / 400) }
        for d in ds {
            let sure = l.sureArea(d), full = l.areaByReciprocals(d)
            XCTAssert(sure.bitPattern == full.bitPattern || (sure.isNaN && full.isNaN),
                      "line (\(l.a), \(l.b)) at d = \(d): \(sure), the formula \(full)")
            checked += 1
        }
    }
}
