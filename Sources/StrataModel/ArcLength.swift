/// Arc length of a smooth parametric curve on u ∈ [0, 1], and its inverse,
/// for paced keyframes (constant speed along a path or a spline).
///
///     speed(u) = |dC/du|
///     length(u) = ∫₀ᵘ speed             table: length at u = k/16, k = 0...16
///     parameter(ℓ): the u with length(u) = ℓ
///
/// The table is integrated with 8-point Gauss–Legendre on each sixteenth,
/// exact for polynomials of degree 15 and accurate to about 1e-10 of the
/// length for the cubic Béziers and Hermite splines it measures. The inverse
/// finds the sixteenth by binary search, then refines with Newton's method
/// on the same quadrature (bisection where the speed vanishes).
public struct ArcLengthTable: Sendable, Hashable {
    /// Sub-intervals of [0, 1].
    public static let pieces = 16
    /// Cumulative length at u = k / pieces, k = 0...pieces.
    public let cumulative: [Double]
    public var total: Double { cumulative[cumulative.count - 1] }

    public init(speed: (Double) -> Double) {
        var c = [0.0]
        c.reserveCapacity(Self.pieces + 1)
        for k in 0..<Self.pieces {
            let a = Double(k) / Double(Self.pieces), b = Double(k + 1) / Double(Self.pieces)
            c.append(c[k] + Self.integrate(speed, a, b))
        }
        cumulative = c
    }

    /// ∫ₐᵇ speed(u) du by 8-point Gauss–Legendre.
    public static func integrate(_ speed: (Double) -> Double, _ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2, mid = (a + b) / 2
        var sum = 0.0
        for i in 0..<8 { sum += gaussWeights[i] * speed(mid + half * gaussNodes[i]) }
        return sum * half
    }

    /// The parameter u ∈ [0, 1] at arc length `length` (clamped to 0...total).
    public func parameter(atLength length: Double, speed: (Double) -> Double) -> Double {
        let total = self.total
        guard total > 0, length > 0 else { return 0 }
        guard length < total else { return 1 }
        // The last k with cumulative[k] <= length.
        var lo = 0, hi = Self.pieces
        while hi - lo > 1 {
            let m = (lo + hi) / 2
            if cumulative[m] <= length { lo = m } else { hi = m }
        }
        let a = Double(lo) / Double(Self.pieces), b = Double(lo + 1) / Double(Self.pieces)
        let span = cumulative[lo + 1] - cumulative[lo]
        guard span > 0 else { return a }
        var low = a, high = b
        var u = a + (b - a) * (length - cumulative[lo]) / span
        for _ in 0..<24 {
            let f = cumulative[lo] + Self.integrate(speed, a, u) - length
            if abs(f) <= 1e-12 * max(1, total) { return u }
            if f > 0 { high = u } else { low = u }
            let d = speed(u)
            var next = d > 1e-12 ? u - f / d : (low + high) / 2
            if !(next > low && next < high) { next = (low + high) / 2 }
            if abs(next - u) <= 1e-15 { return next }
            u = next
        }
        return u
    }

    private static let gaussNodes: [Double] = [
        -0.9602898564975363, -0.7966664774136267, -0.5255324099163290, -0.1834346424956498,
        0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363,
    ]
    private static let gaussWeights: [Double] = [
        0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.3626837833783620,
        0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763,
    ]
}
