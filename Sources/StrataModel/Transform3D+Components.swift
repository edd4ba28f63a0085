import Foundation

/// The virtual key paths Core Animation offers on `transform`
/// (`transform.rotation[.x|.y|.z]`, `transform.scale[.x|.y|.z]`,
/// `transform.translation[.x|.y|.z]`): one component of the decomposed
/// transform (see `DecomposedTransform`), read or replaced with the others kept.
///
/// Rotation components are Euler angles in radians, in this convention:
///
///     R = Rx(x) · Ry(y) · Rz(z)     row-vector layout: about x first, then y, then z
///       = Transform3D.rotation(x, 1,0,0) * .rotation(y, 0,1,0) * .rotation(z, 0,0,1)
///
/// Every rotation has two such angle triples, (x, y, z) and
/// (x + π, π - y, z + π) (at y = ±π/2, gimbal lock, a whole family, read
/// with z = 0). The one read is the smaller total turn |x| + |y| + |z|
/// (each in (-π, π]; the one with y ∈ [-π/2, π/2] at a tie): a rotation
/// about one axis alone reads as that angle, also past ±90° (rotateY 100°
/// reads y = 100°, not x = z = 180°, y = 80°), and writing one component
/// keeps the others as the model was built, so a sub-key animation whose
/// value equals the model's draws the model exactly.
///
/// `transform.scale` reads the average of the three scale factors' sizes
/// (Core Animation: "the average of all three scale factors") and writes
/// all three, each keeping its sign, so a mirror (`scale: [-1, 1]`) stays
/// a mirror; on a non-uniform scale, writing it makes the sizes uniform.
///
/// Animations interpolate the scalar of a virtual path (so `rotation.z` from
/// 0 to 2π turns once) and write each sampled value back with
/// `settingComponent`, which uses the angle itself (no quaternion round
/// trip), so large angles stay exact.
extension Transform3D {
    /// Reads one virtual component:
    /// - `.rotation`: Euler angle in radians about `axis` (nil means z);
    /// - `.scale`: the scale factor along `axis`; nil is the mean of the
    ///   three factors' sizes (Core Animation's `transform.scale`);
    /// - `.translation`: points along `axis` as `.scalar`; nil is
    ///   `.size(Size(tx, ty))`.
    /// A matrix that cannot be decomposed is read directly (translation from
    /// row 4 over m44, scale from row lengths, rotation z from m11, m12).
    public func component(_ c: LayerKeyPath.TransformComponent, axis: LayerKeyPath.Axis?) -> AnimatableValue {
        let t: SIMD3<Double>, s: SIMD3<Double>, angles: SIMD3<Double>
        if let u = unmatrix() {
            (t, s, angles) = (u.translation, u.scale, u.rotation.eulerAngles)
        } else {
            let w = m44 == 0 ? 1 : m44
            t = SIMD3(m41, m42, m43) / w
            s = SIMD3(SIMD3(m11, m12, m13).length, SIMD3(m21, m22, m23).length, SIMD3(m31, m32, m33).length) / abs(w)
            angles = SIMD3(0, 0, atan2(m12, m11))
        }
        switch c {
        case .rotation: return .scalar(angles[Self.index(axis ?? .z)])
        case .scale: return .scalar(axis.map { s[Self.index($0)] } ?? (abs(s.x) + abs(s.y) + abs(s.z)) / 3)
        case .translation:
            guard let axis else { return .size(Size(t.x, t.y)) }
            return .scalar(t[Self.index(axis)])
        }
    }

