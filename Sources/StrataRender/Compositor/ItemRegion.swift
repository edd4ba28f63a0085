/// Where on a row an item draws and how much of each pixel: its hull
/// (pixel centres), the soft shapes that multiply its coverage (its own
/// shape, its anti-aliased sides, the clips of its ancestors), the hard cuts
/// of a split plane, and the hole of a border.
///
/// Built once per item as flat arrays of plain values, so the per-row and
/// per-pixel work touches no reference counts.
struct ItemRegion: Hashable, Sendable {
    /// A soft shape as ranges of `lines`.
    struct Shape: Hashable, Sendable {
        var sides: Range<Int>
        /// Four sides, opposite ones parallel (a rectangle under an affine
        /// map): the area between two opposite sides is a0 + a2 - 1, not
        /// their product (which overstates shapes thinner than a pixel).
        var paired: Bool
        var core0: Range<Int>, core1: Range<Int>, core2: Range<Int>
        var cores: Int
        /// Index into `roundings`, or -1.
        var rounding: Int
        /// The rounding's arcs are solved on each row (`ArcSpans`), not bounded by the cores.
        var arcs: Bool
    }

    private var lines: [Line] = []
    private var hullCount = 0
    private var shapes: [Shape] = []
    private var hole: Shape?
    private var roundings: [SoftShape.Rounding] = []
    /// Each rounding's numbers for `affineCoverage`.
    private var arcs: [Arc] = []
    /// `ArcSpans.rows(of:)` of each rounding (the rows its corners matter on).
    private var cornerRows: [SIMD8<Double>] = []

    init(hull: [EdgeLine] = [], own: SoftShape? = nil, hole: SoftShape? = nil, clip: ClipStack) {
        // Room for the hull and cuts, and the soft sides of a quad's edges or a fill's shape.
        lines.reserveCapacity(hull.count + clip.cuts.count + 4)
        for e in hull { lines.append(Line(e)) }
        for e in clip.cuts { lines.append(Line(e)) }
        hullCount = lines.count
        if let own { shapes.append(add(own)) }
        for s in clip.shapes { shapes.append(add(s)) }
        if let hole { self.hole = add(hole) }
        affineRoundings = roundings.allSatisfy { $0.pixelsPerUnit != nil && $0.toShape.isAffine && $0.shape.corners == .all
            && $0.outline == nil }
        let soft = shapes + (self.hole.map { [$0] } ?? [])
        hasLevelSides = affineRoundings && soft.allSatisfy { $0.rounding < 0 || $0.arcs }
            && soft.contains { s in lines[s.sides].contains { $0.a == 0 } }
    }

    private mutating func add(_ s: SoftShape) -> Shape {
        func range(_ list: [EdgeLine]) -> Range<Int> {
            let start = lines.count
            for e in list { lines.append(Line(e)) }
            return start..<lines.count
        }
        let sides = range(s.sides)
        let core0 = s.cores.count > 0 ? range(s.cores[0]) : 0..<0
        let core1 = s.cores.count > 1 ? range(s.cores[1]) : 0..<0
        let core2 = s.cores.count > 2 ? range(s.cores[2]) : 0..<0
        var rounding = -1
        if let r = s.rounding {
            rounding = roundings.count
            roundings.append(r)
            arcs.append(Arc(r))
            cornerRows.append(ArcSpans.rows(of: r))
        }
        let paired = s.sides.count == 4 && Self.parallel(s.sides[0], s.sides[2]) && Self.parallel(s.sides[1], s.sides[3])
        return Shape(sides: sides, paired: paired, core0: core0, core1: core1, core2: core2, cores: min(s.cores.count, 3),
                     rounding: rounding, arcs: s.rounding.map(ArcSpans.solvable) ?? false)
    }

    private static func parallel(_ p: EdgeLine, _ q: EdgeLine) -> Bool {
        abs(p.a + q.a) < 1e-9 && abs(p.b + q.b) < 1e-9
    }

