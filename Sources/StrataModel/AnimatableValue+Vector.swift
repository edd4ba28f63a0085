/// Animatable values as plain vectors of numbers, for the keyframe math that
/// needs more than interpolation between two values: distances (paced mode)
/// and weighted sums (cubic splines).
///
/// Scalars, points, sizes, rects and colors are vectors of 1, 2, 2, 4 and 4
/// numbers (color components in sRGB, non-premultiplied). Transforms and
/// booleans are not vectors: cubic modes interpolate them linearly and paced
/// modes measure them with `distance(to:)` below.
extension AnimatableValue {
    /// The numbers of a vector-like value, or nil (transforms, booleans, and
    /// any kind without a vector form).
    public var vector: [Double]? {
        switch self {
        case .scalar(let v): return [v]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.minX, r.minY, r.width, r.height]
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        default: return nil
        }
    }

    /// A value of this value's kind made of `numbers` (as many as `vector` has).
    public func withVector(_ v: [Double]) -> AnimatableValue {
        switch self {
        case .scalar: return .scalar(v[0])
        case .point: return .point(Point(v[0], v[1]))
        case .size: return .size(Size(v[0], v[1]))
        case .rect: return .rect(Rect(v[0], v[1], v[2], v[3]))
        case .color: return .color(Color(v[0], v[1], v[2], v[3]))
        default: return self
        }
    }

    /// How far apart two values are, for paced keyframes: Euclidean distance
    /// of the vectors; for transforms the Euclidean (Frobenius) distance of
    /// the matrices; for booleans 0 or 1; for values of different kinds 1.
    public func distance(to other: AnimatableValue) -> Double {
        if let a = vector, let b = other.vector, a.count == b.count {
            var sum = 0.0
            for i in a.indices { sum += (b[i] - a[i]) * (b[i] - a[i]) }
            return sum.squareRoot()
        }
        switch (self, other) {
        case (.transform(let a), .transform(let b)):
            let x = a.rowMajor, y = b.rowMajor
            var sum = 0.0
            for i in x.indices { sum += (y[i] - x[i]) * (y[i] - x[i]) }
            return sum.squareRoot()
        case (.bool(let a), .bool(let b)): return a == b ? 0 : 1
        default: return self == other ? 0 : 1
        }
    }
}
