import StrataModel

/// Arithmetic of paths, color lists and number lists: element by element
/// when the structures (path element kinds, list counts) match. Mismatches
/// are rejected at parse time where the values are known; one that only
/// shows at run time switches at the midpoint, as Core Animation does for
/// values it cannot interpolate.
extension AnimatableValue {
    func listInterpolated(to other: AnimatableValue, _ t: Double) -> AnimatableValue {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        switch (self, other) {
        case (.path(let a), .path(let b)):
            if let p = a.interpolated(to: b, t) { return .path(p) }
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(zip(a, b).map { Color(lerp($0.red, $1.red), lerp($0.green, $1.green),
                                                  lerp($0.blue, $1.blue), lerp($0.alpha, $1.alpha)) })
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return .numbers(zip(a, b).map { lerp($0, $1) })
        default: break
        }
        return t < 0.5 ? self : other
    }

    /// `self + sign * other`, element by element; `other` when the shapes differ.
    func listCombined(_ other: AnimatableValue, sign: Double) -> AnimatableValue {
        switch (self, other) {
        case (.path(let a), .path(let b)):
            if let p = a.zipPoints(b, { Point($0.x + sign * $1.x, $0.y + sign * $1.y) }) { return .path(p) }
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(zip(a, b).map { Color($0.red + sign * $1.red, $0.green + sign * $1.green,
                                                  $0.blue + sign * $1.blue, $0.alpha + sign * $1.alpha) })
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return .numbers(zip(a, b).map { $0 + sign * $1 })
        default: break
        }
        return sign > 0 ? other : self
    }

    /// Every element times `k`.
    func listScaled(_ k: Double) -> AnimatableValue {
        switch self {
        case .path(let p): return .path(p.mapPoints { $0 * k })
        case .colors(let c): return .colors(c.map { Color($0.red * k, $0.green * k, $0.blue * k, $0.alpha * k) })
        case .numbers(let n): return .numbers(n.map { $0 * k })
        default: return self
        }
    }
}
