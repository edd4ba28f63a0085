import StrataModel

/// A straight line across a surface: `a x + b y + c` is the signed distance
/// in pixels from it (a, b a unit normal), positive inside.
struct EdgeLine: Hashable, Sendable {
    var a, b, c: Double

    @inline(__always)
    func distance(_ x: Double, _ y: Double) -> Double { a * x + b * y + c }

    /// Half the extent of a pixel square across the line: a pixel whose
    /// centre is farther than this is wholly on one side.
    var reach: Double { (abs(a) + abs(b)) / 2 }

    /// The lines of a convex polygon's sides, inside positive whatever its
    /// winding; nil when it has no area.
    static func sides(of p: ConvexPolygon) -> [EdgeLine]? {
        var lines: [EdgeLine] = []
        lines.reserveCapacity(p.count)
        eachSide(count: p.count, x: { p.xs[$0] }, y: { p.ys[$0] }) { line, _ in lines.append(line) }
        return lines.count >= 3 ? lines : nil
    }

    /// The sides of the quadrilateral through the points (`x[i]`, `y[i]`) in
    /// order: the same lines, bit for bit, as `sides(of:)` of the
    /// ConvexPolygon of those points, without the polygon's three arrays
    /// (the planner asks this for every resampled layer).
    static func sides(ofQuad x: SIMD4<Double>, _ y: SIMD4<Double>) -> [EdgeLine]? {
        var lines: [EdgeLine] = []
        lines.reserveCapacity(4)
        eachSide(count: 4, x: { x[$0] }, y: { y[$0] }) { line, _ in lines.append(line) }
        return lines.count >= 3 ? lines : nil
    }

    /// Each side's line with the index of the vertex it starts at, inside
    /// positive whatever the winding; sides shorter than 1e-12 left out,
    /// none when the polygon has no area.
    static func orientedSides(of p: ConvexPolygon) -> [(line: EdgeLine, side: Int)] {
        var lines: [(line: EdgeLine, side: Int)] = []
        lines.reserveCapacity(p.count)
        eachSide(count: p.count, x: { p.xs[$0] }, y: { p.ys[$0] }) { lines.append(($0, $1)) }
        return lines
    }

    /// Calls `body` with each side's line of the convex polygon through the
    /// `n` points (`x(i)`, `y(i)`) and the index of the vertex it starts at,
    /// as `orientedSides` describes; one body of arithmetic for every caller,
    /// so that all of them give the same bits.
    @inline(__always)
    private static func eachSide(count n: Int, x: (Int) -> Double, y: (Int) -> Double,
                                 _ body: (EdgeLine, Int) -> Void) {
        var area = 0.0
        for i in 0..<n {
            let j = i + 1 == n ? 0 : i + 1
            area += x(i) * y(j) - x(j) * y(i)
        }
        guard area != 0, area.isFinite else { return }
        let sign = area > 0 ? 1.0 : -1.0
        for i in 0..<n {
            let j = i + 1 == n ? 0 : i + 1
            // Exact negation when a neighbouring piece walks the same side backwards.
            let a = y(i) - y(j), b = x(j) - x(i)
            let c = x(i) * y(j) - x(j) * y(i)
            let length = (a * a + b * b).squareRoot()
            guard length > 1e-12, length.isFinite else { continue }
            let s = sign / length
            body(EdgeLine(a: a * s, b: b * s, c: c * s), i)
        }
    }

    /// The share of a pixel square whose centre is `d` pixels inside the
    /// line that lies inside it: exact for a straight edge at any angle
    /// (linear across the middle, quadratic where a corner of the pixel crosses).
    @inline(__always)
    func area(atDistance d: Double) -> Double {
        let u = max(abs(a), abs(b)), v = min(abs(a), abs(b))
        let h = (u + v) / 2
        if d >= h { return 1 }
        if d <= -h { return 0 }
        let linear = (u - v) / 2
        if abs(d) <= linear { return 0.5 + d / u }
        let t = h - abs(d)
        let corner = t * t / (2 * u * v)
        return d > 0 ? 1 - corner : corner
    }
}

