/// CAValueFunction: a `transform` animation whose values are numbers, not
/// matrices. The animation interpolates the number (or the vector) and the
/// function turns each sampled value into the transform that is drawn, so
/// `rotateZ` from 0 to 360° turns a whole turn (a matrix animation between
/// two equal matrices would not move).
///
/// As in Core Animation the transform made replaces the property's value
/// (its other components are not kept), or with `additive` is concatenated
/// onto it. A missing `from` or `to` reads the matching component of the
/// value below (`rotateZ`: `transform.rotation.z`).
public enum ValueFunction: String, Sendable, Hashable, CaseIterable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ

    /// Whether the values are vectors `[x, y, z]` (scale, translate) rather than numbers.
    public var takesVector: Bool { self == .scale || self == .translate }

    /// The transform of a sampled value: angles in radians, translations in
    /// points, scales as factors; a vector's missing z is 1 (scale) or 0
    /// (translate). Nil for a value of another kind.
    public func transform(for value: AnimatableValue) -> Transform3D? {
        switch (self, value) {
        case (.rotateX, .scalar(let a)): return .rotation(a, 1, 0, 0)
        case (.rotateY, .scalar(let a)): return .rotation(a, 0, 1, 0)
        case (.rotateZ, .scalar(let a)): return .rotation(a, 0, 0, 1)
        case (.scaleX, .scalar(let s)): return .scale(s, 1, 1)
        case (.scaleY, .scalar(let s)): return .scale(1, s, 1)
        case (.scaleZ, .scalar(let s)): return .scale(1, 1, s)
        case (.translateX, .scalar(let t)): return .translation(t, 0, 0)
        case (.translateY, .scalar(let t)): return .translation(0, t, 0)
        case (.translateZ, .scalar(let t)): return .translation(0, 0, t)
        case (.scale, .numbers(let v)) where v.count >= 2:
            return .scale(v[0], v[1], v.count > 2 ? v[2] : 1)
        case (.translate, .numbers(let v)) where v.count >= 2:
            return .translation(v[0], v[1], v.count > 2 ? v[2] : 0)
        default: return nil
        }
    }

    /// The transform component this function makes, read from `t` (what a
    /// missing end stands for).
    public func value(of t: Transform3D) -> AnimatableValue {
        func c(_ c: LayerKeyPath.TransformComponent, _ axis: LayerKeyPath.Axis) -> Double {
            t.component(c, axis: axis).scalarValue ?? 0
        }
        switch self {
        case .rotateX: return .scalar(c(.rotation, .x))
        case .rotateY: return .scalar(c(.rotation, .y))
        case .rotateZ: return .scalar(c(.rotation, .z))
        case .scaleX: return .scalar(c(.scale, .x))
        case .scaleY: return .scalar(c(.scale, .y))
        case .scaleZ: return .scalar(c(.scale, .z))
        case .translateX: return .scalar(c(.translation, .x))
        case .translateY: return .scalar(c(.translation, .y))
        case .translateZ: return .scalar(c(.translation, .z))
        case .scale: return .numbers([c(.scale, .x), c(.scale, .y), c(.scale, .z)])
        case .translate: return .numbers([c(.translation, .x), c(.translation, .y), c(.translation, .z)])
        }
    }

    /// The virtual key path whose values a scalar function takes (for
    /// parsing: `rotateZ` takes angles as `transform.rotation.z` does).
    public var component: (LayerKeyPath.TransformComponent, LayerKeyPath.Axis)? {
        switch self {
        case .rotateX: return (.rotation, .x)
        case .rotateY: return (.rotation, .y)
        case .rotateZ: return (.rotation, .z)
        case .scaleX: return (.scale, .x)
        case .scaleY: return (.scale, .y)
        case .scaleZ: return (.scale, .z)
        case .translateX: return (.translation, .x)
        case .translateY: return (.translation, .y)
        case .translateZ: return (.translation, .z)
        case .scale, .translate: return nil
        }
    }
}

extension AnimatableValue {
    /// The scalar, if this is one.
    public var scalarValue: Double? {
        if case .scalar(let v) = self { return v }
        return nil
    }
}
