import CCairo
import StrataModel

extension CairoContent {
    /// CAShapeLayer: the fill with its fill rule, then the stroke (trimmed
    /// to strokeStart...strokeEnd by arc length, dashed), both in the
    /// layer's space; `cr` has the layer's matrix.
    static func drawShape(_ s: ShapeProperties, alpha: Double, cr: OpaquePointer) {
        if ShapeGeometry.fills(s), let fill = s.fillColor {
            CairoPath.setSource(cr, fill, alpha: alpha)
            fillShape(s, cr: cr)
        }
        if ShapeGeometry.strokes(s), let stroke = s.strokeColor {
            strokeShape(s, color: stroke, alpha: alpha, cr: cr)
        }
    }

    /// The shape's fill with the current source.
    static func fillShape(_ s: ShapeProperties, cr: OpaquePointer) {
        guard let path = s.path else { return }
        cairo_new_path(cr)
        CairoPath.add(path, cr)
        cairo_set_fill_rule(cr, s.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    /// The shape's stroke in `stroke` (its alpha times `alpha`, times the
    /// coverage of a dash pattern too fine to draw dash by dash).
    static func strokeShape(_ s: ShapeProperties, color stroke: Color, alpha: Double, cr: OpaquePointer) {
        guard let path = s.path else { return }
        cairo_new_path(cr)
        CairoPath.add(path, cr)
        if s.strokeStart > 0 || s.strokeEnd < 1 {
            StrokeTrim.trim(cr, from: s.strokeStart, to: s.strokeEnd)
        }
        cairo_set_line_width(cr, s.lineWidth)
        cairo_set_line_cap(cr, s.lineCap == .round ? CAIRO_LINE_CAP_ROUND
                           : s.lineCap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, s.lineJoin == .round ? CAIRO_LINE_JOIN_ROUND
                            : s.lineJoin == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cr, s.miterLimit)
        // Cairo rejects a pattern of zeros (a sticky error); it strokes
        // nothing visible anyway, like Core Animation.
        var coverage = 1.0
        let dashes = s.lineDashPattern
        let total = dashes.reduce(0, +)
        if !dashes.isEmpty && total > 0 && total.isFinite {
            // Cairo makes every dash: a pattern far finer than the path
            // is long would take for ever. Past the limit the line is
            // solid with the pattern's average coverage, which is what
            // it looks like anyway.
            let length = StrokeTrim.flatSubpaths(cr).reduce(0.0) { $0 + StrokeTrim.length(of: $1) }
            let period = dashes.count % 2 == 0 ? total : 2 * total
            if length / period * Double(dashes.count) > Double(Limits.maxDashes) {
                let on = stride(from: 0, to: dashes.count * (dashes.count % 2 == 0 ? 1 : 2), by: 2)
                    .reduce(0.0) { $0 + dashes[$1 % dashes.count] }
                coverage = on / period
            } else {
                dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), s.lineDashPhase) }
            }
        }
        CairoPath.setSource(cr, stroke, alpha: alpha * coverage)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        cairo_new_path(cr)
    }
}

extension CairoPath {
    /// Appends a BezierPath to the current path (user space).
    static func add(_ path: BezierPath, _ cr: OpaquePointer) {
        for e in path.elements {
            switch e {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .cubic(let a, let b, let c): cairo_curve_to(cr, a.x, a.y, b.x, b.y, c.x, c.y)
            case .close: cairo_close_path(cr)
            }
        }
    }
}
