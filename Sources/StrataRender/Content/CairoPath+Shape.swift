import CCairo
import StrataModel

extension CairoPath {
    /// Adds a ShapePath in the current user space.
    static func addShape(_ cr: OpaquePointer, _ shape: ShapePath) {
        switch shape {
        case .rect(let r, let radius):
            addRoundedRect(cr, r, radius: clampedRadius(radius, of: r))
        case .ellipse(let r):
            guard r.width > 0, r.height > 0 else { return }
            cairo_save(cr)
            cairo_translate(cr, r.midX, r.midY)
            cairo_scale(cr, r.width / 2, r.height / 2)
            cairo_new_sub_path(cr)
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_close_path(cr)
            cairo_restore(cr)
        case .polygon(let points):
            guard let first = points.first else { return }
            cairo_move_to(cr, first.x, first.y)
            for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_close_path(cr)
        case .path(let path):
            // cairo_fill closes open subpaths, as SVG and Core Graphics fill them.
            CairoPath.add(path, cr)
        }
    }
}