    /// This transform with one virtual component replaced by `value`, the
    /// other components of its decomposition kept, recomposed:
    /// - `.rotation` takes `.scalar` radians about `axis` (nil means z);
    /// - `.scale` takes `.scalar`; nil sets all three factors to it, each
    ///   keeping its sign (a mirror stays one);
    /// - `.translation` takes `.scalar` with an axis, `.size` (or `.point`)
    ///   without one (x and y; z is kept).
    /// A value of another kind, or a matrix that cannot be decomposed, leaves
    /// the transform unchanged.
    public func settingComponent(_ c: LayerKeyPath.TransformComponent, axis: LayerKeyPath.Axis?,
                                 to value: AnimatableValue) -> Transform3D {
        guard var u = unmatrix() else { return self }
        switch (c, value) {
        case (.rotation, .scalar(let v)):
            var angles = u.rotation.eulerAngles
            angles[Self.index(axis ?? .z)] = v
            u.rotation = Basis3(eulerAngles: angles)
        case (.scale, .scalar(let v)):
            if let axis {
                u.scale[Self.index(axis)] = v
            } else {
                for i in 0..<3 { u.scale[i] = u.scale[i] < 0 ? -v : v }
            }
        case (.translation, .scalar(let v)):
            guard let axis else { return self }
            u.translation[Self.index(axis)] = v
        case (.translation, .size(let size)) where axis == nil:
            u.translation.x = size.width; u.translation.y = size.height
        case (.translation, .point(let p)) where axis == nil:
            u.translation.x = p.x; u.translation.y = p.y
        default:
            return self
        }
        return Self.compose(translation: u.translation, scale: u.scale, skew: u.skew,
                            perspective: u.perspective, rotation: u.rotation)
    }

    private static func index(_ axis: LayerKeyPath.Axis) -> Int {
        switch axis {
        case .x: return 0
        case .y: return 1
        case .z: return 2
        }
    }
}

extension DecomposedTransform {
    /// The rotation as Euler angles (x, y, z) in radians, in the convention of
    /// Transform3D+Components.swift: R = Rx(x) · Ry(y) · Rz(z).
    public var eulerAngles: SIMD3<Double> { Basis3(quaternion: quaternion).eulerAngles }
}

extension Basis3 {
    /// Rx(a) · Ry(b) · Rz(c) (row-vector: about x first), from the angles themselves.
    init(eulerAngles e: SIMD3<Double>) {
        func axisRotation(_ angle: Double, _ i: Int) -> Basis3 {
            if angle == 0 { return .identity }
            let c = cos(angle), s = sin(angle)
            switch i {
            case 0: return Basis3(r0: SIMD3(1, 0, 0), r1: SIMD3(0, c, s), r2: SIMD3(0, -s, c))
            case 1: return Basis3(r0: SIMD3(c, 0, -s), r1: SIMD3(0, 1, 0), r2: SIMD3(s, 0, c))
            default: return Basis3(r0: SIMD3(c, s, 0), r1: SIMD3(-s, c, 0), r2: SIMD3(0, 0, 1))
            }
        }
        self = axisRotation(e.x, 0) * axisRotation(e.y, 1) * axisRotation(e.z, 2)
    }

    /// The Euler angles (x, y, z) of this rotation, each in (-π, π]: of the
    /// two triples that give it, (x, y, z) with y ∈ [-π/2, π/2] and
    /// (x + π, π - y, z + π), the one with the smaller total turn
    /// |x| + |y| + |z| (the first at a tie), so that a rotation about one
    /// axis reads as that angle. At gimbal lock (y = ±π/2) z is 0 and x
    /// takes the whole remaining turn.
    var eulerAngles: SIMD3<Double> {
        let a = principalEulerAngles
        guard abs(a.y) < Double.pi / 2 - 1e-9 else { return a }
        func wrapped(_ v: Double) -> Double {
            let w = v - 2 * Double.pi * (v / (2 * Double.pi)).rounded()
            return w <= -Double.pi ? w + 2 * Double.pi : w
        }
        let b = SIMD3(wrapped(a.x + Double.pi), wrapped(Double.pi - a.y), wrapped(a.z + Double.pi))
        func turn(_ e: SIMD3<Double>) -> Double { abs(e.x) + abs(e.y) + abs(e.z) }
        return turn(b) < turn(a) - 1e-12 ? b : a
    }

    /// The Euler angles with y ∈ [-π/2, π/2]; at gimbal lock (y = ±π/2) z
    /// is 0 and x takes the whole remaining turn.
    var principalEulerAngles: SIMD3<Double> {
        let sinY = min(max(-r0.z, -1), 1)
        // atan2 rather than asin: accurate near ±π/2 too.
        let y = atan2(sinY, (r0.x * r0.x + r0.y * r0.y).squareRoot())
        if abs(sinY) > 1 - 1e-12 {
            return SIMD3(atan2(sinY * r1.x, r1.y), y, 0)
        }
        return SIMD3(atan2(r1.z, r2.z), y, atan2(r0.y, r0.x))
    }
}
