import CCairo
import StrataModel

extension FrameRenderer {
    /// Image pixels per device pixel above which contents are sampled
    /// rather than filtered (the largest image, 8192 pixels a side, then
    /// covers at most 8 device pixels).
    static let maxFilteredShrink = 1024.0

    /// Draws the layer's `contents` bitmap (already decoded) with its
    /// gravity, contentsRect and nine-slice; `cr` has the layer's matrix.
    /// With masksToBounds the image is clipped to the rounded bounds;
    /// otherwise it may overflow them, as in Core Animation.
    func drawImage(_ image: RenderImage, node: RenderNode, alpha: Double, cr: OpaquePointer) {
        let patches = ContentsLayout.patches(of: image, in: node.bounds)
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
            if node.masksToBounds {
                addBoundsPath(node, cr: cr)
                cairo_clip(cr)
            }
            let pattern = cairo_pattern_create_for_surface(surface)!
            defer { cairo_pattern_destroy(pattern) }
            // Edge pixels repeat outward, so slices and a contentsRect past the image show no seams.
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            var ctm = cairo_matrix_t()
            cairo_get_matrix(cr, &ctm)
            let deviceScale = abs(ctm.xx * ctm.yy - ctm.xy * ctm.yx).squareRoot()
            for patch in patches where patch.source.width > 0 && patch.source.height > 0 {
                let s = patch.source, d = patch.destination
                // Pattern space (image pixels) from user space (points): the inverse of dest <- source.
                let sx = s.width / d.width, sy = s.height / d.height
                // Cairo's GOOD filter convolves with a kernel as wide as the
                // shrink: a contentsRect of 1e6 image widths would ask for
                // millions of taps (and fail as out of memory). Past
                // `maxFilteredShrink` the image covers a few pixels at most:
                // sampled, not convolved.
                let shrink = max(sx, sy) / max(deviceScale, .leastNormalMagnitude)
                cairo_pattern_set_filter(pattern, shrink <= Self.maxFilteredShrink ? CAIRO_FILTER_GOOD : CAIRO_FILTER_FAST)
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
