import CCairo
import Foundation
import StrataModel

extension FrameRenderer {
    /// Image pixels per device pixel above which contents are sampled
    /// rather than filtered (the largest image, 8192 pixels a side, then
    /// covers at most 8 device pixels).
    static let maxFilteredShrink = 1024.0

    /// Draws the layer's `contents` bitmap with its gravity, contentsRect
    /// and nine-slice; `cr` has the layer's matrix. With masksToBounds the
    /// image is clipped to the rounded bounds; otherwise it may overflow
    /// them, as in Core Animation.
    func drawImage(_ image: RenderImage, node: RenderNode, alpha: Double, cr: OpaquePointer) {
        let patches = ContentsLayout.patches(of: image, in: node.bounds)
        guard !patches.isEmpty, let pixmap = imagePixels(image, patches: patches, node: node, cr: cr) else { return }
        // Patches are in units of the natural size; the bitmap may have more
        // pixels (vector media rasterized for a zoom) or other proportions
        // (a video's non-square pixels).
        let natural = image.naturalSize
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

    /// The bitmap to draw: a still's own, or media pixels made for the
    /// scale at which `cr` draws the patches (the largest magnification of
    /// a natural unit, over both axes and every nine-slice patch). A media
    /// failure is kept for `render` to throw; the image is then not drawn.
    func imagePixels(_ image: RenderImage, patches: [ContentsLayout.Patch], node: RenderNode,
                     cr: OpaquePointer) -> Pixmap? {
        guard case .media(let source, _) = image.pixels else {
            if case .bitmap(let pixmap) = image.pixels { return pixmap }
            return nil
        }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        // Device pixels per point along the layer's x and y axes.
        let ux = hypot(m.xx, m.yx), uy = hypot(m.xy, m.yy)
        var scale = 0.0
        for p in patches where p.source.width > 0 && p.source.height > 0 {
            scale = max(scale, ux * p.destination.width / p.source.width, uy * p.destination.height / p.source.height)
        }
        guard let key = image.mediaKey(scale: scale) else { return nil }
        do {
            return try source.pixels(key)
        } catch {
            if failure == nil { failure = RenderError(layerPath: node.path, message: error.message) }
            return nil
        }
    }
}