    /// Whether every pixel the runs call full is wholly covered, with nothing to work out per pixel.
    @inline(__always)
    var isSimple: Bool { shapes.isEmpty && hole == nil }

    /// Every rounding is affine, circular, with all corners rounded:
    /// coverage goes through `affineCoverage` (decided once, not on every run).
    private var affineRoundings = true

    /// Some side of a shape or of the hole is level (a = 0, an edge of an
    /// axis-aligned rect): the rows it crosses are partial from end to end,
    /// but their coverage is the same along most of the row
    /// (`levelRange`). Decided once per item.
    private var hasLevelSides = false
    /// Partial runs at least this long are searched for a level range.
    static let levelRunLength = 16

    // MARK: per pixel

    /// The coverage (0...255) of pixels [from, from + count) of row y (hull
    /// and cuts already passed) into `out[0..<count]`. Each pixel's value
    /// is a function of its own coordinates, so it does not depend on where
    /// the run starts.
    ///
    /// One pixel at a time with branches: the four-wide SIMD4<Double> form
    /// this replaces gave the same bits (the same operations in the same
    /// order, its selects written as conditionals here) at ~3x the
    /// instructions, its lane selects going lane by lane.
    ///
    /// Where the row crosses a level side, the pixels of `levelRange` all
    /// get the value of the first of them, worked out once: every factor
    /// that varies along the row is exactly 1 there (or the hole's exactly
    /// 0), so each of them would give the very same bits.
    ///
    /// `shortcuts: false` works every pixel out (what the level ranges
    /// must equal, for tests).
    func coverage(y: Int, from: Int, count: Int, into out: UnsafeMutablePointer<UInt8>, shortcuts: Bool = true) {
        guard affineRoundings else { return coverageOneByOne(y: y, from: from, count: count, into: out) }
        let cy = Double(y) + 0.5
        lines.withUnsafeBufferPointer { lines in
            arcs.withUnsafeBufferPointer { arcs in
                shapes.withUnsafeBufferPointer { shapes in
                    @inline(__always) func pixel(_ i: Int) -> UInt8 {
                        let x = 0.5 + Double(from + i)
                        var c = 1.0
                        for s in shapes { c *= Self.affineCoverage(s, x, cy, lines, arcs) }
                        // Where the shapes leave nothing, the hole's factor (0...1) would keep it 0.
                        if c > 0, let hole { c *= 1 - Self.affineCoverage(hole, x, cy, lines, arcs) }
                        // Rounded to the nearest integer by adding 1.5 * 2^52: the low bits of the sum are it.
                        return UInt8(truncatingIfNeeded: (c * 255 + 6_755_399_441_055_744.0).bitPattern)
                    }
                    var (same, sameEnd) = (count, count)
                    // Short runs (the ends of rows, an edge crossing the row) gain nothing.
                    if count >= Self.levelRunLength && shortcuts && hasLevelSides {
                        let r = roundings.withUnsafeBufferPointer { levelRange(y: cy, lines, $0, shapes) }
                        (same, sameEnd) = RowSolver.range(r.0 - Double(from), r.1 - Double(from), minX: 0, maxX: count)
                    }
                    for i in 0..<same { out[i] = pixel(i) }
                    if same < sameEnd { (out + same).update(repeating: pixel(same), count: sameEnd - same) }
                    for i in sameEnd..<count { out[i] = pixel(i) }
                }
            }
        }
    }

