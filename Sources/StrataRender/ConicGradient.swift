#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCairo
import StrataModel

/// A conic CAGradientLayer, evaluated at the centre of every pixel it
/// covers, as Core Animation's GPU gradient is: the color at the angle of
/// the pixel centre around the centre point, measured clockwise on screen
/// from the direction of the end point as a fraction of a turn. So the seam
/// (where fraction 1 meets 0) and sharp stops fall between pixels exactly
/// where their centres say, with no mesh patch bleeding a pixel across
/// them; the bounds' own edges stay anti-aliased (the caller's clip).
enum ConicGradient {
    /// Paints the gradient into the current clip, in user space where
    /// `centre` and `towards` are (the device pixels come from the matrix).
    /// False when nothing sensible can be drawn (a non-finite point or an
    /// axis-collapsing matrix): the caller fills the last color instead.
    static func draw(_ stops: GradientStops, centre: Point, towards: Point, bounds: Rect,
                     alpha: Double, cr: OpaquePointer) -> Bool {
        let a0 = towards == centre ? 0 : atan2(towards.y - centre.y, towards.x - centre.x)
        var toDevice = cairo_matrix_t()
        cairo_get_matrix(cr, &toDevice)
        var toUser = toDevice
        guard a0.isFinite, centre.x.isFinite, centre.y.isFinite,
              cairo_matrix_invert(&toUser) == CAIRO_STATUS_SUCCESS else { return false }
        guard let box = deviceBox(of: bounds, toDevice, cr) else { return true }  // nothing visible
        guard let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(box.width), Int32(box.height)) else { return false }
        defer { cairo_surface_destroy(image) }
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(image) else { return false }
        cairo_surface_flush(image)
        let stride = Int(cairo_image_surface_get_stride(image))
        let turn = 2 * Double.pi
        for j in 0..<box.height {
            let row = (data + j * stride).withMemoryRebound(to: UInt32.self, capacity: box.width) { $0 }
            let dy = Double(box.y + j) + 0.5
            for i in 0..<box.width {
                let dx = Double(box.x + i) + 0.5
                let ux = toUser.xx * dx + toUser.xy * dy + toUser.x0 - centre.x
                let uy = toUser.yx * dx + toUser.yy * dy + toUser.y0 - centre.y
                var f = (atan2(uy, ux) - a0) / turn
                f -= f.rounded(.down)
                row[i] = premultiplied(stops.color(at: f, side: .after))
            }
        }
        cairo_surface_mark_dirty(image)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, image, Double(box.x), Double(box.y))
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_paint_with_alpha(cr, CairoPath.unit(alpha))
        cairo_restore(cr)
        return true
    }

    /// The device pixels the bounds cover within the clip, or nil for none.
    private static func deviceBox(of bounds: Rect, _ m: cairo_matrix_t, _ cr: OpaquePointer)
        -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in [(bounds.minX, bounds.minY), (bounds.maxX, bounds.minY), (bounds.minX, bounds.maxY), (bounds.maxX, bounds.maxY)] {
            let dx = m.xx * x + m.xy * y + m.x0, dy = m.yx * x + m.yy * y + m.y0
            minX = min(minX, dx); maxX = max(maxX, dx); minY = min(minY, dy); maxY = max(maxY, dy)
        }
        // The clip's extents in device space (the identity matrix's user space).
        var c0 = 0.0, c1 = 0.0, c2 = 0.0, c3 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &c0, &c1, &c2, &c3)
        cairo_restore(cr)
        let x0 = max(minX, c0).rounded(.down), y0 = max(minY, c1).rounded(.down)
        let x1 = min(maxX, c2).rounded(.up), y1 = min(maxY, c3).rounded(.up)
        let limit = Double(Limits.maxPixelsPerSide)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0,
              x1 - x0 <= limit, y1 - y0 <= limit, abs(x0) <= 1e9, abs(y0) <= 1e9 else { return nil }
        return (Int(x0), Int(y0), Int(x1 - x0), Int(y1 - y0))
    }

    /// Cairo's ARGB32: premultiplied, native-endian 0xAARRGGBB, rounded to nearest.
    private static func premultiplied(_ c: Color) -> UInt32 {
        let a = CairoPath.unit(c.alpha)
        func channel(_ v: Double) -> UInt32 { UInt32((CairoPath.unit(v) * a * 255).rounded()) }
        return UInt32((a * 255).rounded()) << 24 | channel(c.red) << 16 | channel(c.green) << 8 | channel(c.blue)
    }
}
