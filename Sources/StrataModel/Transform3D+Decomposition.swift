/// A transform split into the parts Core Animation (like CSS Transforms
/// Level 2 and WebKit) interpolates: the "unmatrix" decomposition.
///
/// In Core Animation's row-vector layout (`p' = p * M`) a matrix divided by
/// its m44 is rebuilt as
///
///     M = Scale · Skew · Rotation · Translation · Perspective
///         (applied to a point in that order: scale first, perspective last)
///
///         ┌                  ┐      A = diag(scale) · K · R  (upper-left 3x3)
///     M = │ A        A·pcol  │      K = │ 1   0   0 │  rows of R = orthonormal
///         │ t     t·pcol + w │          │ xy  1   0 │  basis found by Gram-Schmidt
///         └                  ┘          │ xz  yz  1 │  on the rows of A
///
/// with translation `t` = (m41, m42, m43), perspective `(pcol, w)` solved
/// from the last column (m14, m24, m34, m44). The column-vector algorithm of
/// the CSS spec is this one transposed.
///
/// Two deliberate refinements of the textbook algorithm, both keeping
/// `matrix` an exact recomposition:
/// - A zero row of A (a zero scale, e.g. `scale(0, 0, 1)`) does not make the
///   decomposition fail: its scale is 0 and its basis vector completes a
///   right-handed basis, so scale-from-zero animations interpolate. Only
///   non-zero rows that are linearly dependent (a collapse that is not a zero
///   scale), m44 = 0, non-finite entries, or perspective with a singular A fail.
/// - A mirror (det A < 0) negates the scale of the single axis whose basis
///   vector points most against its own axis (WebKit's 2D rule, generalized),
///   not all three: `scale(-1, 1)` decomposes as scale x = -1 rather than a
///   180-degree turn about x with all scales negative.
public struct DecomposedTransform: Sendable, Hashable {
    /// Shear factors: `xy` shears y into x (the tangent of a CSS skewX angle
    /// for a 2D matrix), `xz` and `yz` shear z.
    public struct Skew: Sendable, Hashable {
        public var xy: Double, xz: Double, yz: Double
        public init(xy: Double = 0, xz: Double = 0, yz: Double = 0) {
            self.xy = xy; self.xz = xz; self.yz = yz
        }
    }

    /// Points (m41, m42, m43 of the m44-normalized matrix).
    public var translation: SIMD3<Double>
    /// Scale factors along x, y, z (one may be negative for a mirror).
    public var scale: SIMD3<Double>
    public var skew: Skew
    /// (x, y, z, w): the last column before translation and the rest were
    /// applied; (0, 0, 0, 1) for no perspective.
    public var perspective: SIMD4<Double>
    /// Unit quaternion (x, y, z, w) of the rotation, with w ≥ 0; for a
    /// rotation by θ about the unit axis u it is (u·sin(θ/2), cos(θ/2)), the
    /// same sense as `Transform3D.rotation(θ, u.x, u.y, u.z)`.
    public var quaternion: SIMD4<Double>

    public init(translation: SIMD3<Double> = .zero, scale: SIMD3<Double> = .one, skew: Skew = Skew(),
                perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1), quaternion: SIMD4<Double> = SIMD4(0, 0, 0, 1)) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.quaternion = quaternion
    }

    /// Decomposes `m`, or fails (see the type's notes for when).
    public init?(_ m: Transform3D) {
        guard let u = m.unmatrix() else { return nil }
        self.init(translation: u.translation, scale: u.scale, skew: u.skew,
                  perspective: u.perspective, quaternion: u.rotation.quaternion)
    }

    /// The recomposed matrix (equal to the decomposed one divided by its m44).
    public var matrix: Transform3D {
        Transform3D.compose(translation: translation, scale: scale, skew: skew,
                            perspective: perspective, rotation: Basis3(quaternion: quaternion))
    }
}

/// A 3x3 matrix by rows; as a rotation, its rows are the images of the x, y
/// and z axes (row-vector layout, like Transform3D's upper-left 3x3).
struct Basis3 {
    var r0, r1, r2: SIMD3<Double>

    static let identity = Basis3(r0: SIMD3(1, 0, 0), r1: SIMD3(0, 1, 0), r2: SIMD3(0, 0, 1))

