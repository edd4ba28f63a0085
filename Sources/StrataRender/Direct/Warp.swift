/// The perspective compositor's inner loop: draws a premultiplied ARGB32
/// bitmap through a projective map, OVER a premultiplied ARGB32 destination.
///
/// Pixman's projective path is unusable (stack-notes.md), so this is our own:
/// per destination pixel one homography step (incremental along the row, one
/// divide), a bilinear fetch with clamp-to-edge addressing, and coverage
/// from the signed distance to the polygon's edges, so edges are smooth
/// however the bitmap is minified. No allocation per pixel.
enum Warp {
    /// A destination bitmap and where its pixel (0, 0) sits in surface pixels.
    struct Target {
        var pixels: UnsafeMutablePointer<UInt32>
        var width: Int
        var height: Int
        /// In pixels (UInt32s), not bytes.
        var stride: Int
        var originX: Int
        var originY: Int
    }

    struct Source {
        var pixels: UnsafePointer<UInt32>
        var width: Int
        var height: Int
        var stride: Int
    }

    /// One edge line `a x + b y + c` (unit normal, positive inside).
    private struct Edge { var a, b, c: Double; var hard: Bool }

    /// Composites `source` OVER `target` inside `polygon` (surface pixels).
    /// - Parameters:
    ///   - toSource: surface pixel coordinates -> source pixel coordinates
    ///     (pixel centres at i + 0.5); must have W > 0 inside the polygon.
    ///   - alpha: 0...1, multiplies everything.
    static func composite(_ source: Source, toSource k: Homography, polygon: ConvexPolygon,
                          alpha: Double, into target: Target) {
        guard source.width > 0, source.height > 0, alpha > 0, !polygon.isEmpty else { return }
        let edges = edgeLines(polygon)
        guard !edges.isEmpty else { return }
        let alpha256 = UInt32(max(0, min(256, (alpha * 256).rounded())))
        let maxX = Double(source.width) - 0.5, maxY = Double(source.height) - 0.5
        let sw1 = source.width - 1, sh1 = source.height - 1
        for j in 0..<target.height {
            let y = Double(target.originY + j) + 0.5
            guard let span = rowSpan(edges, y: y, target: target) else { continue }
            let row = target.pixels + j * target.stride
            let x0 = Double(target.originX) + 0.5
            var cx = x0 + Double(span.start)
            // Homogeneous source coordinates at the first pixel, stepped per pixel.
            var hx = k.a11 * cx + k.a21 * y + k.a31
            var hy = k.a12 * cx + k.a22 * y + k.a32
            var hw = k.a13 * cx + k.a23 * y + k.a33
            for i in span.start..<span.end {
                defer { hx += k.a11; hy += k.a12; hw += k.a13; cx += 1 }
                var cover = alpha256
                if i < span.innerStart || i >= span.innerEnd {
                    let c = coverage(edges, cx, y)
                    if c <= 0 { continue }
                    cover = UInt32((c * Double(alpha256)).rounded())
                    if cover == 0 { continue }
                }
                guard hw > 0 else { continue }
                // Clamp before converting: far outside (or NaN) lands on the edge texels.
                var u = hx / hw - 0.5, v = hy / hw - 0.5
                u = u >= -0.5 ? min(u, maxX) : -0.5
                v = v >= -0.5 ? min(v, maxY) : -0.5
                let fu = u.rounded(.down), fv = v.rounded(.down)
                let tu = UInt32((u - fu) * 256), tv = UInt32((v - fv) * 256)
                let iu = Int(fu), iv = Int(fv)
                let u0 = max(iu, 0), u1 = min(iu + 1, sw1)
                let v0 = max(iv, 0), v1 = min(iv + 1, sh1)
                let r0 = source.pixels + v0 * source.stride, r1 = source.pixels + v1 * source.stride
                let top = lerp(r0[u0], r0[u1], tu), bottom = lerp(r1[u0], r1[u1], tu)
                var p = lerp(top, bottom, tv)
                if cover < 256 { p = scale(p, cover) }
                let a = p >> 24
                if a == 0 { continue }
                row[i] = a == 255 ? p : p &+ scale(row[i], 256 - (a + (a >> 7)))
            }
        }
    }

