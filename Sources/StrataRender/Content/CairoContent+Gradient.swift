#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCairo
import StrataModel

/// Layer content drawn with Cairo, in the layer's bounds space (the
/// context's matrix maps it to the pixels drawn into). Shared by the
/// backing-store rasterizer and the direct reference renderer.
enum CairoContent {}

extension CairoContent {
    /// CAGradientLayer, in the bounds (already clipped to them). Points are
    /// unit coordinates of the bounds. Colors before the first stop and
    /// after the last hold the end colors (Core Animation pads).
    ///
    /// - axial: along the line from startPoint to endPoint.
    /// - radial: an ellipse centred on startPoint whose radii are
    ///   |endPoint - startPoint| x the bounds size, per axis.
    /// - conic: around startPoint, clockwise on screen, starting towards
    ///   endPoint, evaluated at each pixel's centre (ConicGradient).
    ///
    /// A degenerate gradient (start equal to end, or a zero radial radius)
    /// fills the bounds with its last color.
    static func drawGradient(_ g: GradientProperties, in bounds: Rect, alpha: Double, cr: OpaquePointer) {
        var stops = GradientStops(colors: g.colors, locations: g.locations ?? g.resolvedLocations)
        guard let last = stops.colors.last else { return }
        var start = Point(bounds.minX + g.startPoint.x * bounds.width, bounds.minY + g.startPoint.y * bounds.height)
        var end = Point(bounds.minX + g.endPoint.x * bounds.width, bounds.minY + g.endPoint.y * bounds.height)
        var pattern: OpaquePointer?
        switch g.type {
        case .axial:
            if start != end {
                // Stops outside 0...1 (GradientStops): the line reaches them.
                let span = stops.span, d = end - start
                stops = stops.normalized(to: span)
                (start, end) = (start + d * span.lowerBound, start + d * span.upperBound)
                pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            }
        case .radial:
            // Distances are never negative; stops past 1 widen the ellipse.
            let reach = stops.span.upperBound
            stops = stops.clipped(to: 0...reach).normalized(to: 0...reach)
            let rx = abs(g.endPoint.x - g.startPoint.x) * bounds.width * reach
            let ry = abs(g.endPoint.y - g.startPoint.y) * bounds.height * reach
            if rx > 0, ry > 0, rx.isFinite, ry.isFinite {
                pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
                // User space -> pattern space: the ellipse becomes the unit circle.
                var m = cairo_matrix_t(xx: 1 / rx, yx: 0, xy: 0, yy: 1 / ry, x0: -start.x / rx, y0: -start.y / ry)
                cairo_pattern_set_matrix(pattern, &m)
            }
        case .conic:
            cairo_save(cr)
            cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
            cairo_clip(cr)
            let drawn = ConicGradient.draw(stops.clipped(to: 0...1), centre: start, towards: end, bounds: bounds,
                                           alpha: alpha, cr: cr)
            cairo_restore(cr)
            if drawn { return }
        }
        guard let pattern else {
            cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
            CairoPath.setSource(cr, last, alpha: alpha)
            cairo_fill(cr)
            return
        }
        defer { cairo_pattern_destroy(pattern) }
        for (offset, c) in zip(stops.offsets, stops.colors) {
            cairo_pattern_add_color_stop_rgba(pattern, offset, CairoPath.unit(c.red), CairoPath.unit(c.green),
                                              CairoPath.unit(c.blue), CairoPath.unit(c.alpha))
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
        if alpha < 1 {
            cairo_save(cr)
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, CairoPath.unit(alpha))
            cairo_restore(cr)
        } else {
            cairo_fill(cr)
        }
    }
}
