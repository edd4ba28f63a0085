import CCairo
import StrataModel

extension Transform3D {
    /// The flattened 2D affine part as a Cairo matrix (x' = xx x + xy y + x0,
    /// y' = yx x + yy y + y0), or nil when the transform is projective
    /// (m14 or m24 non-zero, or m44 zero) and Cairo cannot draw it.
    var cairoMatrix: cairo_matrix_t? {
        guard isAffine2D else { return nil }
        let w = m44
        return cairo_matrix_t(xx: m11 / w, yx: m12 / w, xy: m21 / w, yy: m22 / w,
                              x0: m41 / w, y0: m42 / w)
    }
}

extension cairo_matrix_t {
    /// `first` then `then` (Cairo's own multiply, kept as a value).
    static func concatenating(_ first: cairo_matrix_t, _ then: cairo_matrix_t) -> cairo_matrix_t {
        var result = cairo_matrix_t(), a = first, b = then
        cairo_matrix_multiply(&result, &a, &b)
        return result
    }

    /// Whether Cairo accepts it as a CTM: finite and invertible (Cairo's own
    /// test; a rejected matrix puts the context in a sticky error state).
    var isUsableCTM: Bool {
        let det = xx * yy - yx * xy
        return det.isFinite && det != 0 && x0.isFinite && y0.isFinite
            && xx.isFinite && yx.isFinite && xy.isFinite && yy.isFinite
    }
}
