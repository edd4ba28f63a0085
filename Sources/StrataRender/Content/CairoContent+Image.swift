import CCairo
import Foundation
import StrataModel

extension CairoContent {
    /// Image pixels per device pixel above which contents are sampled
    /// rather than filtered (the largest image, 8192 pixels a side, then
    /// covers at most 8 device pixels).
    static let maxFilteredShrink = 1024.0

    /// Draws a layer's `contents` with its gravity, contentsRect and
    /// nine-slice in `bounds` from `pixmap`, the image's pixels (a still's
    /// own, or media pixels made for the scale `cr` draws at: see
    /// `imagePixels`); `cr` has the layer's matrix. With a `clip`
    /// (masksToBounds: the rounded bounds) the image is clipped to it;
    /// otherwise it may overflow the bounds, as in Core Animation.
    static func drawImage(_ image: RenderImage, pixmap: Pixmap, in bounds: Rect, clip: RoundedRect?, alpha: Double,
                          cr: OpaquePointer) {
        let patches = ContentsLayout.patches(of: image, in: bounds)
        guard !patches.isEmpty else { return }
        // Patches are in units of the natural size; the bitmap may have more
        // pixels (vector media rasterized for a zoom) or other proportions
        // (a video's non-square pixels).
        let natural = image.naturalSize
        guard natural.width > 0, natural.height > 0 else { return }
        let kx = Double(pixmap.width) / natural.width, ky = Double(pixmap.height) / natural.height
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
            var ctm = cairo_matrix_t()
            cairo_get_matrix(cr, &ctm)
            let deviceScale = abs(ctm.xx * ctm.yy - ctm.xy * ctm.yx).squareRoot()
            for patch in patches where patch.source.width > 0 && patch.source.height > 0 {
                let s = patch.source, d = patch.destination
                // Pattern space (bitmap pixels) from user space (points): the inverse of dest <- source.
                let sx = s.width * kx / d.width, sy = s.height * ky / d.height
                // Cairo's GOOD filter convolves with a kernel as wide as the
                // shrink: a contentsRect of 1e6 image widths would ask for
                // millions of taps (and fail as out of memory). Past
                // `maxFilteredShrink` the image covers a few pixels at most:
                // sampled, not convolved.
                let shrink = max(sx, sy) / max(deviceScale, .leastNormalMagnitude)
                cairo_pattern_set_filter(pattern, shrink <= Self.maxFilteredShrink ? CAIRO_FILTER_GOOD : CAIRO_FILTER_FAST)
                var m = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: sy,
                                       x0: s.minX * kx - d.minX * sx, y0: s.minY * ky - d.minY * sy)
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

    /// Device pixels per natural image unit at which `image` shows in
    /// `bounds` through `matrix` (the layer's space -> device pixels): the
    /// largest magnification over both axes and every nine-slice patch.
    static func imageScale(_ image: RenderImage, in bounds: Rect, matrix m: cairo_matrix_t) -> Double {
        // Device pixels per point along the layer's x and y axes.
        let ux = hypot(m.xx, m.yx), uy = hypot(m.xy, m.yy)
        var scale = 0.0
        for p in ContentsLayout.patches(of: image, in: bounds) where p.source.width > 0 && p.source.height > 0 {
            scale = max(scale, ux * p.destination.width / p.source.width, uy * p.destination.height / p.source.height)
        }
        return scale
    }

    /// The bitmap to draw `image` from when it shows at `scale` (see
    /// `imageScale`): a still's own, or the media pixels of that size; nil
    /// when nothing can show.
    static func imagePixels(_ image: RenderImage, scale: Double) throws(MediaError) -> Pixmap? {
        switch image.pixels {
        case .bitmap(let pixmap):
            return pixmap
        case .media(let source, _):
            guard let key = image.mediaKey(scale: scale) else { return nil }
            return try source.pixels(key)
        }
    }
}
