import CCairo
import StrataModel

extension DirectRenderer {
    /// An emitter's particles in draw order, each centred on its position,
    /// scaled and rotated: a built-in shape filled with the particle's color
    /// (Cairo), or an image multiplied by it (SpriteBlitter, straight into
    /// the target's pixels). `additive` adds light (Cairo's ADD on
    /// premultiplied pixels). `cr` has the emitter layer's matrix.
    func drawParticles(_ content: ParticleContent, alpha: Double, cr: OpaquePointer) {
        var base = cairo_matrix_t()
        cairo_get_matrix(cr, &base)
        if content.additive { cairo_set_operator(cr, CAIRO_OPERATOR_ADD) }
        defer {
            cairo_set_matrix(cr, &base)
            if content.additive { cairo_set_operator(cr, CAIRO_OPERATOR_OVER) }
        }
        let hasImages = content.particles.contains { if case .image = $0.sprite { return true } else { return false } }
        guard hasImages else {
            for p in content.particles { fillShapeParticle(p, base: base, alpha: alpha, cr: cr) }
            return
        }
        if let (surface, target) = directTarget(cr) {
            drawParticleList(content, alpha: alpha, base: base, shapes: cr, surface: surface, target: target)
        } else {
            drawParticlesThroughScratch(content, alpha: alpha, base: base, cr: cr)
        }
    }

    /// Draws every particle in order into `target` (the pixels of `surface`):
    /// images through the blitter, shapes with `shapes` (a context on `surface`).
    func drawParticleList(_ content: ParticleContent, alpha: Double, base: cairo_matrix_t,
                                  shapes: OpaquePointer, surface: OpaquePointer, target: BlitTarget) {
        var shapeBase = cairo_matrix_t()
        cairo_get_matrix(shapes, &shapeBase)
        // Cairo and direct writes take turns on the same pixels: flush Cairo
        // before writing, mark the surface dirty before Cairo draws again.
        var written = false, flushed = false
        for p in content.particles {
            guard case .image(let image) = p.sprite else {
                if written { cairo_surface_mark_dirty(surface); written = false }
                flushed = false
                fillShapeParticle(p, base: shapeBase, alpha: alpha, cr: shapes)
                continue
            }
            if !flushed { cairo_surface_flush(surface); flushed = true }
            blitImageParticle(p, image, base: base, alpha: alpha, additive: content.additive, into: target)
            written = true
        }
        if written { cairo_surface_mark_dirty(surface) }
        cairo_set_matrix(shapes, &shapeBase)
    }

    /// One image particle: the shown part of the image fills the particle's
    /// size around its centre, turned by its angle, times its color.
    private func blitImageParticle(_ p: Particle, _ image: ParticleImage, base: cairo_matrix_t, alpha: Double,
                                   additive: Bool, into target: BlitTarget) {
        let size = image.size
        let w = size.width * p.scale, h = size.height * p.scale
        guard w > 0, h > 0, w.isFinite, h.isFinite else { return }
        let shown = image.shownPixels
        guard shown.width > 0, shown.height > 0 else { return }
        let a = CairoPath.unit(p.color.alpha) * CairoPath.unit(alpha)
        guard a > 0 else { return }
        var m = base
        cairo_matrix_translate(&m, p.center.x, p.center.y)
        if p.angle != 0 { cairo_matrix_rotate(&m, p.angle) }
        cairo_matrix_scale(&m, w / Double(shown.width), h / Double(shown.height))
        cairo_matrix_translate(&m, -Double(shown.width) / 2, -Double(shown.height) / 2)
        // Premultiplied, in memory order (blue, green, red, alpha).
        let color = SIMD4<Double>(CairoPath.unit(p.color.blue) * a, CairoPath.unit(p.color.green) * a,
                                  CairoPath.unit(p.color.red) * a, a)
        guard let texels = spriteTextures.texels(for: image) else { return }
        texels.withUnsafeBufferPointer { buffer in
            guard let pixels = buffer.baseAddress else { return }
            SpriteBlitter.draw(SpriteBlitter.Texture(pixels: pixels, width: shown.width, height: shown.height),
                               toDevice: Affine(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0),
                               color: color, additive: additive, into: target)
        }
    }

    /// A built-in shape particle, filled with Cairo.
    private func fillShapeParticle(_ p: Particle, base: cairo_matrix_t, alpha: Double, cr: OpaquePointer) {
        let size = p.sprite.size
        let w = size.width * p.scale, h = size.height * p.scale
        guard w > 0, h > 0, w.isFinite, h.isFinite else { return }
        var m = base
        cairo_matrix_translate(&m, p.center.x, p.center.y)
        if p.angle != 0 { cairo_matrix_rotate(&m, p.angle) }
        cairo_set_matrix(cr, &m)
        switch p.sprite {
        case .image:
            return
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
}
