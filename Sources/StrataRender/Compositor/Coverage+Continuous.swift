import StrataModel

extension RoundedRect {
    /// The continuous corner's curve for this rect's radius and sides.
    var continuousOutline: ContinuousCorner.Outline {
        ContinuousCorner.Outline(radius: radius, half: min(rect.width, rect.height) / 2)
    }
}

extension SoftShape.Rounding {
    /// Near a continuous corner, the share of the pixel inside the curve
    /// (1 elsewhere), from the signed distance to the curve in the shape's
    /// space (`px`, `py`) scaled to surface pixels at (x, y).
    func continuousCoverage(_ px: Double, _ py: Double, _ x: Double, _ y: Double) -> Double {
        guard let outline else { return 1 }
        let rect = shape.rect, e = outline.reach
        let left = px < rect.minX + e, right = px > rect.maxX - e
        let top = py < rect.minY + e, bottom = py > rect.maxY - e
        // The corner's frame: u along the horizontal edge from the corner, v into the shape.
        let corner: CornerMask, u: Double, v: Double
        switch (left, right, top, bottom) {
        case (true, _, true, _): corner = .minXMinY; u = py - rect.minY; v = px - rect.minX
        case (_, true, true, _): corner = .maxXMinY; u = rect.maxX - px; v = py - rect.minY
        case (true, _, _, true): corner = .minXMaxY; u = px - rect.minX; v = rect.maxY - py
        case (_, true, _, true): corner = .maxXMaxY; u = rect.maxY - py; v = rect.maxX - px
        default: return 1
        }
        guard shape.corners.contains(corner) else { return 1 }
        // The curve is symmetric about its diagonal, so which edge is u does not matter.
        let outside = outline.signedDistance(u: u, v: v)
        guard outside.isFinite else { return outside < 0 ? 1 : 0 }
        let scale = pixelsPerUnit ?? localScale(x, y)
        return min(max(0.5 - outside * scale, 0), 1)
    }
}
