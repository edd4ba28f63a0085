import StrataModel

extension FramePlanner {
    /// A CATransformLayer: draws nothing itself; its sublayers (through
    /// nested transform layers) keep their 3D placement in the flattening
    /// superlayer's space, each a plane with its own subtree flattened into
    /// it, drawn back to front in the order of a BSP tree. A plane split by
    /// another is drawn once per piece, each piece cut along the split by
    /// pixel centres, so the pieces tile without a seam. The transform
    /// layer's opacity multiplies into each plane (it forms no group).
    func planDepthContext(_ node: RenderNode, relative: Transform3D, in context: Context) throws(RenderError) -> Planned {
        var leaves: [(items: [PlanItem], alpha: Double)] = []
        var polygons: [DepthPolygon] = []
        func collect(_ layer: RenderNode, _ toFlat: Transform3D, alpha: Double, moving: Bool) throws(RenderError) {
            var inner = context
            inner.moving = moving
            for child in layer.children {
                let m = child.transform * toFlat
                if child.isTransformLayer {
                    guard child.opacity > 0 else { continue }
                    try collect(child, m, alpha: alpha * min(child.opacity, 1), moving: moving || child.animatesGeometry)
                    continue
                }
                let planned = try plan(child, relative: m, in: inner)
                guard !planned.box.isEmpty, let extent = Self.localExtent(child) else { continue }
                // The plane's outline for sorting: its extent in its own space, in front of the eye.
                let h = Homography(flattening: m).then(context.toSurface)
                let plane = ConvexPolygon(rect: DeviceBox(extent)).clipped(a: h.a13, b: h.a23, c: h.a33 - Self.nearW)
                guard !plane.isEmpty else { continue }
                let outline = plane.mapped { h.project($0, $1) }
                var polygon = DepthPolygon(xs: outline.xs, ys: outline.ys, zs: [], hard: outline.hard, leaf: leaves.count)
                for k in 0..<plane.count {
                    let q = m.apply(x: plane.xs[k], y: plane.ys[k])
                    polygon.zs.append(q.w != 0 ? q.z / q.w : 0)
                }
                leaves.append((planned.items, alpha))
                polygons.append(polygon)
            }
        }
        try collect(node, relative, alpha: min(node.opacity, 1), moving: context.moving || node.animatesGeometry)
        var out = Planned()
        for piece in DepthSort.backToFront(polygons) {
            let leaf = leaves[piece.leaf]
            let cuts = EdgeLine.cuts(of: piece.outline)
            for item in leaf.items { out.append(item.fading(by: leaf.alpha).cut(by: cuts)) }
        }
        return out
    }
}

extension EdgeLine {
    /// The lines of a convex polygon's hard sides (the cuts of a split),
    /// inside positive; the same formula as `sides(of:)`, so two pieces
    /// sharing a cut get exactly opposite lines.
    static func cuts(of p: ConvexPolygon) -> [EdgeLine] {
        let n = p.count
        guard n >= 3, p.hard.contains(true) else { return [] }
        var area = 0.0
        for i in 0..<n {
            let j = i + 1 == n ? 0 : i + 1
            area += p.xs[i] * p.ys[j] - p.xs[j] * p.ys[i]
        }
        guard area != 0, area.isFinite else { return [] }
        let sign = area > 0 ? 1.0 : -1.0
        var lines: [EdgeLine] = []
        for i in 0..<n where p.hard[i] {
            let j = i + 1 == n ? 0 : i + 1
            let a = p.ys[i] - p.ys[j], b = p.xs[j] - p.xs[i]
            let c = p.xs[i] * p.ys[j] - p.xs[j] * p.ys[i]
            let length = (a * a + b * b).squareRoot()
            guard length > 1e-12, length.isFinite else { continue }
            let s = sign / length
            lines.append(EdgeLine(a: a * s, b: b * s, c: c * s))
        }
        return lines
    }
}

extension PlanItem {
    /// The item cut by hard lines (pieces of a split plane).
    func cut(by cuts: [EdgeLine]) -> PlanItem {
        guard !cuts.isEmpty else { return self }
        switch self {
        case .fill(var f): f.clip.cuts += cuts; return .fill(f)
        case .quad(var q): q.clip.cuts += cuts; return .quad(q)
        case .group(var g): g.clip.cuts += cuts; return .group(g)
        }
    }
}
