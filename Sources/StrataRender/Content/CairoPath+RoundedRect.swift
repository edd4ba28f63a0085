import CCairo
import StrataModel

/// Path building for layer geometry on a Cairo context, in the current user space.
enum CairoPath {
    /// Core Animation clamps a corner radius to half the shorter side.
    static func clampedRadius(_ radius: Double, of rect: Rect) -> Double {
        guard radius > 0 else { return 0 }
        return min(radius, min(rect.width, rect.height) / 2)
    }

    /// Adds a closed sub-path: `rect` with corners of `radius` (already
    /// clamped) on `corners`, circular or continuous, clockwise on screen (y down).
    static func addRoundedRect(_ cr: OpaquePointer, _ rect: Rect, radius r: Double, corners: CornerMask = .all,
                               curve: CornerCurve = .circular) {
        guard r > 0, !corners.isEmpty else {
            // A plain rectangle keeps Cairo's fast path for pixel-aligned boxes.
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        if curve == .continuous {
            add(.continuousRoundedRect(rect, radius: r, corners: corners), cr)
            return
        }
        let halfPi = Double.pi / 2
        cairo_new_sub_path(cr)
        // Clockwise from the top right; a corner left out of maskedCorners stays square.
        if corners.contains(.maxXMinY) { cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -halfPi, 0) } else { cairo_line_to(cr, rect.maxX, rect.minY) }
        if corners.contains(.maxXMaxY) { cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, halfPi) } else { cairo_line_to(cr, rect.maxX, rect.maxY) }
        if corners.contains(.minXMaxY) { cairo_arc(cr, rect.minX + r, rect.maxY - r, r, halfPi, 2 * halfPi) } else { cairo_line_to(cr, rect.minX, rect.maxY) }
        if corners.contains(.minXMinY) { cairo_arc(cr, rect.minX + r, rect.minY + r, r, 2 * halfPi, 3 * halfPi) } else { cairo_line_to(cr, rect.minX, rect.minY) }
        cairo_close_path(cr)
    }

    /// Adds the border ring of a layer: the outer rounded rect and, when the
    /// border leaves a hole, the inner one inset by `width` with radius
    /// `max(0, r - width)`. Fill it with CAIRO_FILL_RULE_EVEN_ODD.
    static func addBorder(_ cr: OpaquePointer, _ rect: Rect, radius r: Double, width: Double,
                          corners: CornerMask = .all, curve: CornerCurve = .circular) {
        addRoundedRect(cr, rect, radius: r, corners: corners, curve: curve)
        let inner = Rect(rect.minX + width, rect.minY + width,
                         rect.width - 2 * width, rect.height - 2 * width)
        guard inner.width > 0, inner.height > 0 else { return }
        addRoundedRect(cr, inner, radius: clampedRadius(max(0, r - width), of: inner), corners: corners, curve: curve)
    }

    /// Sets a non-premultiplied sRGB source colour with its alpha scaled by
    /// `alpha`; components are clamped to 0...1 (NaN becomes 0).
    static func setSource(_ cr: OpaquePointer, _ c: Color, alpha: Double) {
        cairo_set_source_rgba(cr, unit(c.red), unit(c.green), unit(c.blue), unit(c.alpha) * unit(alpha))
    }

    static func unit(_ v: Double) -> Double { v >= 0 ? min(v, 1) : 0 }
}
