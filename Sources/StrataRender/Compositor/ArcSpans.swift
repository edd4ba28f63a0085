import StrataModel

/// Per row, where a rounded shape under an affine map may be covered and
/// where it is surely wholly covered, with its arcs solved exactly on the
/// row instead of approximated by inner rectangles: so only the pixels
/// within about a pixel of an edge or of an arc are left to per-pixel
/// coverage (a corner's arc zone reaches `radius` into the shape, but its
/// anti-aliased band is one pixel wide).
///
/// Ranges are of pixel indices i on the row (centres at i + 0.5), as
/// `RowSolver` gives them. Both are conservative by a margin far below a
/// pixel: `outer` keeps every pixel whose coverage may be above 0, `full`
/// only pixels whose per-pixel coverage is exactly what the arcs give as 1
/// (`ItemRegion.coverage`), so drawing a pixel through either path gives
/// the same bytes.
enum ArcSpans {
    /// Whether `rounding`'s arcs can be solved on rows: circular corners
    /// (continuous ones keep the cores), affine with W = 1 (what
    /// `ItemRegion.affineCoverage` assumes; an inverted scale leaves W a
    /// few ulps off 1, far inside the margin) and a pixel scale.
    static func solvable(_ rounding: SoftShape.Rounding) -> Bool {
        rounding.outline == nil && rounding.pixelsPerUnit != nil && rounding.toShape.isAffine
            && abs(rounding.toShape.a33 - 1) < 1e-12
    }