    /// The pixel indices of row y (pixel centres at y) whose coverage is
    /// the same: inside every side that is not level by more than a
    /// pixel's reach (where its area is exactly 1), outside every rounded
    /// corner's zone (where the arc is not evaluated), and for the hole
    /// the same, unless a level side of it leaves the whole row outside
    /// (then its area is exactly 0 everywhere on the row). Conservative by
    /// margins far above the arithmetic's rounding.
    private func levelRange(y: Double, _ lines: UnsafeBufferPointer<Line>,
                            _ roundings: UnsafeBufferPointer<SoftShape.Rounding>,
                            _ shapes: UnsafeBufferPointer<Shape>) -> (Double, Double) {
        var range = (-Double.infinity, Double.infinity)
        for s in shapes { Self.level(s, y: y, lines, roundings, &range) }
        if let hole {
            let outside = lines[hole.sides].contains { l in l.a == 0 && l.b * y + l.c <= -l.reach - Self.softMargin }
            if !outside { Self.level(hole, y: y, lines, roundings, &range) }
        }
        return range
    }

    /// `range` cut to where shape `s` has the same coverage on row y.
    @inline(__always)
    private static func level(_ s: Shape, y: Double, _ lines: UnsafeBufferPointer<Line>,
                              _ roundings: UnsafeBufferPointer<SoftShape.Rounding>, _ range: inout (Double, Double)) {
        for k in s.sides where lines[k].a != 0 { softBound(lines[k], y: y, full: true, &range) }
        if s.rounding >= 0 { ArcSpans.outsideCorners(roundings[s.rounding], y: y, &range) }
    }

    /// One pixel's coverage by one shape: its sides' areas multiplied, and
    /// near a rounded corner the arc (the rounding affine, W = 1). A paired
    /// shape that one pair of sides leaves nothing of is 0 without the
    /// other pair or the arc (their factors, 0...1, would keep it +0).
    @inline(__always)
    private static func affineCoverage(_ s: Shape, _ x: Double, _ y: Double, _ lines: UnsafeBufferPointer<Line>,
                                       _ arcs: UnsafeBufferPointer<Arc>) -> Double {
        var c = 1.0
        if s.paired {
            let k = s.sides.lowerBound
            @inline(__always) func area(_ i: Int) -> Double {
                let l = lines[k + i]
                return l.sureArea(l.a * x + (l.b * y + l.c))
            }
            let across = area(0) + area(2) - 1
            guard across > 0 else { return 0 }
            let along = area(1) + area(3) - 1
            guard along > 0 else { return 0 }
            c = across * along
        } else {
            for k in s.sides {
                let l = lines[k]
                c *= l.sureArea(l.a * x + (l.b * y + l.c))
            }
        }
        guard s.rounding >= 0 else { return c }
        return arcs[s.rounding].cut(c, x, y)
    }

