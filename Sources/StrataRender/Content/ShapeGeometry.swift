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
