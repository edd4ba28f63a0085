import CCairo
import StrataModel

extension CairoContent {
    /// Draws a layer's `contents` bitmap (already decoded) with its
    /// gravity, contentsRect and nine-slice in `bounds`; `cr` has the
    /// layer's matrix. With a `clip` (masksToBounds: the rounded bounds) the
    /// image is clipped to it; otherwise it may overflow the bounds, as in
    /// Core Animation.
    static func drawImage(_ image: RenderImage, in bounds: Rect, clip: RoundedRect?, alpha: Double, cr: OpaquePointer) {
        let patches = ContentsLayout.patches(of: image, in: bounds)
        guard !patches.isEmpty else { return }
        let pixmap = image.pixmap
        pixmap.pixels.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            // Cairo only reads a source surface; the pointer lives for this closure.
            guard let surface = cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)), CAIRO_FORMAT_ARGB32,
                Int32(pixmap.width), Int32(pixmap.height), Int32(pixmap.width * 4)) else { return }
            defer { cairo_surface_finish(surface); cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return }
            cairo_save(cr)
            if let clip {
                CairoPath.addRoundedRect(cr, clip)
                cairo_clip(cr)
            }
            let pattern = cairo_pattern_create_for_surface(surface)!
            defer { cairo_pattern_destroy(pattern) }
            // Edge pixels repeat outward, so slices and a contentsRect past the image show no seams.
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            for patch in patches where patch.source.width > 0 && patch.source.height > 0 {
                let s = patch.source, d = patch.destination
                // Pattern space (image pixels) from user space (points): the inverse of dest <- source.
                let sx = s.width / d.width, sy = s.height / d.height
                var m = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: sy, x0: s.minX - d.minX * sx, y0: s.minY - d.minY * sy)
                cairo_pattern_set_matrix(pattern, &m)
                cairo_set_source(cr, pattern)
                cairo_rectangle(cr, d.minX, d.minY, d.width, d.height)
                if alpha >= 1 {
                    cairo_fill(cr)
                } else {
                    cairo_save(cr)
                    cairo_clip(cr)
                    cairo_paint_with_alpha(cr, alpha)
                    cairo_restore(cr)
                }
            }
            cairo_restore(cr)
        }
    }
}