    /// The surface rows each corner's work can matter on: the lowest pixel
    /// centre y of the four corners in lanes 0-3, the highest in 4-7 (by
    /// CornerMask bit), for `cut`. A corner's zone (its r x r square) grown
    /// by a pixel outwards across the two sides it touches holds every
    /// pixel centre of a row's `outer` range in the zone (those are within
    /// a pixel's reach of every side): rows outside it skip the corner.
    /// Empty (lo > hi) for a corner that is not rounded or a rounding `cut`
    /// cannot solve.
    static func rows(of rounding: SoftShape.Rounding) -> SIMD8<Double> {
        var rows = SIMD8<Double>(repeating: .infinity)
        for bit in 4..<8 { rows[bit] = -.infinity }
        guard solvable(rounding), let toSurface = rounding.toShape.inverted else { return rows }
        let m = rounding.toShape, rect = rounding.shape.rect, r = rounding.shape.radius
        let margin = 1e-7 * (1 + r + abs(rect.minX) + abs(rect.maxX) + abs(rect.minY) + abs(rect.maxY))
        // A surface pixel across the shape's x and y sides, in shape units.
        let ex = (m.a11 * m.a11 + m.a21 * m.a21).squareRoot(), ey = (m.a12 * m.a12 + m.a22 * m.a22).squareRoot()
        for bit in 0..<4 where rounding.shape.corners.rawValue & (1 << bit) != 0 {
            let left = bit & 1 == 0, top = bit < 2
            let x0 = left ? rect.minX - ex : rect.maxX - r - margin, x1 = left ? rect.minX + r + margin : rect.maxX + ex
            let y0 = top ? rect.minY - ey : rect.maxY - r - margin, y1 = top ? rect.minY + r + margin : rect.maxY + ey
            var lo = Double.infinity, hi = -Double.infinity
            for (px, py) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
                let q = toSurface.project(px, py)
                lo = min(lo, q.y); hi = max(hi, q.y)
            }
            // Far above the rounding of the projection, far below a pixel (every row when not finite).
            let slack = 1e-6 * (1 + abs(lo) + abs(hi))
            rows[bit] = lo.isFinite && hi.isFinite ? lo - slack : -.infinity
            rows[bit + 4] = lo.isFinite && hi.isFinite ? hi + slack : .infinity
        }
        return rows
    }

    /// The corners (lanes by CornerMask bit) whose rows (`rows(of:)`) hold
    /// the row whose pixel centres are at y: most rows cross none, and are
    /// left alone (`crossesAny`); the others give the mask to `cut`.
    @inline(__always)
    static func crossedCorners(_ rows: SIMD8<Double>, y: Double) -> SIMDMask<SIMD4<Int64>> {
        (y .>= rows.lowHalf) .& (y .<= rows.highHalf)
    }

    /// Whether `crossed` (from `crossedCorners`) holds some corner.
    @inline(__always)
    static func crossesAny(_ crossed: SIMDMask<SIMD4<Int64>>) -> Bool {
        crossed != .init(repeating: false)
    }

    /// Cuts `outer` (to the hull of the pixels an arc leaves any coverage)
    /// and `full` (to the longest run of pixels every arc leaves wholly
    /// covered) on the row whose pixel centres are at y; `crossed` the
    /// corners whose rows hold it (`crossedCorners`, some corner), and
    /// both ranges already within the shape's sides.
    /// Borrowed, not copied (a copy was a memcpy and a call on every row it ran on).
    ///
    /// The four corners are spelled out with constant sides, not looped
    /// over: a loop's `rows[bit]` spilled all eight lanes to the stack on
    /// every corner, and its sides and signs were selected at run time.
    /// The arithmetic is the same operations on the same values.
    static func cut(_ rounding: borrowing SoftShape.Rounding, crossed: SIMDMask<SIMD4<Int64>>, y: Double,
                    outer: inout (Double, Double), full: inout (Double, Double)) {
        let m = rounding.toShape, rect = rounding.shape.rect, r = rounding.shape.radius
        let ppu = rounding.pixelsPerUnit!
        // The row in the shape's space: p(i) = p0 + i d, at pixel centres.
        let dx = m.a11, dy = m.a12
        let p0x = m.a21 * y + m.a31 + 0.5 * m.a11, p0y = m.a22 * y + m.a32 + 0.5 * m.a12
        // Far above the rounding of the per-pixel arithmetic, far below a pixel.
        let margin = 1e-7 * (1 + r + abs(rect.minX) + abs(rect.maxX) + abs(rect.minY) + abs(rect.maxY))
        let reachOut = r + 0.5 / ppu + margin, reachFull = r - 0.5 / ppu - margin
        let row = Row(dx: dx, dy: dy, p0x: p0x, p0y: p0y, margin: margin, reachOut: reachOut, reachFull: reachFull)
        // CornerMask's bits: top left, top right, bottom left, bottom right.
        if crossed[0] { corner(left: true, top: true, rect, r, row, &outer, &full) }
        if crossed[1] { corner(left: false, top: true, rect, r, row, &outer, &full) }
        if crossed[2] { corner(left: true, top: false, rect, r, row, &outer, &full) }
        if crossed[3] { corner(left: false, top: false, rect, r, row, &outer, &full) }
    }

    /// A row in a rounding's space for `cut`: p(i) = p0 + i d at pixel
    /// centres, the margin and the arcs' outer and inner reaches.
    private struct Row {
        var dx, dy, p0x, p0y, margin, reachOut, reachFull: Double
    }

    /// `cut` at one corner (inlined with its side constant at each call).
    @inline(__always)
    private static func corner(left: Bool, top: Bool, _ rect: Rect, _ r: Double, _ row: Row,
                               _ outer: inout (Double, Double), _ full: inout (Double, Double)) {
        let (dx, dy, margin) = (row.dx, row.dy, row.margin)
        let cx = left ? rect.minX + r : rect.maxX - r, cy = top ? rect.minY + r : rect.maxY - r
        // Inside the corner's zone: sx (px - cx) > 0 and sy (py - cy) > 0.
        let sx = left ? -1.0 : 1.0, sy = top ? -1.0 : 1.0
        let ex = row.p0x - cx, ey = row.p0y - cy
        // Outer: the zone taken a margin smaller, the arc's outer reach larger.
        let zoneIn = zone(sx * dx, sx * ex, sy * dy, sy * ey, above: margin)
        if meets(zoneIn, outer) {
            cut(&outer, zone: zoneIn, disc: disc(dx, dy, ex, ey, radius: row.reachOut), longest: false)
        }
        // Full: the zone a margin larger, the arc's inner reach smaller.
        let zoneOut = zone(sx * dx, sx * ex, sy * dy, sy * ey, above: -margin)
        if meets(zoneOut, full) {
            cut(&full, zone: zoneOut, disc: disc(dx, dy, ex, ey, radius: row.reachFull), longest: true)
        }
    }

    /// Cuts `range` to the longest run of pixels of the row whose centres
    /// (at y) are outside every rounded corner's zone by a margin: there
    /// `ItemRegion`'s per-pixel coverage never evaluates an arc. Any affine
    /// rounding (the zone test ignores W as the per-pixel one does).
    static func outsideCorners(_ rounding: SoftShape.Rounding, y: Double, _ range: inout (Double, Double)) {
        let m = rounding.toShape, rect = rounding.shape.rect, r = rounding.shape.radius
        let dx = m.a11, dy = m.a12
        let p0x = m.a21 * y + m.a31 + 0.5 * m.a11, p0y = m.a22 * y + m.a32 + 0.5 * m.a12
        let margin = 1e-7 * (1 + r + abs(rect.minX) + abs(rect.maxX) + abs(rect.minY) + abs(rect.maxY))
        for bit in 0..<4 where rounding.shape.corners.rawValue & (1 << bit) != 0 {
            let left = bit & 1 == 0, top = bit < 2
            let cx = left ? rect.minX + r : rect.maxX - r, cy = top ? rect.minY + r : rect.maxY - r
            let sx = left ? -1.0 : 1.0, sy = top ? -1.0 : 1.0
            let zone = zone(sx * dx, sx * (p0x - cx), sy * dy, sy * (p0y - cy), above: -margin)
            if meets(zone, range) { cut(&range, zone: zone, disc: (.infinity, -.infinity), longest: true) }
        }
    }

    /// Whether the open `zone` and the closed `range` share a point (most
    /// rows cross no corner's zone: their discs are not solved).
    @inline(__always)
    private static func meets(_ zone: (Double, Double), _ range: (Double, Double)) -> Bool {
        zone.0 < zone.1 && range.0 <= range.1 && zone.0 < range.1 && zone.1 > range.0
    }

    /// The open interval of i with u i + u0 > t and v i + v0 > t.
    @inline(__always)
    private static func zone(_ u: Double, _ u0: Double, _ v: Double, _ v0: Double, above t: Double) -> (Double, Double) {
        var z = (-Double.infinity, Double.infinity)
        half(u, u0, t, &z)
        half(v, v0, t, &z)
        return z
    }

    /// `z` cut to the i with a i + b > t.
    @inline(__always)
    private static func half(_ a: Double, _ b: Double, _ t: Double, _ z: inout (Double, Double)) {
        if a > 0 { z.0 = max(z.0, (t - b) / a) } else if a < 0 { z.1 = min(z.1, (t - b) / a) } else if b <= t {
            z = (.infinity, -.infinity)
        }
    }

    /// The closed interval of i with |(ex, ey) + i (dx, dy)| <= radius (empty: lo > hi).
    @inline(__always)
    private static func disc(_ dx: Double, _ dy: Double, _ ex: Double, _ ey: Double, radius: Double) -> (Double, Double) {
        let a = dx * dx + dy * dy, b = ex * dx + ey * dy, c = ex * ex + ey * ey - radius * radius
        let d = b * b - a * c
        guard radius > 0, a > 0, d >= 0 else { return (.infinity, -.infinity) }
        let s = d.squareRoot()
        return ((-b - s) / a, (-b + s) / a)
    }

    /// `range` cut to what lies outside the open `zone` or inside `disc`:
    /// the hull of the pieces left, or the longest of them.
    @inline(__always)
    private static func cut(_ range: inout (Double, Double), zone: (Double, Double), disc: (Double, Double),
                            longest: Bool) {
        guard zone.0 < zone.1, range.0 <= range.1 else { return }
        // (-inf, z0], [d0, d1], [z1, inf), merged where they meet.
        var low = (-Double.infinity, zone.0), high = (zone.1, Double.infinity)
        var middle: (Double, Double)? = disc.0 <= disc.1 ? disc : nil
        if let d = middle, d.0 <= low.1 { low.1 = max(low.1, d.1); middle = nil }
        if let d = middle, d.1 >= high.0 { high.0 = min(high.0, d.0); middle = nil }
        if low.1 >= high.0 { return }
        // The pieces left of range, in order; the empty ones have lo > hi.
        let a = (range.0, min(low.1, range.1)), c = (max(high.0, range.0), range.1)
        let b = middle.map { (max($0.0, range.0), min($0.1, range.1)) } ?? (.infinity, -.infinity)
        if longest {
            var best = (Double.infinity, -Double.infinity)
            @inline(__always) func consider(_ p: (Double, Double)) {
                if p.0 <= p.1 && (best.0 > best.1 || p.1 - p.0 > best.1 - best.0) { best = p }
            }
            consider(a); consider(b); consider(c)
            range = best
        } else {
            let lo = a.0 <= a.1 ? a.0 : b.0 <= b.1 ? b.0 : c.0
            let hi = c.0 <= c.1 ? c.1 : b.0 <= b.1 ? b.1 : a.1
            range = lo <= hi && (a.0 <= a.1 || b.0 <= b.1 || c.0 <= c.1) ? (lo, hi) : (.infinity, -.infinity)
        }
    }
}
