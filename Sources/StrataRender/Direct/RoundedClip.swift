import CCairo
import StrataModel

/// A layer's masksToBounds shape (its bounds, rounded by the clamped corner
/// radius), able to tell when a clip would change nothing.
///
/// Cairo clips to a rounded or rotated shape through a coverage mask on
/// every drawing operation, so sublayers that lie wholly inside are drawn
/// unclipped: same pixels, much less work.
struct RoundedClip {
    let rect: Rect
    let radius: Double
    /// Device pixels -> layer bounds space.
    private let inverse: cairo_matrix_t
    /// Half a device pixel in bounds units (an upper bound): room for Cairo's
    /// fixed-point edges and the flattening tolerance of its arcs.
    private let margin: Double

    /// `matrix` must be a usable CTM (finite, invertible).
    init(rect: Rect, radius: Double, matrix: cairo_matrix_t) {
        var inv = matrix
        cairo_matrix_invert(&inv)
        self.rect = rect
        self.radius = radius
        self.inverse = inv
        self.margin = 0.5 * (inv.xx * inv.xx + inv.xy * inv.xy + inv.yx * inv.yx + inv.yy * inv.yy).squareRoot()
    }

    /// Whether every pixel `box` (device pixels) touches is fully inside the
    /// shape. The shape is convex and the box's image a parallelogram, so
    /// checking the four corners is exact; the margin keeps it conservative.
    func contains(_ box: DeviceBox) -> Bool {
        let b = box.pixelAligned
        return containsDevicePoint(b.minX, b.minY) && containsDevicePoint(b.maxX, b.minY)
            && containsDevicePoint(b.minX, b.maxY) && containsDevicePoint(b.maxX, b.maxY)
    }

    private func containsDevicePoint(_ dx: Double, _ dy: Double) -> Bool {
        let x = inverse.xx * dx + inverse.xy * dy + inverse.x0
        let y = inverse.yx * dx + inverse.yy * dy + inverse.y0
        // The shape shrunk by the margin: inset rect, radius reduced by as much.
        let minX = rect.minX + margin, maxX = rect.maxX - margin
        let minY = rect.minY + margin, maxY = rect.maxY - margin
        guard x >= minX, x <= maxX, y >= minY, y <= maxY else { return false }
        let r = radius - margin
        guard r > 0 else { return true }
        let cx = min(max(x, minX + r), maxX - r), cy = min(max(y, minY + r), maxY - r)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
    }
}
