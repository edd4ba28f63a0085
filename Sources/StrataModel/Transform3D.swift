import Foundation

/// A 4x4 matrix in Core Animation's row-vector layout (CATransform3D):
/// a point is a row vector multiplied on the left, `p' = p * M`, and
/// translations sit in `m41, m42, m43`. Lengths are points, angles radians.
///
/// `a.concatenating(b)` is `a * b`: first `a`, then `b`
/// (CATransform3DConcat).
public struct Transform3D: Sendable, Hashable, Codable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Row-major m11...m44.
    public init(rowMajor v: [Double]) {
        precondition(v.count == 16)
        self.init(m11: v[0], m12: v[1], m13: v[2], m14: v[3],
                  m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                  m31: v[8], m32: v[9], m33: v[10], m34: v[11],
                  m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    /// Row-major m11...m44.
    public var rowMajor: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public static let identity = Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    public var isIdentity: Bool { self == .identity }

    /// Element at 0-based row `r`, column `c`.
    public subscript(r: Int, c: Int) -> Double {
        get { rowMajor[r * 4 + c] }
        set {
            var v = rowMajor
            v[r * 4 + c] = newValue
            self = Transform3D(rowMajor: v)
        }
    }

    /// `self * other`: apply `self`, then `other`.
    ///
    /// Entry (i, j) is `0 + a[i][0] b[0][j] + a[i][1] b[1][j] + ...`, summed
    /// in that order (so a -0 entry of a product with the identity becomes
    /// +0): a row of the product is the rows of `o` weighed by the row of
    /// `self`, four entries at a time, with no arrays (sampling multiplies
    /// every sublayer's placement by its superlayer's sublayerTransform).
    public func concatenating(_ o: Transform3D) -> Transform3D {
        let b0 = SIMD4(o.m11, o.m12, o.m13, o.m14), b1 = SIMD4(o.m21, o.m22, o.m23, o.m24)
        let b2 = SIMD4(o.m31, o.m32, o.m33, o.m34), b3 = SIMD4(o.m41, o.m42, o.m43, o.m44)
        func row(_ x0: Double, _ x1: Double, _ x2: Double, _ x3: Double) -> SIMD4<Double> {
            var s = SIMD4<Double>(repeating: 0)
            s += x0 * b0
            s += x1 * b1
            s += x2 * b2
            s += x3 * b3
            return s
        }
        let r1 = row(m11, m12, m13, m14), r2 = row(m21, m22, m23, m24)
        let r3 = row(m31, m32, m33, m34), r4 = row(m41, m42, m43, m44)
        return Transform3D(m11: r1[0], m12: r1[1], m13: r1[2], m14: r1[3],
                           m21: r2[0], m22: r2[1], m23: r2[2], m24: r2[3],
                           m31: r3[0], m32: r3[1], m33: r3[2], m34: r3[3],
                           m41: r4[0], m42: r4[1], m43: r4[2], m44: r4[3])
    }

    public static func * (a: Transform3D, b: Transform3D) -> Transform3D { a.concatenating(b) }

    // MARK: Constructors (CATransform3DMake...)

    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        var t = identity
        t.m41 = tx; t.m42 = ty; t.m43 = tz
        return t
    }

    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        var t = identity
        t.m11 = sx; t.m22 = sy; t.m33 = sz
        return t
    }

    /// Rotation by `angle` radians about the axis (x, y, z), as
    /// CATransform3DMakeRotation; with y down, a positive rotation about z
    /// turns clockwise on screen. A zero axis gives the identity.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0 else { return identity }
        let (x, y, z) = (x / len, y / len, z / len)
        let c = cos(angle), s = sin(angle), t = 1 - c
        return Transform3D(
            m11: c + t * x * x, m12: t * x * y + s * z, m13: t * x * z - s * y, m14: 0,
            m21: t * x * y - s * z, m22: c + t * y * y, m23: t * y * z + s * x, m24: 0,
            m31: t * x * z + s * y, m32: t * y * z - s * x, m33: c + t * z * z, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// Perspective with the eye at `distance` points (m34 = -1/distance), like CSS perspective().
    public static func perspective(_ distance: Double) -> Transform3D {
        var t = identity
        t.m34 = distance == 0 ? 0 : -1 / distance
        return t
    }

    /// 2D skew by angles (radians) along x and y, like CSS skew(ax, ay).
    public static func skew(_ ax: Double, _ ay: Double) -> Transform3D {
        var t = identity
        t.m21 = tan(ax)
        t.m12 = tan(ay)
        return t
    }

    // MARK: Applying

    /// Transforms a 3D point (homogeneous w = 1) and returns (x, y, z, w) before the divide.
    public func apply(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + z * m31 + m41,
         x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43,
         x * m14 + y * m24 + z * m34 + m44)
    }

    /// Transforms a point of the z = 0 plane and projects it (divides by w).
    public func project(_ p: Point) -> Point {
        let r = apply(x: p.x, y: p.y)
        return Point(r.x / r.w, r.y / r.w)
    }

    /// The 2D matrix this transform induces on the z = 0 plane when the
    /// result is flattened (z dropped): rows (m11 m12 m14), (m21 m22 m24), (m41 m42 m44).
    /// It is affine when m14 = m24 = 0 and m44 != 0.
    public var isAffine2D: Bool { m14 == 0 && m24 == 0 && m44 != 0 }

    /// The affine 2D part (a, b, c, d, tx, ty) with x' = a x + c y + tx, y' = b x + d y + ty.
    /// Only meaningful when `isAffine2D`.
    public var affine2D: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (m11 / m44, m12 / m44, m21 / m44, m22 / m44, m41 / m44, m42 / m44)
    }

    /// The bounding box of `rect` (z = 0) after this transform and projection.
    public func boundingBox(of rect: Rect) -> Rect {
        let corners = [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY),
                       Point(rect.minX, rect.maxY), Point(rect.maxX, rect.maxY)].map(project)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(minX, minY, xs.max()! - minX, ys.max()! - minY)
    }

    /// The inverse, or nil when singular.
    public var inverted: Transform3D? {
        let m = rowMajor
        var inv = [Double](repeating: 0, count: 16)
        inv[0] = m[5]*m[10]*m[15] - m[5]*m[11]*m[14] - m[9]*m[6]*m[15] + m[9]*m[7]*m[14] + m[13]*m[6]*m[11] - m[13]*m[7]*m[10]
        inv[4] = -m[4]*m[10]*m[15] + m[4]*m[11]*m[14] + m[8]*m[6]*m[15] - m[8]*m[7]*m[14] - m[12]*m[6]*m[11] + m[12]*m[7]*m[10]
        inv[8] = m[4]*m[9]*m[15] - m[4]*m[11]*m[13] - m[8]*m[5]*m[15] + m[8]*m[7]*m[13] + m[12]*m[5]*m[11] - m[12]*m[7]*m[9]
        inv[12] = -m[4]*m[9]*m[14] + m[4]*m[10]*m[13] + m[8]*m[5]*m[14] - m[8]*m[6]*m[13] - m[12]*m[5]*m[10] + m[12]*m[6]*m[9]
        inv[1] = -m[1]*m[10]*m[15] + m[1]*m[11]*m[14] + m[9]*m[2]*m[15] - m[9]*m[3]*m[14] - m[13]*m[2]*m[11] + m[13]*m[3]*m[10]
        inv[5] = m[0]*m[10]*m[15] - m[0]*m[11]*m[14] - m[8]*m[2]*m[15] + m[8]*m[3]*m[14] + m[12]*m[2]*m[11] - m[12]*m[3]*m[10]
        inv[9] = -m[0]*m[9]*m[15] + m[0]*m[11]*m[13] + m[8]*m[1]*m[15] - m[8]*m[3]*m[13] - m[12]*m[1]*m[11] + m[12]*m[3]*m[9]
        inv[13] = m[0]*m[9]*m[14] - m[0]*m[10]*m[13] - m[8]*m[1]*m[14] + m[8]*m[2]*m[13] + m[12]*m[1]*m[10] - m[12]*m[2]*m[9]
        inv[2] = m[1]*m[6]*m[15] - m[1]*m[7]*m[14] - m[5]*m[2]*m[15] + m[5]*m[3]*m[14] + m[13]*m[2]*m[7] - m[13]*m[3]*m[6]
        inv[6] = -m[0]*m[6]*m[15] + m[0]*m[7]*m[14] + m[4]*m[2]*m[15] - m[4]*m[3]*m[14] - m[12]*m[2]*m[7] + m[12]*m[3]*m[6]
        inv[10] = m[0]*m[5]*m[15] - m[0]*m[7]*m[13] - m[4]*m[1]*m[15] + m[4]*m[3]*m[13] + m[12]*m[1]*m[7] - m[12]*m[3]*m[5]
        inv[14] = -m[0]*m[5]*m[14] + m[0]*m[6]*m[13] + m[4]*m[1]*m[14] - m[4]*m[2]*m[13] - m[12]*m[1]*m[6] + m[12]*m[2]*m[5]
        inv[3] = -m[1]*m[6]*m[11] + m[1]*m[7]*m[10] + m[5]*m[2]*m[11] - m[5]*m[3]*m[10] - m[9]*m[2]*m[7] + m[9]*m[3]*m[6]
        inv[7] = m[0]*m[6]*m[11] - m[0]*m[7]*m[10] - m[4]*m[2]*m[11] + m[4]*m[3]*m[10] + m[8]*m[2]*m[7] - m[8]*m[3]*m[6]
        inv[11] = -m[0]*m[5]*m[11] + m[0]*m[7]*m[9] + m[4]*m[1]*m[11] - m[4]*m[3]*m[9] - m[8]*m[1]*m[7] + m[8]*m[3]*m[5]
        inv[15] = m[0]*m[5]*m[10] - m[0]*m[6]*m[9] - m[4]*m[1]*m[10] + m[4]*m[2]*m[9] + m[8]*m[1]*m[6] - m[8]*m[2]*m[5]
        let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12]
        guard det != 0, det.isFinite else { return nil }
        return Transform3D(rowMajor: inv.map { $0 / det })
    }
}

/// One operation of a YAML transform list. Angles are radians, lengths points.
public enum TransformOperation: Sendable, Hashable {
    case perspective(Double)
    case translate(Double, Double, Double)
    case scale(Double, Double, Double)
    case rotate(angle: Double, x: Double, y: Double, z: Double)
    case skew(Double, Double)
    case matrix(Transform3D)

    public var matrix: Transform3D {
        switch self {
        case .perspective(let d): return .perspective(d)
        case .translate(let x, let y, let z): return .translation(x, y, z)
        case .scale(let x, let y, let z): return .scale(x, y, z)
        case .rotate(let a, let x, let y, let z): return .rotation(a, x, y, z)
        case .skew(let ax, let ay): return .skew(ax, ay)
        case .matrix(let m): return m
        }
    }
}

extension Transform3D {
    /// Composes operations like successive CATransform3DRotate/Scale/Translate
    /// calls (and like a CSS transform list): each acts in the coordinate
    /// system the ones before it produced, so the last one touches the point first.
    public init(operations: [TransformOperation]) {
        var m = Transform3D.identity
        for op in operations { m = op.matrix * m }
        self = m
    }
}