    init(r0: SIMD3<Double>, r1: SIMD3<Double>, r2: SIMD3<Double>) {
        self.r0 = r0; self.r1 = r1; self.r2 = r2
    }

    /// The rotation of a unit quaternion (x, y, z, w); normalizes first.
    init(quaternion q: SIMD4<Double>) {
        let n = (q * q).sum().squareRoot()
        let q = n > 0 ? q / n : SIMD4(0, 0, 0, 1)
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        r0 = SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        r1 = SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        r2 = SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
    }

    subscript(i: Int) -> SIMD3<Double> { i == 0 ? r0 : i == 1 ? r1 : r2 }

    var determinant: Double { r0.dot(r1.cross(r2)) }

    /// `self * o` (row-vector: apply self, then o).
    static func * (a: Basis3, o: Basis3) -> Basis3 {
        func row(_ r: SIMD3<Double>) -> SIMD3<Double> { r.x * o.r0 + r.y * o.r1 + r.z * o.r2 }
        return Basis3(r0: row(a.r0), r1: row(a.r1), r2: row(a.r2))
    }

    /// The unit quaternion (w ≥ 0) of this rotation (Shepperd's method: the
    /// largest of w, x, y, z is taken from the diagonal for accuracy).
    var quaternion: SIMD4<Double> {
        let m00 = r0.x, m01 = r0.y, m02 = r0.z
        let m10 = r1.x, m11 = r1.y, m12 = r1.z
        let m20 = r2.x, m21 = r2.y, m22 = r2.z
        let trace = m00 + m11 + m22
        var q: SIMD4<Double>
        if trace > 0 {
            let s = 2 * (1 + trace).squareRoot()  // 4w
            q = SIMD4((m12 - m21) / s, (m20 - m02) / s, (m01 - m10) / s, s / 4)
        } else if m00 >= m11 && m00 >= m22 {
            let s = 2 * (1 + m00 - m11 - m22).squareRoot()  // 4x
            q = SIMD4(s / 4, (m01 + m10) / s, (m20 + m02) / s, (m12 - m21) / s)
        } else if m11 >= m22 {
            let s = 2 * (1 + m11 - m00 - m22).squareRoot()  // 4y
            q = SIMD4((m01 + m10) / s, s / 4, (m12 + m21) / s, (m20 - m02) / s)
        } else {
            let s = 2 * (1 + m22 - m00 - m11).squareRoot()  // 4z
            q = SIMD4((m20 + m02) / s, (m12 + m21) / s, s / 4, (m01 - m10) / s)
        }
        if q.w < 0 { q = -q }
        let n = (q * q).sum().squareRoot()
        return n > 0 ? q / n : SIMD4(0, 0, 0, 1)
    }
}

extension SIMD3 where Scalar == Double {
    func dot(_ b: SIMD3<Double>) -> Double { (self * b).sum() }

    func cross(_ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(y * b.z - z * b.y, z * b.x - x * b.z, x * b.y - y * b.x)
    }

    var length: Double { dot(self).squareRoot() }
}

/// The decomposition with the rotation kept as a matrix (so that component
/// edits need not round-trip through a quaternion).
struct Unmatrixed {
    var translation: SIMD3<Double>
    var scale: SIMD3<Double>
    var skew: DecomposedTransform.Skew
    var perspective: SIMD4<Double>
    var rotation: Basis3
}

