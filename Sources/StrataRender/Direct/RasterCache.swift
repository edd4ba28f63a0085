import CCairo
import StrataModel

/// Retained bitmaps of layer content (Core Animation's backing stores): a
/// content that does not change between frames is rasterized once and then
/// only composited. Keys hold everything the pixels depend on, including
/// the device matrix's linear part and the sub-pixel offset, so a hit gives
/// the very pixels a miss would; content is always drawn through the
/// bitmap, so a frame's bytes do not depend on what was rendered before it.
///
/// Owned by one DirectRenderer (one thread). Bounded by `byteLimit`: past
/// it the oldest bitmaps go first.
final class RasterCache {
    struct Key: Hashable {
        var content: ContentKey
        /// Device matrix linear part and the offset of the layer's origin
        /// inside the bitmap's first pixel.
        var xx, yx, xy, yy, dx, dy: Double
        var width, height: Int
    }

    enum ContentKey: Hashable {
        case gradient(GradientProperties, bounds: Rect, cornerRadius: Double, curve: CornerCurve)
    }

    private var surfaces: [Key: OpaquePointer] = [:]
    private var order: [Key] = []
    private var bytes = 0
    /// 64 MiB: eight full 1080p layers.
    static let byteLimit = 64 << 20

    deinit {
        for s in surfaces.values { cairo_surface_destroy(s) }
    }

    /// The bitmap for `key`, drawn by `draw` (given a context whose matrix
    /// maps the layer's space to the bitmap) when missing.
    func surface(for key: Key, matrix: cairo_matrix_t, draw: (OpaquePointer) -> Void) -> OpaquePointer? {
        if let s = surfaces[key] { return s }
        guard key.width > 0, key.height > 0, key.width <= Limits.maxPixelsPerSide, key.height <= Limits.maxPixelsPerSide,
              let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(key.width), Int32(key.height)) else { return nil }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(s) else {
            cairo_surface_destroy(s)
            return nil
        }
        var m = matrix
        cairo_set_matrix(cr, &m)
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(s)
        let size = key.width * key.height * 4
        while bytes + size > Self.byteLimit, !order.isEmpty {
            let old = order.removeFirst()
            if let o = surfaces.removeValue(forKey: old) { cairo_surface_destroy(o) }
            bytes -= old.width * old.height * 4
        }
        surfaces[key] = s
        order.append(key)
        bytes += size
        return s
    }
}

extension DirectRenderer {
    /// Draws content of the layer's `bounds` through a retained bitmap: the
    /// device pixels the bounds cover (within the canvas), drawn once by
    /// `draw` in the layer's space and composited with `alpha`.
    func drawRetained(_ content: RasterCache.ContentKey, bounds: Rect, alpha: Double, cr: OpaquePointer,
                      draw: (OpaquePointer) -> Void) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let target = cairo_get_target(cr)
        let canvas = DeviceBox(minX: 0, minY: 0, maxX: Double(cairo_image_surface_get_width(target)),
                               maxY: Double(cairo_image_surface_get_height(target)))
        let box = DeviceBox(bounds, through: m).intersection(canvas).pixelAligned
        guard !box.isEmpty else { return }
        var local = m
        local.x0 -= box.minX
        local.y0 -= box.minY
        let key = RasterCache.Key(content: content, xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, dx: local.x0, dy: local.y0,
                                  width: Int(box.maxX - box.minX), height: Int(box.maxY - box.minY))
        guard let surface = rasterCache.surface(for: key, matrix: local, draw: draw) else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, surface, box.minX, box.minY)
        cairo_rectangle(cr, box.minX, box.minY, box.maxX - box.minX, box.maxY - box.minY)
        cairo_clip(cr)
        cairo_paint_with_alpha(cr, CairoPath.unit(alpha))
        cairo_restore(cr)
    }
}