/// A convex shape on a surface, anti-aliased by the area of each pixel
/// inside it: its sides, and for rounded corners the arcs (by distance to
/// the arc, which is within a few percent of the area for radii of a pixel
/// or more).
struct SoftShape: Hashable, Sendable {
    var sides: [EdgeLine]
    /// The outline on the surface (its corners, cut at the near plane).
    var outline: ConvexPolygon
    /// Parts of the shape every pixel wholly inside of is wholly covered:
    /// the shape itself, or with rounded corners the shape inset by the
    /// radius along x, along y, and by r (1 - 1/√2) all round (whose
    /// corners touch the arcs).
    var cores: [[EdgeLine]]
    var rounding: Rounding?

    /// Rounded corners, worked out in the shape's own space.
    struct Rounding: Hashable, Sendable {
        /// Surface pixels -> the shape's space.
        var toShape: Homography
        var shape: RoundedRect
        /// Surface pixels per unit of the shape's space; nil under
        /// perspective (then worked out per pixel).
        var pixelsPerUnit: Double?
        /// A continuous corner's curve (the same at every corner).
        var outline: ContinuousCorner.Outline? = nil
    }

    /// Whether every pixel of `box` is wholly inside: the box's corners are
    /// inside one core (then each pixel centre is at least a pixel's reach
    /// inside every side), so clipping to the shape would change nothing.
    func covers(_ box: PixelBox) -> Bool {
        guard !box.isEmpty else { return true }
        let corners = [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)]
        return cores.contains { core in
            core.allSatisfy { line in corners.allSatisfy { line.distance(Double($0.0), Double($0.1)) >= 0 } }
        }
    }

    /// `shape` (in some space) through `map` (that space -> surface pixels),
    /// cut at the near plane; nil when nothing of it is in front of the eye
    /// or it has no area.
    init?(_ shape: RoundedRect, through map: Homography, nearW: Double) {
        guard let (sides, outline) = Self.lines(of: shape.rect, through: map, nearW: nearW) else { return nil }
        self.sides = sides
        self.outline = outline
        guard shape.isRounded, let toShape = map.inverted else {
            cores = [sides]
            rounding = nil
            return
        }
        // Continuous corners reach further along the edges, and cross the
        // diagonal at their own depth.
        let r = shape.reach, rect = shape.rect
        let d = shape.curve == .continuous ? shape.continuousOutline.diagonal : r * (1 - 0.5.squareRoot())
        cores = [Rect(rect.minX + r, rect.minY, rect.width - 2 * r, rect.height),
                 Rect(rect.minX, rect.minY + r, rect.width, rect.height - 2 * r),
                 Rect(rect.minX + d, rect.minY + d, rect.width - 2 * d, rect.height - 2 * d)]
            .compactMap { Self.lines(of: $0, through: map, nearW: nearW)?.sides }
        let pixels: Double? = map.isAffine ? abs(map.a11 * map.a22 - map.a12 * map.a21).squareRoot() / map.a33 : nil
        rounding = Rounding(toShape: toShape, shape: shape, pixelsPerUnit: pixels,
                            outline: shape.curve == .continuous ? shape.continuousOutline : nil)
    }

    private static func lines(of rect: Rect, through map: Homography, nearW: Double)
        -> (sides: [EdgeLine], outline: ConvexPolygon)? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        let box = DeviceBox(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY)
        var polygon = ConvexPolygon(rect: box)
        if !map.isAffine { polygon = polygon.clipped(a: map.a13, b: map.a23, c: map.a33 - nearW) }
        guard !polygon.isEmpty else { return nil }
        let outline = polygon.mapped { map.project($0, $1) }
        guard let sides = EdgeLine.sides(of: outline) else { return nil }
        return (sides, outline)
    }

    /// The share of the pixel centred at (x, y) inside the shape.
    func coverage(_ x: Double, _ y: Double) -> Double {
        var c = 1.0
        for line in sides {
            c *= line.area(atDistance: line.distance(x, y))
            if c <= 0 { return 0 }
        }
        guard let rounding else { return c }
        return min(c, rounding.arcCoverage(x, y))
    }
}

