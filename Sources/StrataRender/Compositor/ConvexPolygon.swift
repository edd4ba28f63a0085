/// A convex polygon in 2D with a flag per edge: edge i runs from point i
/// to point i + 1 (wrapping). A hard edge is one a split made: it is
/// rasterized by pixel centres (no anti-aliasing), so the two pieces of a
/// split plane tile without a seam; other edges get coverage anti-aliasing.
struct ConvexPolygon: Hashable, Sendable {
    var xs: [Double] = []
    var ys: [Double] = []
    var hard: [Bool] = []

    var count: Int { xs.count }
    var isEmpty: Bool { xs.count < 3 }

    /// The rectangle, clockwise on screen (y down), all edges soft.
    init(rect b: DeviceBox) {
        xs = [b.minX, b.maxX, b.maxX, b.minX]
        ys = [b.minY, b.minY, b.maxY, b.maxY]
        hard = [false, false, false, false]
    }

    init() {}

    /// The part where `a x + b y + c >= 0` (Sutherland–Hodgman). The new
    /// edge along the line is hard when `hardCut`.
    func clipped(a: Double, b: Double, c: Double, hardCut: Bool = true) -> ConvexPolygon {
        var out = ConvexPolygon()
        let n = count
        guard n >= 3 else { return out }
        out.xs.reserveCapacity(n + 1); out.ys.reserveCapacity(n + 1); out.hard.reserveCapacity(n + 1)
        for i in 0..<n {
            let j = i + 1 == n ? 0 : i + 1
            let di = a * xs[i] + b * ys[i] + c, dj = a * xs[j] + b * ys[j] + c
            if di >= 0 {
                out.xs.append(xs[i]); out.ys.append(ys[i])
                // The edge from here keeps its flag, cut or not.
                out.hard.append(dj >= 0 ? hard[i] : hard[i])
            }
            if (di >= 0) != (dj >= 0) {
                let t = di / (di - dj)
                out.xs.append(xs[i] + (xs[j] - xs[i]) * t)
                out.ys.append(ys[i] + (ys[j] - ys[i]) * t)
                // Entering: the rest of the original edge; leaving: the cut.
                out.hard.append(di >= 0 ? hardCut : hard[i])
            }
        }
        if out.count < 3 { return ConvexPolygon() }
        return out
    }

    var boundingBox: DeviceBox {
        guard !isEmpty else { return .empty }
        return DeviceBox(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
    }

    /// Each point mapped through `f`.
    func mapped(_ f: (Double, Double) -> (x: Double, y: Double)) -> ConvexPolygon {
        var out = self
        for i in 0..<count {
            let p = f(xs[i], ys[i])
            out.xs[i] = p.x; out.ys[i] = p.y
        }
        return out
    }
}

extension ConvexPolygon {
    /// The part of `rect` (plane units) whose image under `h` is in front of
    /// the eye (W >= `epsilon`) and, when `clip` is given, inside that box of
    /// the image plane. Every constraint is linear in plane coordinates
    /// (X >= minX W ...), so clipping happens before any divide.
    static func visiblePart(of rect: DeviceBox, under h: Homography, nearW epsilon: Double,
                            clip: DeviceBox?) -> ConvexPolygon {
        var p = ConvexPolygon(rect: rect)
        // W = x a13 + y a23 + a33 >= epsilon.
        p = p.clipped(a: h.a13, b: h.a23, c: h.a33 - epsilon)
        guard let clip else { return p }
        // X - minX W >= 0, maxX W - X >= 0, same for Y.
        p = p.clipped(a: h.a11 - clip.minX * h.a13, b: h.a21 - clip.minX * h.a23, c: h.a31 - clip.minX * h.a33)
        p = p.clipped(a: clip.maxX * h.a13 - h.a11, b: clip.maxX * h.a23 - h.a21, c: clip.maxX * h.a33 - h.a31)
        p = p.clipped(a: h.a12 - clip.minY * h.a13, b: h.a22 - clip.minY * h.a23, c: h.a32 - clip.minY * h.a33)
        p = p.clipped(a: clip.maxY * h.a13 - h.a12, b: clip.maxY * h.a23 - h.a22, c: clip.maxY * h.a33 - h.a32)
        return p
    }
}
