import CCairo
import StrataModel

extension DirectRenderer {
    /// Whether the node has content to draw.
    func contentPaints(_ node: RenderNode) -> Bool {
        if case .none = node.content { return false }
        return true
    }

    func contentExtent(_ node: RenderNode) -> Rect? { node.contentExtent }
    func contentFills(_ node: RenderNode) -> Int { node.contentFills }

    /// Draws the node's own content in its bounds space; `cr` already has the
    /// node's matrix. `alpha` multiplies everything drawn.
    func drawContent(_ node: RenderNode, alpha: Double, cr: OpaquePointer) {
        let bounds = node.bounds
        let hasArea = bounds.hasDrawableArea
        let radius = hasArea ? CairoPath.clampedRadius(node.cornerRadius, of: bounds) : 0
        switch node.content {
        case .none:
            return
        case .gradient(let g):
            guard hasArea else { return }
            // A gradient's pixels cost a pass over every pixel (10 ms for a
            // full 1080p frame): kept as a bitmap while it does not change.
            drawRetained(.gradient(g, bounds: bounds, cornerRadius: radius, curve: node.cornerCurve), bounds: bounds,
                         alpha: alpha, cr: cr) { bitmap in
                CairoPath.addRoundedRect(bitmap, bounds, radius: radius, curve: node.cornerCurve)
                cairo_clip(bitmap)
                CairoContent.drawGradient(g, in: bounds, alpha: 1, cr: bitmap)
            }
        case .text(let t):
            guard hasArea else { return }
            cairo_save(cr)
            if node.masksToBounds {
                CairoPath.addRoundedRect(cr, bounds, radius: radius, curve: node.cornerCurve)
            } else {
                cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
            }
            cairo_clip(cr)
            textEngine.draw(t, in: bounds, alpha: alpha, cr: cr)
            cairo_restore(cr)
        case .shape, .particles:
            if node.masksToBounds {
                guard hasArea else { return }
                cairo_save(cr)
                CairoPath.addRoundedRect(cr, bounds, radius: radius, curve: node.cornerCurve)
                cairo_clip(cr)
            }
            if case .shape(let s) = node.content { CairoContent.drawShape(s, alpha: alpha, cr: cr) }
            if case .particles(let p) = node.content { drawParticles(p, alpha: alpha, cr: cr) }
            if node.masksToBounds { cairo_restore(cr) }
        }
    }
}
