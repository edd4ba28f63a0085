/// A convex polygon in screen-depth space: x, y in surface pixels and z the
/// depth after the perspective divide (Z / W; larger is nearer the viewer,
/// as zPosition is). Edge i runs from point i to i + 1; `hard` edges came
/// from splits.
struct DepthPolygon {
    var xs: [Double], ys: [Double], zs: [Double]
    var hard: [Bool]
    /// Which plane (leaf layer) it belongs to.
    var leaf: Int

    var count: Int { xs.count }

    /// The 2D outline on screen (z dropped).
    var outline: ConvexPolygon {
        var p = ConvexPolygon()
        p.xs = xs; p.ys = ys; p.hard = hard
        return p
    }
}

/// Back-to-front order for the planes of a CATransformLayer's 3D context.
///
/// A BSP tree (Fuchs, Kedem, Naylor 1980) in screen-depth space, where the
/// projection is orthographic along z, so a plane's "front side" test
/// against a viewer at z = +infinity is the sign of its normal's z. Planes
/// that cross are split; the pieces share exact vertices and their shared
/// edges are hard, so they tile without seams. This orders any set of
/// planes correctly, intersecting ones included. Beyond `maxPlanes` planes
/// (or when splitting would exceed `maxFragments`) it falls back to a
/// painter's sort by centroid depth, which can misorder large planes.
enum DepthSort {
    static let maxPlanes = 256
    static let maxFragments = 4096

    static func backToFront(_ polygons: [DepthPolygon]) -> [DepthPolygon] {
        let usable = polygons.filter { $0.count >= 3 }
        guard usable.count > 1 else { return usable }
        if usable.count <= maxPlanes {
            var budget = maxFragments
            var scale = 1.0
            for p in usable { for i in 0..<p.count { scale = max(scale, abs(p.xs[i]), abs(p.ys[i]), abs(p.zs[i])) } }
            var out: [DepthPolygon] = []
            if build(usable, epsilon: scale * 1e-9, budget: &budget, into: &out) { return out }
        }
        return painterSort(usable)
    }

    /// Stable sort by the mean depth of each polygon's points, far first.
    static func painterSort(_ polygons: [DepthPolygon]) -> [DepthPolygon] {
        polygons.enumerated().map { (i, p) in (i, p, p.zs.reduce(0, +) / Double(p.count)) }
            .sorted { ($0.2, $0.0) < ($1.2, $1.0) }.map(\.1)
    }

    /// Builds and walks the tree at once; false when the fragment budget runs out.
    private static func build(_ polygons: [DepthPolygon], epsilon: Double, budget: inout Int,
                              into out: inout [DepthPolygon]) -> Bool {
        guard let splitter = polygons.first else { return true }
        guard let plane = plane(of: splitter) else {
            // A degenerate polygon draws nothing and splits nothing.
            return build(Array(polygons.dropFirst()), epsilon: epsilon, budget: &budget, into: &out)
        }
        var front: [DepthPolygon] = [], back: [DepthPolygon] = [], coplanar: [DepthPolygon] = [splitter]
        for p in polygons.dropFirst() {
            let d = (0..<p.count).map { plane.nx * p.xs[$0] + plane.ny * p.ys[$0] + plane.nz * p.zs[$0] + plane.d }
            let hasFront = d.contains { $0 > epsilon }, hasBack = d.contains { $0 < -epsilon }
            switch (hasFront, hasBack) {
            case (false, false): coplanar.append(p)
            case (true, false): front.append(p)
            case (false, true): back.append(p)
            case (true, true):
                budget -= 1
                if budget < 0 { return false }
                let (f, b) = split(p, distances: d, epsilon: epsilon)
                if f.count >= 3 { front.append(f) }
                if b.count >= 3 { back.append(b) }
            }
        }
        let (first, last) = plane.nz >= 0 ? (back, front) : (front, back)
        guard build(first, epsilon: epsilon, budget: &budget, into: &out) else { return false }
        out.append(contentsOf: coplanar)
        return build(last, epsilon: epsilon, budget: &budget, into: &out)
    }

    /// Plane through the polygon (Newell's normal), or nil when degenerate.
    private static func plane(of p: DepthPolygon) -> (nx: Double, ny: Double, nz: Double, d: Double)? {
        var nx = 0.0, ny = 0.0, nz = 0.0, cx = 0.0, cy = 0.0, cz = 0.0
        for i in 0..<p.count {
            let j = i + 1 == p.count ? 0 : i + 1
            nx += (p.ys[i] - p.ys[j]) * (p.zs[i] + p.zs[j])
            ny += (p.zs[i] - p.zs[j]) * (p.xs[i] + p.xs[j])
            nz += (p.xs[i] - p.xs[j]) * (p.ys[i] + p.ys[j])
            cx += p.xs[i]; cy += p.ys[i]; cz += p.zs[i]
        }
        let len = (nx * nx + ny * ny + nz * nz).squareRoot()
        guard len > 0, len.isFinite else { return nil }
        nx /= len; ny /= len; nz /= len
        let n = Double(p.count)
        return (nx, ny, nz, -(nx * cx + ny * cy + nz * cz) / n)
    }

    /// Splits a convex polygon by the plane whose signed distances are
    /// `d`; the intersection points are computed once and shared.
    private static func split(_ p: DepthPolygon, distances d: [Double], epsilon: Double)
        -> (DepthPolygon, DepthPolygon) {
        var f = DepthPolygon(xs: [], ys: [], zs: [], hard: [], leaf: p.leaf)
        var b = f
        let n = p.count
        func side(_ v: Double) -> Int { v > epsilon ? 1 : (v < -epsilon ? -1 : 0) }
        for i in 0..<n {
            let j = i + 1 == n ? 0 : i + 1
            let si = side(d[i]), sj = side(d[j])
            if si >= 0 {
                f.xs.append(p.xs[i]); f.ys.append(p.ys[i]); f.zs.append(p.zs[i])
                f.hard.append(sj >= 0 || si > 0 ? p.hard[i] : true)
            }
            if si <= 0 {
                b.xs.append(p.xs[i]); b.ys.append(p.ys[i]); b.zs.append(p.zs[i])
                b.hard.append(sj <= 0 || si < 0 ? p.hard[i] : true)
            }
            if si * sj < 0 {
                let t = d[i] / (d[i] - d[j])
                let x = p.xs[i] + (p.xs[j] - p.xs[i]) * t
                let y = p.ys[i] + (p.ys[j] - p.ys[i]) * t
                let z = p.zs[i] + (p.zs[j] - p.zs[i]) * t
                f.xs.append(x); f.ys.append(y); f.zs.append(z)
                f.hard.append(si > 0 ? true : p.hard[i])
                b.xs.append(x); b.ys.append(y); b.zs.append(z)
                b.hard.append(si < 0 ? true : p.hard[i])
            }
        }
        return (f, b)
    }
}