    /// `p * (256 - t) + q * t`, per channel, t in 0...256.
    @inline(__always)
    static func lerp(_ p: UInt32, _ q: UInt32, _ t: UInt32) -> UInt32 {
        if t == 0 || p == q { return p }
        let s = 256 - t
        let rb = (((p & 0xFF00FF) &* s &+ (q & 0xFF00FF) &* t) >> 8) & 0xFF00FF
        let ag = (((p >> 8) & 0xFF00FF) &* s &+ ((q >> 8) & 0xFF00FF) &* t) & 0xFF00FF00
        return rb | ag
    }

    /// Every channel times c / 256, c in 0...256.
    @inline(__always)
    static func scale(_ p: UInt32, _ c: UInt32) -> UInt32 {
        let rb = (((p & 0xFF00FF) &* c) >> 8) & 0xFF00FF
        let ag = (((p >> 8) & 0xFF00FF) &* c) & 0xFF00FF00
        return rb | ag
    }

    /// Unit-normal edge lines, positive inside, whatever the winding.
    private static func edgeLines(_ p: ConvexPolygon) -> [Edge] {
        EdgeLine.orientedSides(of: p).map { Edge(a: $0.line.a, b: $0.line.b, c: $0.line.c, hard: p.hard[$0.side]) }
    }

    /// Anti-aliased coverage of the pixel centred at (x, y): the smallest
    /// clamped distance over soft edges (exact for one straight edge across
    /// the pixel); hard edges take the pixel centre, ties by a top-left rule
    /// so that two pieces sharing a hard edge never both draw a pixel.
    @inline(__always)
    private static func coverage(_ edges: [Edge], _ x: Double, _ y: Double) -> Double {
        var c = 1.0
        for e in edges {
            let d = e.a * x + e.b * y + e.c
            if e.hard {
                if d > 0 || (d == 0 && (e.a > 0 || (e.a == 0 && e.b > 0))) { continue }
                return 0
            }
            c = min(c, d + 0.5)
            if c <= 0 { return 0 }
        }
        return c
    }

    /// Pixels of row `y` that may be covered, and the inner part that surely is fully covered.
    private static func rowSpan(_ edges: [Edge], y: Double, target: Target)
        -> (start: Int, end: Int, innerStart: Int, innerEnd: Int)? {
        var lo = -Double.infinity, hi = Double.infinity
        var innerLo = -Double.infinity, innerHi = Double.infinity
        for e in edges {
            let rest = e.b * y + e.c
            let reach = e.hard ? 0.0 : 0.5
            if abs(e.a) < 1e-12 {
                if rest < -reach { return nil }
                if rest < reach + 1e-9 { innerLo = .infinity }
                continue
            }
            // a x + rest >= -reach (may cover) and >= reach (fully covers).
            let outer = (-reach - rest) / e.a, inner = (reach + 1e-9 - rest) / e.a
            if e.a > 0 { lo = max(lo, outer); innerLo = max(innerLo, inner) } else { hi = min(hi, outer); innerHi = min(innerHi, inner) }
        }
        let origin = Double(target.originX) + 0.5
        func index(_ x: Double) -> Double { max(-1, min(Double(target.width) + 1, x - origin)) }
        let start = max(0, Int(index(lo).rounded(.down)))
        let end = min(target.width, Int(index(hi).rounded(.up)) + 1)
        guard start < end else { return nil }
        var innerStart = Int(index(innerLo).rounded(.up)) + 1
        var innerEnd = Int(index(innerHi).rounded(.down)) - 1
        if innerLo.isNaN || innerHi.isNaN || innerStart >= innerEnd { innerStart = end; innerEnd = end }
        innerStart = max(innerStart, start); innerEnd = min(innerEnd, end)
        return (start, end, innerStart, innerEnd)
    }
}
