import CCairo
import StrataModel

/// What a shape layer paints, decided from its resolved values.
enum ShapeGeometry {
    static func fills(_ s: ShapeProperties) -> Bool {
        guard let c = s.fillColor else { return false }
        return c.alpha > 0
    }

    static func strokes(_ s: ShapeProperties) -> Bool {
        guard let c = s.strokeColor, c.alpha > 0 else { return false }
        return s.lineWidth > 0 && s.strokeEnd > s.strokeStart
    }

    /// A box holding everything the shape paints, in its layer's space: the
    /// control points' box (it holds the curves), grown by how far a stroke
    /// can reach past the path (a miter spike is at most miterLimit x half
    /// the width; a square cap reaches half the width times √2), plus a
    /// point for anti-aliasing.
    static func extent(of s: ShapeProperties) -> Rect? {
        guard let path = s.path, let box = path.controlPointBounds else { return nil }
        let fill = fills(s), stroke = strokes(s)
        guard fill || stroke else { return nil }
        var pad = 1.0
        if stroke {
            let join = s.lineJoin == .miter ? max(s.miterLimit, 1.5) : 1.5
            pad += s.lineWidth / 2 * join
        }
        let r = Rect(box.minX - pad, box.minY - pad, box.width + 2 * pad, box.height + 2 * pad)
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return nil }
        return r
    }
}

/// The box of every particle, rotated any way (a sprite's half diagonal
/// around its centre), plus a point for anti-aliasing.
enum ParticleGeometry {
    static func extent(of content: ParticleContent) -> Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in content.particles {
            let s = p.sprite.size
            let r = 0.5 * (s.width * s.width + s.height * s.height).squareRoot() * p.scale + 1
            guard r.isFinite else { continue }
            minX = min(minX, p.center.x - r); maxX = max(maxX, p.center.x + r)
            minY = min(minY, p.center.y - r); maxY = max(maxY, p.center.y + r)
        }
        guard minX < maxX, minY < maxY else { return nil }
        return Rect(minX, minY, maxX - minX, maxY - minY)
    }
}

extension ShapeGeometry {
    /// The box the stroke paints in, in the layer's space. Trimmed by
    /// strokeStart / strokeEnd, it is the box of the part in the window
    /// (the path flattened at `pixelsPerPoint`, as the rasterizer flattens
    /// it, then trimmed by arc length) grown as `extent` grows a stroke: a
    /// stroke being drawn on rasterizes only what it shows so far. Untrimmed,
    /// or with no scale to flatten at, it is `extent`.
    static func strokeExtent(of s: ShapeProperties, pixelsPerPoint: Double?) -> Rect? {
        guard let full = extent(of: s) else { return nil }
        guard strokes(s), s.strokeStart > 0 || s.strokeEnd < 1, let path = s.path,
              let scale = pixelsPerPoint, scale.isFinite, scale > 0,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return full }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return full }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        CairoPath.add(path, cr)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for piece in StrokeTrim.trimmed(StrokeTrim.flatSubpaths(cr), from: s.strokeStart, to: s.strokeEnd) {
            for p in piece.points {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        let join = s.lineJoin == .miter ? max(s.miterLimit, 1.5) : 1.5
        let pad = 1 + s.lineWidth / 2 * join
        let x0 = max(full.minX, minX - pad), y0 = max(full.minY, minY - pad)
        let x1 = min(full.maxX, maxX + pad), y1 = min(full.maxY, maxY + pad)
        guard x0 < x1, y0 < y1 else { return nil }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }
}