extension Transform3D {
    /// The unmatrix decomposition (see `DecomposedTransform`), or nil.
    func unmatrix() -> Unmatrixed? {
        guard m44 != 0, rowMajor.allSatisfy(\.isFinite) else { return nil }
        let w = m44
        let a = [SIMD3(m11, m12, m13) / w, SIMD3(m21, m22, m23) / w, SIMD3(m31, m32, m33) / w]
        let t = SIMD3(m41, m42, m43) / w
        let column = SIMD3(m14, m24, m34) / w

        var perspective = SIMD4<Double>(0, 0, 0, 1)
        if column != .zero {
            // Solve A · pcol = column (Cramer's rule).
            let det = a[0].dot(a[1].cross(a[2]))
            guard det != 0, det.isFinite else { return nil }
            // Columns of A are the rows' components; A⁻¹ = adj(A) / det with
            // the adjugate's columns being cross products of rows.
            let c0 = a[1].cross(a[2]), c1 = a[2].cross(a[0]), c2 = a[0].cross(a[1])
            let p = (column.x * c0 + column.y * c1 + column.z * c2) / det
            perspective = SIMD4(p.x, p.y, p.z, 1 - t.dot(p))
        }

        // Gram-Schmidt on the rows; a zero row keeps scale 0 and gets its basis
        // vector afterwards.
        let norms = a.map(\.length)
        let epsilon = 1e-12 * max(norms.max()!, 1e-300)
        var r: [SIMD3<Double>?] = [nil, nil, nil]
        var scale = SIMD3<Double>(0, 0, 0)
        var k = [[Double]](repeating: [0, 0, 0], count: 3)  // k[i][j]: row i's shear onto r_j, j < i
        for i in 0..<3 {
            if norms[i] <= epsilon { continue }
            var v = a[i]
            for j in 0..<i {
                guard let rj = r[j] else { continue }
                k[i][j] = rj.dot(v)  // modified Gram-Schmidt: against the updated row
                v -= k[i][j] * rj
            }
            let n = v.length
            guard n > epsilon else { return nil }  // dependent non-zero rows
            scale[i] = n
            r[i] = v / n
            for j in 0..<i { k[i][j] /= n }
        }
        var basis = Self.completeBasis(r)

        // A mirror: negate one axis (and the shears that involve it).
        if r.allSatisfy({ $0 != nil }) && basis.determinant < 0 {
            let diagonal = [basis.r0.x, basis.r1.y, basis.r2.z]
            let i = diagonal.firstIndex(of: diagonal.min()!)!
            scale[i] = -scale[i]
            switch i {
            case 0: basis.r0 = -basis.r0
            case 1: basis.r1 = -basis.r1
            default: basis.r2 = -basis.r2
            }
            for j in 0..<3 where j != i {
                if j < i { k[i][j] = -k[i][j] } else { k[j][i] = -k[j][i] }
            }
        }
        return Unmatrixed(translation: t, scale: scale,
                          skew: DecomposedTransform.Skew(xy: k[1][0], xz: k[2][0], yz: k[2][1]),
                          perspective: perspective, rotation: basis)
    }

    /// Fills the missing vectors of a partial orthonormal basis so that it is
    /// right-handed, staying as close to the identity as the known ones allow.
    private static func completeBasis(_ r: [SIMD3<Double>?]) -> Basis3 {
        let axes = [SIMD3<Double>(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)]
        var r = r
        let known = r.indices.filter { r[$0] != nil }
        if known.isEmpty { return .identity }
        if known.count == 1 {
            // Fill the first missing one with its own axis made orthogonal.
            let kv = r[known[0]]!
            let i = r.indices.first { r[$0] == nil }!
            for candidate in [axes[i], axes[3 - i - known[0]]] {
                let v = candidate - candidate.dot(kv) * kv
                if v.length > 1e-6 { r[i] = v / v.length; break }
            }
        }
        // Now exactly one is missing (or none): r_i = r_{i+1} × r_{i+2}.
        for i in 0..<3 where r[i] == nil {
            r[i] = r[(i + 1) % 3]!.cross(r[(i + 2) % 3]!)
        }
        return Basis3(r0: r[0]!, r1: r[1]!, r2: r[2]!)
    }

    /// Rebuilds a matrix from decomposed parts (see `DecomposedTransform`).
    static func compose(translation t: SIMD3<Double>, scale s: SIMD3<Double>,
                        skew k: DecomposedTransform.Skew, perspective p: SIMD4<Double>,
                        rotation r: Basis3) -> Transform3D {
        let a0 = s.x * r.r0
        let a1 = s.y * (r.r1 + k.xy * r.r0)
        let a2 = s.z * (r.r2 + k.xz * r.r0 + k.yz * r.r1)
        let pc = SIMD3(p.x, p.y, p.z)
        return Transform3D(
            m11: a0.x, m12: a0.y, m13: a0.z, m14: a0.dot(pc),
            m21: a1.x, m22: a1.y, m23: a1.z, m24: a1.dot(pc),
            m31: a2.x, m32: a2.y, m33: a2.z, m34: a2.dot(pc),
            m41: t.x, m42: t.y, m43: t.z, m44: t.dot(pc) + p.w)
    }
}
