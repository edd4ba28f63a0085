import CCairo
import StrataModel

extension FrameRenderer {
    /// An emitter's particles in draw order, each a built-in sprite centred
    /// on its position, scaled and rotated, filled with its color.
    /// `additive` adds light (Cairo's ADD on premultiplied pixels).
    func drawParticles(_ content: ParticleContent, alpha: Double, cr: OpaquePointer) {
        var base = cairo_matrix_t()
        cairo_get_matrix(cr, &base)
        if content.additive { cairo_set_operator(cr, CAIRO_OPERATOR_ADD) }
        for p in content.particles {
            let size = p.sprite.size
            let w = size.width * p.scale, h = size.height * p.scale
            guard w > 0, h > 0, w.isFinite, h.isFinite else { continue }
            var m = base
            cairo_matrix_translate(&m, p.center.x, p.center.y)
            if p.angle != 0 { cairo_matrix_rotate(&m, p.angle) }
            cairo_set_matrix(cr, &m)
            switch p.sprite {
            case .rect:
                cairo_rectangle(cr, -w / 2, -h / 2, w, h)
            case .circle:
                if w == h {
                    cairo_arc(cr, 0, 0, w / 2, 0, 2 * Double.pi)
                } else {
                    cairo_save(cr)
                    cairo_scale(cr, w / 2, h / 2)
                    cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
                    cairo_restore(cr)  // keeps the path, drops the scale
                }
            }
            CairoPath.setSource(cr, p.color, alpha: alpha)
            cairo_fill(cr)
        }
        cairo_set_matrix(cr, &base)
        if content.additive { cairo_set_operator(cr, CAIRO_OPERATOR_OVER) }
    }
}
