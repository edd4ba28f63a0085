import Foundation

/// Matrix interpolation, as Core Animation does for `transform` animations:
/// decompose both ends, interpolate the parts, recompose.
///
///     a ──decompose──▶ (t, s, k, p, q)ₐ ─┐ lerp t, s, k, p; slerp q
///     b ──decompose──▶ (t, s, k, p, q)ᵦ ─┴──────────────▶ parts(f) ──recompose──▶ M(f)
///
/// Because the rotation travels as a quaternion on the shorter arc, a
/// matrix animation from 0 to 360 degrees does not turn at all (both ends
/// are the identity); the virtual key path `transform.rotation.z` exists
/// for full turns (see Transform3D+Components.swift).
extension DecomposedTransform {
    /// Parts interpolated at `t` (0 gives `a`, 1 gives `b`; outside 0...1 they
    /// are extrapolated: linearly for translation, scale, skew, perspective,
    /// and along the same great circle for the rotation).
    public static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ t: Double) -> DecomposedTransform {
        func lerp<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar == Double { x + (y - x) * t }
        func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        return DecomposedTransform(
            translation: lerp(a.translation, b.translation),
            scale: lerp(a.scale, b.scale),
            skew: Skew(xy: lerp(a.skew.xy, b.skew.xy), xz: lerp(a.skew.xz, b.skew.xz), yz: lerp(a.skew.yz, b.skew.yz)),
            perspective: lerp(a.perspective, b.perspective),
            quaternion: slerp(a.quaternion, b.quaternion, t))
    }

    /// Spherical interpolation of unit quaternions on the shorter arc; `t`
    /// may leave 0...1. Nearly equal ends fall back to a normalized lerp.
    public static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        var b = b
        if (a * b).sum() < 0 { b = -b }  // q and -q are the same rotation: take the shorter way round
        // The angle between the unit vectors, accurate also when it is tiny.
        let theta = 2 * atan2(((a - b) * (a - b)).sum().squareRoot(), ((a + b) * (a + b)).sum().squareRoot())
        let result: SIMD4<Double>
        if theta < 1e-9 {
            result = a + (b - a) * t
        } else {
            let sinTheta = sin(theta)
            result = a * (sin((1 - t) * theta) / sinTheta) + b * (sin(t * theta) / sinTheta)
        }
        let n = (result * result).sum().squareRoot()
        return n > 0 ? result / n : a
    }
}

extension Transform3D {
    /// Interpolates between two transforms through their decompositions, as
    /// Core Animation does: 0 gives `a` and 1 gives `b` exactly; `t` outside
    /// 0...1 (an overshooting timing function) extrapolates the parts. When
    /// either end cannot be decomposed (see `DecomposedTransform`), the value
    /// jumps at the midpoint: `t < 0.5 ? a : b`.
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        if t == 0 || a == b { return a }
        if t == 1 { return b }
        guard let da = DecomposedTransform(a), let db = DecomposedTransform(b) else {
            return t < 0.5 ? a : b
        }
        return DecomposedTransform.interpolate(da, db, t).matrix
    }
}
