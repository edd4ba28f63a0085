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
    /// - conic: around startPoint, clockwise on screen, starting towards endPoint.
    ///
    /// A degenerate gradient (start equal to end, or a zero radial radius)
    /// fills the bounds with its last color.
    static func drawGradient(_ g: GradientProperties, in bounds: Rect, alpha: Double, cr: OpaquePointer) {
        let stops = GradientStops(colors: g.colors, locations: g.locations ?? g.resolvedLocations)
        guard let last = stops.colors.last else { return }
        let start = Point(bounds.minX + g.startPoint.x * bounds.width, bounds.minY + g.startPoint.y * bounds.height)
        let end = Point(bounds.minX + g.endPoint.x * bounds.width, bounds.minY + g.endPoint.y * bounds.height)
        var pattern: OpaquePointer?
        switch g.type {
        case .axial:
            if start != end {
                pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            }
        case .radial:
            let rx = abs(g.endPoint.x - g.startPoint.x) * bounds.width
            let ry = abs(g.endPoint.y - g.startPoint.y) * bounds.height
            if rx > 0, ry > 0, rx.isFinite, ry.isFinite {
                pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
                // User space -> pattern space: the ellipse becomes the unit circle.
                var m = cairo_matrix_t(xx: 1 / rx, yx: 0, xy: 0, yy: 1 / ry, x0: -start.x / rx, y0: -start.y / ry)
                cairo_pattern_set_matrix(pattern, &m)
            }
        case .conic:
            pattern = conicPattern(stops, centre: start, towards: end, covering: bounds)
        }
        guard let pattern else {
            cairo_rectangle(cr, bounds.minX, bounds.minY, bounds.width, bounds.height)
            CairoPath.setSource(cr, last, alpha: alpha)
            cairo_fill(cr)
            return
        }
        defer { cairo_pattern_destroy(pattern) }
        if g.type != .conic {
            for (offset, c) in zip(stops.offsets, stops.colors) {
                cairo_pattern_add_color_stop_rgba(pattern, offset, CairoPath.unit(c.red), CairoPath.unit(c.green),
                                                  CairoPath.unit(c.blue), CairoPath.unit(c.alpha))
            }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
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

    /// A mesh of pie slices around `centre` reaching past the bounds, each
    /// slice's color varying linearly with the angle between two angles of
    /// a fine grid that includes every stop (so sharp stops stay sharp).
    private static func conicPattern(_ stops: GradientStops, centre: Point, towards: Point, covering bounds: Rect) -> OpaquePointer? {
        let a0 = towards == centre ? 0 : atan2(towards.y - centre.y, towards.x - centre.x)
        var radius = 1.0
        for (x, y) in [(bounds.minX, bounds.minY), (bounds.maxX, bounds.minY), (bounds.minX, bounds.maxY), (bounds.maxX, bounds.maxY)] {
            radius = max(radius, ((x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y)).squareRoot() + 2)
        }
        guard radius.isFinite, a0.isFinite else { return nil }
        var fractions = Set((0...64).map { Double($0) / 64 })
        for o in stops.offsets where o > 0 && o < 1 { fractions.insert(o) }
        let sorted = fractions.sorted()
        guard let mesh = cairo_pattern_create_mesh() else { return nil }
        func point(_ f: Double) -> Point {
            let a = a0 + 2 * Double.pi * f
            return Point(centre.x + radius * cos(a), centre.y + radius * sin(a))
        }
        for (f0, f1) in zip(sorted, sorted.dropFirst()) where f1 > f0 {
            // Colors just inside the slice, so a sharp stop at f0 or f1 shows on the right side.
            let c0 = stops.color(at: f0, side: .after), c1 = stops.color(at: f1, side: .before)
            let p0 = point(f0), p1 = point(f1)
            // The arc from p0 to p1 as one cubic (slices are at most 1/64 turn).
            let sweep = 2 * Double.pi * (f1 - f0)
            let k = 4.0 / 3.0 * tan(sweep / 4) * radius
            let t0 = a0 + 2 * Double.pi * f0, t1 = a0 + 2 * Double.pi * f1
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, centre.x, centre.y)
            cairo_mesh_pattern_line_to(mesh, p0.x, p0.y)
            cairo_mesh_pattern_curve_to(mesh, p0.x - k * sin(t0), p0.y + k * cos(t0),
                                        p1.x + k * sin(t1), p1.y - k * cos(t1), p1.x, p1.y)
            cairo_mesh_pattern_line_to(mesh, centre.x, centre.y)
            for (corner, c) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
                cairo_mesh_pattern_set_corner_color_rgba(mesh, UInt32(corner), CairoPath.unit(c.red), CairoPath.unit(c.green),
                                                         CairoPath.unit(c.blue), CairoPath.unit(c.alpha))
            }
            cairo_mesh_pattern_end_patch(mesh)
        }
        return mesh
    }
}

/// Gradient stops sorted by offset (0...1), for evaluating colors ourselves.
struct GradientStops {
    var offsets: [Double]
    var colors: [Color]

    init(colors: [Color], locations: [Double]) {
        let count = min(colors.count, locations.count)
        let pairs = (0..<count).map { (CairoPath.unit(locations[$0]), colors[$0]) }
            .enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        offsets = pairs.map(\.0)
        self.colors = pairs.map(\.1)
    }

    enum Side { case before, after }

    /// The color at fraction `f`; at a sharp stop (two stops at one offset),
    /// `side` picks the color just before or just after it.
    func color(at f: Double, side: Side) -> Color {
        guard let first = colors.first, let last = colors.last else { return .clear }
        if f < offsets[0] || (f == offsets[0] && side == .before) { return first }
        for i in 1..<max(1, offsets.count) {
            let lo = offsets[i - 1], hi = offsets[i]
            if f < hi || (f == hi && side == .before) {
                guard hi > lo else { return colors[i] }
                let t = (f - lo) / (hi - lo)
                let a = colors[i - 1], b = colors[i]
                return Color(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                             a.blue + (b.blue - a.blue) * t, a.alpha + (b.alpha - a.alpha) * t)
            }
        }
        return last
    }
}