extension SoftShape.Rounding {
    /// Near a rounded corner, the share of the pixel inside the arc (1 elsewhere).
    func arcCoverage(_ x: Double, _ y: Double) -> Double {
        let q = toShape.apply(x, y)
        guard q.w > 0 else { return 0 }
        let px = q.x / q.w, py = q.y / q.w
        if shape.curve == .continuous { return continuousCoverage(px, py, x, y) }
        let rect = shape.rect, r = shape.radius
        let left = px < rect.minX + r, right = px > rect.maxX - r
        let top = py < rect.minY + r, bottom = py > rect.maxY - r
        let corner: CornerMask
        switch (left, right, top, bottom) {
        case (true, _, true, _): corner = .minXMinY
        case (_, true, true, _): corner = .maxXMinY
        case (true, _, _, true): corner = .minXMaxY
        case (_, true, _, true): corner = .maxXMaxY
        default: return 1
        }
        guard shape.corners.contains(corner) else { return 1 }
        let cx = left ? rect.minX + r : rect.maxX - r, cy = top ? rect.minY + r : rect.maxY - r
        let outside = ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot() - r
        let scale = pixelsPerUnit ?? localScale(x, y)
        return min(max(0.5 - outside * scale, 0), 1)
    }

    /// Surface pixels per shape unit at a pixel, under perspective: the
    /// square root of the Jacobian's determinant of the shape -> surface map.
    func localScale(_ x: Double, _ y: Double) -> Double {
        // The inverse map's Jacobian at (x, y), then its determinant's inverse.
        let h = toShape, p = h.apply(x, y)
        guard p.w != 0 else { return 1 }
        let u = p.x / p.w, v = p.y / p.w
        let j11 = (h.a11 - u * h.a13) / p.w, j12 = (h.a21 - u * h.a23) / p.w
        let j21 = (h.a12 - v * h.a13) / p.w, j22 = (h.a22 - v * h.a23) / p.w
        let det = abs(j11 * j22 - j12 * j21)
        return det > 0 && det.isFinite ? 1 / det.squareRoot() : 1
    }
}

/// Which pixels of one row an item may touch: [start, end), of which
/// [fullStart, fullEnd) surely at full coverage; a hole (a border's inside)
/// adds pixels left out ([holeFullStart, holeFullEnd)) and partial ones
/// around them. Pixel indices are surface x coordinates.
struct RowSpan {
    var start = 0, end = 0
    var fullStart = 0, fullEnd = 0
    var hole: (start: Int, end: Int, fullStart: Int, fullEnd: Int)?
}

/// Solves, per row, which pixels pass a set of lines.
struct RowSolver {
    /// The continuous range of pixel indices i whose centre (i + 0.5, y)
    /// keeps `line`'s distance at least `threshold`; ties included when
    /// `ties` (hard edges: the top-left rule).
    @inline(__always)
    static func bounds(_ line: EdgeLine, y: Double, threshold: Double, lo: inout Double, hi: inout Double,
                       hard: Bool = false) {
        let rest = line.b * y + line.c
        if line.a == 0 {
            let inside = hard ? (rest > 0 || (rest == 0 && line.b > 0)) : rest >= threshold
            if !inside { lo = .infinity; hi = -.infinity }
            return
        }
        // a (i + 0.5) + rest >= threshold  <=>  i >= or <= q - 0.5.
        let q = (threshold - rest) / line.a - 0.5
        if line.a > 0 {
            // Hard left edges include ties (i >= q); others too (>= threshold).
            lo = max(lo, q)
        } else if hard {
            // Hard right edges exclude ties: i < q, i.e. i <= the next smaller index.
            hi = min(hi, q.nextDown)
        } else {
            hi = min(hi, q)
        }
    }

    /// Whole pixel indices in [lo, hi], clamped to [minX, maxX).
    @inline(__always)
    static func range(_ lo: Double, _ hi: Double, minX: Int, maxX: Int) -> (Int, Int) {
        guard lo <= hi, !lo.isNaN, !hi.isNaN else { return (minX, minX) }
        let first = lo <= Double(minX) ? minX : min(lo, Double(maxX)).ceilInt
        let last = hi >= Double(maxX - 1) ? maxX : max(hi, Double(minX) - 1).floorInt + 1
        return first < last ? (first, last) : (minX, minX)
    }
}