    /// The general form, for items with a projective clip or some corners
    /// square (the arcs through `arcCoverage`).
    private func coverageOneByOne(y: Int, from: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        let cy = Double(y) + 0.5
        lines.withUnsafeBufferPointer { lines in
            roundings.withUnsafeBufferPointer { roundings in
                shapes.withUnsafeBufferPointer { shapes in
                    for i in 0..<count {
                        let cx = Double(from + i) + 0.5
                        var c = 1.0
                        for s in shapes {
                            c *= Self.coverage(s, cx, cy, lines, roundings)
                            if c <= 0 { break }
                        }
                        if c > 0, let hole { c *= 1 - Self.coverage(hole, cx, cy, lines, roundings) }
                        out[i] = UInt8(Compositor.byte(c))
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func coverage(_ s: Shape, _ x: Double, _ y: Double, _ lines: UnsafeBufferPointer<Line>,
                                 _ roundings: UnsafeBufferPointer<SoftShape.Rounding>) -> Double {
        var c = 1.0
        if s.paired {
            let k = s.sides.lowerBound
            @inline(__always) func area(_ i: Int) -> Double {
                let l = lines[k + i]
                return l.area(l.a * x + l.b * y + l.c)
            }
            c = max(area(0) + area(2) - 1, 0) * max(area(1) + area(3) - 1, 0)
        } else {
            for k in s.sides {
                let l = lines[k]
                c *= l.area(l.a * x + l.b * y + l.c)
                if c <= 0 { return 0 }
            }
        }
        if s.rounding >= 0 { c = min(c, roundings[s.rounding].arcCoverage(x, y)) }
        return c
    }

    // MARK: per row

    /// Calls `run(from, to, full)` for the runs of row `y` within
    /// [minX, maxX) the item may touch, left to right; `full` runs are
    /// wholly covered. The runs depend on the row only, never on which part
    /// of it is asked for, so a pixel's value is the same whatever region is
    /// drawn.
    @inline(__always)
    func runs(y: Int, minX: Int, maxX: Int, _ run: (Int, Int, Bool) -> Void) {
        let cy = Double(y) + 0.5
        var outer = (-Double.infinity, Double.infinity)
        var full = outer
        var holeOuter = outer, holeFull = outer
        lines.withUnsafeBufferPointer { lines in
            for k in 0..<hullCount { Self.bound(lines[k], y: cy, threshold: 0, hard: true, &outer) }
            full = outer
            for s in shapes { Self.soft(s, y: cy, lines, outer: &outer, full: &full) }
            if let hole { Self.soft(hole, y: cy, lines, outer: &holeOuter, full: &holeFull) }
            // Rounded shapes' arcs, solved on the row (their cores above were their sides).
            roundings.withUnsafeBufferPointer { roundings in
                cornerRows.withUnsafeBufferPointer { rows in
                    for s in shapes where s.arcs {
                        let crossed = ArcSpans.crossedCorners(rows[s.rounding], y: cy)
                        guard ArcSpans.crossesAny(crossed) else { continue }
                        ArcSpans.cut(roundings[s.rounding], crossed: crossed, y: cy, outer: &outer, full: &full)
                    }
                    if let hole, hole.arcs {
                        let crossed = ArcSpans.crossedCorners(rows[hole.rounding], y: cy)
                        if ArcSpans.crossesAny(crossed) {
                            ArcSpans.cut(roundings[hole.rounding], crossed: crossed, y: cy, outer: &holeOuter,
                                         full: &holeFull)
                        }
                    }
                }
            }
        }
        full = (max(full.0, outer.0), min(full.1, outer.1))
        let (start, end) = RowSolver.range(outer.0, outer.1, minX: minX, maxX: maxX)
        guard start < end else { return }
        var (fullStart, fullEnd) = RowSolver.range(full.0, full.1, minX: start, maxX: end)
        if fullStart >= fullEnd { fullStart = end; fullEnd = end }
        guard hole != nil else {
            if start < fullStart { run(start, fullStart, false) }
            if fullStart < fullEnd { run(fullStart, fullEnd, true) }
            if fullEnd < end { run(fullEnd, end, false) }
            return
        }
        // The hole's outer range is partial, its full range left out.
        holeFull = (max(holeFull.0, holeOuter.0), min(holeFull.1, holeOuter.1))
        var (holeStart, holeEnd) = RowSolver.range(holeOuter.0, holeOuter.1, minX: start, maxX: end)
        if holeStart >= holeEnd { holeStart = end; holeEnd = end }
        var (skipStart, skipEnd) = RowSolver.range(holeFull.0, holeFull.1, minX: holeStart, maxX: holeEnd)
        if skipStart >= skipEnd { skipStart = holeEnd; skipEnd = holeEnd }
        // Left of the hole, the hole's own band, (the skipped middle), its far band, right of it.
        Self.split(start, holeStart, fullStart, fullEnd, run)
        if holeStart < skipStart { run(holeStart, skipStart, false) }
        if skipEnd < holeEnd { run(skipEnd, holeEnd, false) }
        Self.split(holeEnd, end, fullStart, fullEnd, run)
    }

    /// The one run of row y within [minX, maxX) of a simple region (hull
    /// and cuts only, `isSimple`), all of it full; empty when start >= end.
    /// What `runs` gives such a region: its full range is its outer one.
    /// (Its row bound repeats `runs`' hull line on purpose: a helper shared by
    /// both cost W2 and shapes ~0.1 M instructions a frame.)
    @inline(__always)
    func simpleRun(y: Int, minX: Int, maxX: Int) -> (start: Int, end: Int) {
        let cy = Double(y) + 0.5
        var outer = (-Double.infinity, Double.infinity)
        lines.withUnsafeBufferPointer { lines in
            for k in 0..<hullCount { Self.bound(lines[k], y: cy, threshold: 0, hard: true, &outer) }
        }
        return RowSolver.range(outer.0, outer.1, minX: minX, maxX: maxX)
    }

    /// [a, b) cut into partial and full runs by the full range.
    @inline(__always)
    private static func split(_ a: Int, _ b: Int, _ fullStart: Int, _ fullEnd: Int, _ run: (Int, Int, Bool) -> Void) {
        guard a < b else { return }
        let f0 = min(max(fullStart, a), b), f1 = min(max(fullEnd, f0), b)
        if a < f0 { run(a, f0, false) }
        if f0 < f1 { run(f0, f1, true) }
        if f1 < b { run(f1, b, false) }
    }

    /// How far past a pixel's reach a soft side's bounds are taken, in
    /// pixels: far above the rounding of the distances, far below a pixel.
    static let softMargin = 1e-9

    /// `range` cut to the pixel indices of the row at y whose centres are
    /// inside `line` by more than its reach plus the margin (`full`: the
    /// pixel is wholly inside) or not outside by more than that (else: it
    /// may be touched).
    @inline(__always)
    private static func softBound(_ line: Line, y: Double, full: Bool, _ range: inout (Double, Double)) {
        guard line.linearRows else {
            let threshold = full ? line.reach + softMargin : -line.reach - softMargin
            return bound(line, y: y, threshold: threshold, hard: false, &range)
        }
        let q = (full ? line.fullQ0 : line.outerQ0) + y * line.dq
        if line.a > 0 { range.0 = max(range.0, q) } else { range.1 = min(range.1, q) }
    }

    /// Pixel indices i whose centre (i + 0.5, y) is at least `threshold` inside `line`.
    @inline(__always)
    private static func bound(_ line: Line, y: Double, threshold: Double, hard: Bool, _ range: inout (Double, Double)) {
        RowSolver.bounds(EdgeLine(a: line.a, b: line.b, c: line.c), y: y, threshold: threshold,
                         lo: &range.0, hi: &range.1, hard: hard)
    }

    /// The outer and full ranges of a soft shape on row y.
    @inline(__always)
    private static func soft(_ s: Shape, y: Double, _ lines: UnsafeBufferPointer<Line>,
                             outer: inout (Double, Double), full: inout (Double, Double)) {
        for k in s.sides { softBound(lines[k], y: y, full: false, &outer) }
        if s.arcs {
            // Within the sides; `ArcSpans` cuts the corners off afterwards.
            var r = (-Double.infinity, Double.infinity)
            for k in s.sides { softBound(lines[k], y: y, full: true, &r) }
            full = (max(full.0, r.0), min(full.1, r.1))
            return
        }
        // Full coverage: inside one core at least (the union of overlapping
        // intervals is an interval; of disjoint ones the wider is kept).
        var best: (Double, Double)?
        for which in 0..<s.cores {
            let core = which == 0 ? s.core0 : which == 1 ? s.core1 : s.core2
            var r = (-Double.infinity, Double.infinity)
            for k in core { softBound(lines[k], y: y, full: true, &r) }
            guard r.0 <= r.1 else { continue }
            if let b = best {
                best = r.0 <= b.1 && r.1 >= b.0 ? (min(b.0, r.0), max(b.1, r.1)) : (r.1 - r.0 > b.1 - b.0 ? r : b)
            } else {
                best = r
            }
        }
        if let best { full = (max(full.0, best.0), min(full.1, best.1)) } else { full = (.infinity, -.infinity) }
    }
}
