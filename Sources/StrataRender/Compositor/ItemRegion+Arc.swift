extension ItemRegion {
    /// An affine circular rounding as the plain numbers its per-pixel arc
    /// needs, worked out once per item (read per pixel without copying the
    /// whole `SoftShape.Rounding`, and without its rect's computed edges).
    struct Arc: Hashable, Sendable {
        /// Surface pixels -> the shape's space: px = m11 x + (m21 y + m31), py = m12 x + (m22 y + m32).
        var m11, m12, m21, m22, m31, m32: Double
        /// The corner zones' inner bounds in the shape's space (the rect's
        /// edges moved in by the radius): a point left of minX (right of
        /// maxX) and above minY (below maxY) is in a corner's zone.
        var minX, maxX, minY, maxY: Double
        /// The radius (shape units) and surface pixels per shape unit (0 when not affine).
        var radius, pixelsPerUnit: Double

        init(_ r: SoftShape.Rounding) {
            let m = r.toShape, rect = r.shape.rect, radius = r.shape.radius
            (m11, m12, m21, m22, m31, m32) = (m.a11, m.a12, m.a21, m.a22, m.a31, m.a32)
            minX = rect.minX + radius; maxX = rect.maxX - radius
            minY = rect.minY + radius; maxY = rect.maxY - radius
            self.radius = radius
            pixelsPerUnit = r.pixelsPerUnit ?? 0
        }

        /// `c` cut to the arc's coverage at the pixel centred at (x, y)
        /// when that lies in a corner's zone (by distance to the arc). The
        /// point's y is worked out only left or right of the zones' inner
        /// bounds (most pixels of an edge along x are not).
        @inline(__always)
        func cut(_ c: Double, _ x: Double, _ y: Double) -> Double {
            let px = m11 * x + (m21 * y + m31)
            let left = px < minX, right = px > maxX
            guard left || right else { return c }
            let py = m12 * x + (m22 * y + m32)
            let top = py < minY, bottom = py > maxY
            guard top || bottom else { return c }
            let dx = px - (left ? minX : maxX)
            let dy = py - (top ? minY : maxY)
            let outside = (dx * dx + dy * dy).squareRoot() - radius
            let arc = unitClamped(0.5 - outside * pixelsPerUnit)
            return arc < c ? arc : c
        }
    }
}
