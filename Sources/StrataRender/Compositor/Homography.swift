import CCairo
import StrataModel

/// A plane-to-plane projective map in Core Animation's row-vector layout:
/// `[X Y W] = [x y 1] * M`, the image point is `(X / W, Y / W)`.
///
/// A layer's transform flattened onto its superlayer's plane is the 3x3
/// taken from rows and columns 1, 2 and 4 of its CATransform3D (the z row
/// multiplies z = 0 and the z column is dropped). Double precision
/// throughout: perspective composites divide by W, which loses float
/// precision near the horizon.
struct Homography: Hashable, Sendable {
    var a11, a12, a13: Double
    var a21, a22, a23: Double
    var a31, a32, a33: Double

    static let identity = Homography(a11: 1, a12: 0, a13: 0, a21: 0, a22: 1, a23: 0, a31: 0, a32: 0, a33: 1)

    init(a11: Double, a12: Double, a13: Double, a21: Double, a22: Double, a23: Double,
         a31: Double, a32: Double, a33: Double) {
        self.a11 = a11; self.a12 = a12; self.a13 = a13
        self.a21 = a21; self.a22 = a22; self.a23 = a23
        self.a31 = a31; self.a32 = a32; self.a33 = a33
    }

    /// The transform's action on its z = 0 plane, flattened (z dropped).
    init(flattening t: Transform3D) {
        self.init(a11: t.m11, a12: t.m12, a13: t.m14, a21: t.m21, a22: t.m22, a23: t.m24,
                  a31: t.m41, a32: t.m42, a33: t.m44)
    }

    init(_ m: cairo_matrix_t) {
        self.init(a11: m.xx, a12: m.yx, a13: 0, a21: m.xy, a22: m.yy, a23: 0, a31: m.x0, a32: m.y0, a33: 1)
    }

    static func translation(_ x: Double, _ y: Double) -> Homography {
        Homography(a11: 1, a12: 0, a13: 0, a21: 0, a22: 1, a23: 0, a31: x, a32: y, a33: 1)
    }

    static func scale(_ s: Double) -> Homography {
        Homography(a11: s, a12: 0, a13: 0, a21: 0, a22: s, a23: 0, a31: 0, a32: 0, a33: 1)
    }

    /// Surface pixels per unit along the axis that magnifies more; nil
    /// under perspective (no one scale).
    var affineScale: Double? {
        guard isAffine, a33 != 0 else { return nil }
        return max((a11 * a11 + a12 * a12).squareRoot(), (a21 * a21 + a22 * a22).squareRoot()) / abs(a33)
    }

    /// `self`, then `o`.
    func then(_ o: Homography) -> Homography {
        Homography(
            a11: a11 * o.a11 + a12 * o.a21 + a13 * o.a31, a12: a11 * o.a12 + a12 * o.a22 + a13 * o.a32,
            a13: a11 * o.a13 + a12 * o.a23 + a13 * o.a33,
            a21: a21 * o.a11 + a22 * o.a21 + a23 * o.a31, a22: a21 * o.a12 + a22 * o.a22 + a23 * o.a32,
            a23: a21 * o.a13 + a22 * o.a23 + a23 * o.a33,
            a31: a31 * o.a11 + a32 * o.a21 + a33 * o.a31, a32: a31 * o.a12 + a32 * o.a22 + a33 * o.a32,
            a33: a31 * o.a13 + a32 * o.a23 + a33 * o.a33)
    }

    /// Homogeneous image of (x, y): divide X and Y by W.
    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * a11 + y * a21 + a31, x * a12 + y * a22 + a32, x * a13 + y * a23 + a33)
    }

    /// The image of (x, y) after the divide (meaningful when W > 0).
    func project(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let p = apply(x, y)
        return (p.x / p.w, p.y / p.w)
    }

    var determinant: Double {
        a11 * (a22 * a33 - a23 * a32) - a12 * (a21 * a33 - a23 * a31) + a13 * (a21 * a32 - a22 * a31)
    }

    /// No perspective and in front of the eye: W is the constant a33 > 0.
    /// (A constant W <= 0 puts the whole plane behind the eye; it goes
    /// through the projective path, whose near-plane clip removes it.)
    var isAffine: Bool { a13 == 0 && a23 == 0 && a33 > 0 }

    /// The affine map as a Cairo matrix (only when `isAffine`).
    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: a11 / a33, yx: a12 / a33, xy: a21 / a33, yy: a22 / a33, x0: a31 / a33, y0: a32 / a33)
    }

    /// The inverse, or nil when singular or not finite.
    var inverted: Homography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let r = 1 / det
        let inv = Homography(
            a11: (a22 * a33 - a23 * a32) * r, a12: (a13 * a32 - a12 * a33) * r, a13: (a12 * a23 - a13 * a22) * r,
            a21: (a23 * a31 - a21 * a33) * r, a22: (a11 * a33 - a13 * a31) * r, a23: (a13 * a21 - a11 * a23) * r,
            a31: (a21 * a32 - a22 * a31) * r, a32: (a12 * a31 - a11 * a32) * r, a33: (a11 * a22 - a12 * a21) * r)
        return inv.isFinite ? inv : nil
    }

    var isFinite: Bool {
        a11.isFinite && a12.isFinite && a13.isFinite && a21.isFinite && a22.isFinite && a23.isFinite
            && a31.isFinite && a32.isFinite && a33.isFinite
    }

    /// The projected map's derivative at plane point (x, y): (a, b) is where
    /// a unit step along x moves the image, (c, d) a unit step along y.
    func jacobian(atX x: Double, y: Double) -> (a: Double, b: Double, c: Double, d: Double) {
        let p = apply(x, y)
        guard p.w != 0 else { return (0, 0, 0, 0) }
        let u = p.x / p.w, v = p.y / p.w
        return ((a11 - u * a13) / p.w, (a12 - v * a13) / p.w, (a21 - u * a23) / p.w, (a22 - v * a23) / p.w)
    }

    /// Largest local magnification at plane point (x, y): the larger singular
    /// value of the Jacobian of the projected map, image units per plane unit.
    func magnification(atX x: Double, y: Double) -> Double {
        let p = apply(x, y)
        guard p.w > 0 else { return .infinity }
        let u = p.x / p.w, v = p.y / p.w
        let j11 = (a11 - u * a13) / p.w, j12 = (a21 - u * a23) / p.w
        let j21 = (a12 - v * a13) / p.w, j22 = (a22 - v * a23) / p.w
        let t = j11 * j11 + j12 * j12 + j21 * j21 + j22 * j22
        let d = j11 * j22 - j12 * j21
        return ((t + (max(0, t * t - 4 * d * d)).squareRoot()) / 2).squareRoot()
    }
}
