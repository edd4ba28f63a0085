import CCairo
import StrataModel

extension DirectRenderer {
    /// The pixels `cr` draws into, when particles can be written there
    /// directly: an ARGB32 image surface (the frame, a group, a plane
    /// bitmap) at one pixel per device unit, clipped to one pixel-aligned
    /// rectangle (or not clipped). Nil otherwise (a rounded or turned clip).
    func directTarget(_ cr: OpaquePointer) -> (OpaquePointer, BlitTarget)? {
        guard let surface = cairo_get_group_target(cr),
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
              let data = cairo_image_surface_get_data(surface) else { return nil }
        var scaleX = 1.0, scaleY = 1.0, offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_scale(surface, &scaleX, &scaleY)
        guard scaleX == 1, scaleY == 1 else { return nil }
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        // The clip in device space (user space with an identity matrix).
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let list = cairo_copy_clip_rectangle_list(cr)
        cairo_restore(cr)
        guard let list else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        var target = BlitTarget(data: UnsafeMutableRawPointer(data), stride: Int(cairo_image_surface_get_stride(surface)),
                                minX: 0, minY: 0, maxX: 0, maxY: 0, offsetX: offsetX, offsetY: offsetY)
        switch list.pointee.num_rectangles {
        case 0:
            return (surface, target)  // everything is clipped away
        case 1:
            let r = list.pointee.rectangles[0]
            let x0 = r.x + offsetX, y0 = r.y + offsetY, x1 = x0 + r.width, y1 = y0 + r.height
            guard [x0, y0, x1, y1].allSatisfy({ $0.isFinite && $0 == $0.rounded() }) else { return nil }
            target.minX = max(0, Int(x0)); target.minY = max(0, Int(y0))
            target.maxX = min(width, Int(x1)); target.maxY = min(height, Int(y1))
            return (surface, target)
        default:
            return nil
        }
    }

    /// Particles under a clip the blitter cannot follow: drawn into a
    /// scratch bitmap covering the clip's extents (only where particles
    /// are), then composited through the clip with the same operator.
    func drawParticlesThroughScratch(_ content: ParticleContent, alpha: Double, base: cairo_matrix_t, cr: OpaquePointer) {
        guard let extent = ParticleGeometry.extent(of: content) else { return }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_restore(cr)
        // The particles' box in device space.
        var m = base
        var dx = [extent.minX, extent.maxX, extent.minX, extent.maxX], dy = [extent.minY, extent.minY, extent.maxY, extent.maxY]
        for i in 0..<4 { cairo_matrix_transform_point(&m, &dx[i], &dy[i]) }
        let minX = max(x1, dx.min()!).rounded(.down), maxX = min(x2, dx.max()!).rounded(.up)
        let minY = max(y1, dy.min()!).rounded(.down), maxY = min(y2, dy.max()!).rounded(.up)
        let side = Double(Limits.maxPixelsPerSide)
        guard minX < maxX, minY < maxY, maxX - minX <= side, maxY - minY <= side else { return }
        let w = Int(maxX - minX), h = Int(maxY - minY)
        guard let scratch = particleScratch.surface(width: w, height: h), let data = cairo_image_surface_get_data(scratch),
              let scr = cairo_create(scratch) else { return }
        defer { cairo_destroy(scr) }
        cairo_set_operator(scr, CAIRO_OPERATOR_CLEAR)
        cairo_rectangle(scr, 0, 0, Double(w), Double(h))
        cairo_fill(scr)
        cairo_set_operator(scr, content.additive ? CAIRO_OPERATOR_ADD : CAIRO_OPERATOR_OVER)
        var shifted = base
        shifted.x0 -= minX; shifted.y0 -= minY
        cairo_set_matrix(scr, &shifted)
        let target = BlitTarget(data: UnsafeMutableRawPointer(data), stride: Int(cairo_image_surface_get_stride(scratch)),
                                minX: 0, minY: 0, maxX: w, maxY: h, offsetX: -minX, offsetY: -minY)
        // The scratch starts clear: OVER and ADD both accumulate from nothing,
        // and the result goes onto the target with the same operator.
        drawParticleList(content, alpha: alpha, base: base, shapes: scr, surface: scratch, target: target)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, scratch, minX, minY)
        cairo_rectangle(cr, minX, minY, Double(w), Double(h))
        cairo_fill(cr)
        cairo_restore(cr)
    }
}

/// The scratch bitmap of particles drawn under a clip, kept per renderer
/// and grown as needed.
final class ParticleScratch {
    private var surface: OpaquePointer?
    private var width = 0, height = 0

    deinit { if let surface { cairo_surface_destroy(surface) } }

    /// A surface at least `w` x `h` pixels (its contents are the caller's to clear).
    func surface(width w: Int, height h: Int) -> OpaquePointer? {
        if let surface, width >= w, height >= h { return surface }
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        let nw = max(w, width), nh = max(h, height)
        width = 0; height = 0
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(nw), Int32(nh)) else { return nil }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(s); return nil }
        surface = s; width = nw; height = nh
        return s
    }
}
