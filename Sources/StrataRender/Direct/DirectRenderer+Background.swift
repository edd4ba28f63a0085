import CCairo
import StrataModel

extension DirectRenderer {
    /// The frame's first pass. Usually the root layer is the canvas and its
    /// background covers every pixel: then painting that colour with
    /// CAIRO_OPERATOR_SOURCE gives the very bytes clearing the frame and
    /// filling the background over it would (a full-coverage OVER onto
    /// transparent pixels is the source itself), in one full-frame pass
    /// instead of two. Returns false, painting nothing, when the root does
    /// anything else first (shadow, mask, group, plane, rounded corners,
    /// rotation, or bounds that leave part of the canvas uncovered).
    func paintCanvasBackground(_ root: RenderNode, cr: OpaquePointer) -> Bool {
        guard let info = nodes.first, info.visible, info.context == nil, info.plane == nil,
              let color = root.backgroundColor, color.alpha > 0,
              root.opacity >= 1, root.mask == nil, root.shadow == nil,
              root.bounds.hasDrawableArea,
              CairoPath.clampedRadius(root.cornerRadius, of: root.bounds) == 0 || root.maskedCorners.isEmpty
        else { return false }
        let m = info.matrix
        // Axis-aligned only: then the bounds map to a device rectangle.
        guard m.xy == 0, m.yx == 0 else { return false }
        let b = root.bounds
        let x0 = m.xx * b.minX + m.x0, x1 = m.xx * b.maxX + m.x0
        let y0 = m.yy * b.minY + m.y0, y1 = m.yy * b.maxY + m.y0
        guard min(x0, x1) <= 0, max(x0, x1) >= Double(frameWidth),
              min(y0, y1) <= 0, max(y0, y1) >= Double(frameHeight) else { return false }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        CairoPath.setSource(cr, color, alpha: 1)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        return true
    }
}
