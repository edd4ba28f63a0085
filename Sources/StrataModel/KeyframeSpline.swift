/// The Kochanek–Bartels spline of the cubic keyframe modes: a cubic Hermite
/// segment between each pair of keyframes, through every value, with
/// tangents shaped by tension t, continuity c and bias b (all 0: Catmull–Rom).
///
/// With chords Δ₋ = Pᵢ - Pᵢ₋₁ and Δ₊ = Pᵢ₊₁ - Pᵢ (the value before the first
/// and after the last repeat the end values, so the end chords are 0):
///
///     incoming tangent at i:  (1-t)(1+b)(1-c)/2 · Δ₋ + (1-t)(1-b)(1+c)/2 · Δ₊
///     outgoing tangent at i:  (1-t)(1+b)(1+c)/2 · Δ₋ + (1-t)(1-b)(1-c)/2 · Δ₊
///
/// Segments of unequal duration scale the tangents so that speed stays
/// continuous across a keyframe (Kochanek & Bartels 1984): the incoming one
/// by 2·Nᵢ₋₁/(Nᵢ₋₁ + Nᵢ), the outgoing one by 2·Nᵢ/(Nᵢ₋₁ + Nᵢ), where Nᵢ is
/// the duration of segment i. Segment i at s ∈ [0, 1]:
///
///     H(s) = h₀₀(s)·Pᵢ + h₁₀(s)·outᵢ + h₀₁(s)·Pᵢ₊₁ + h₁₁(s)·inᵢ₊₁
///     h₀₀ = 2s³-3s²+1, h₁₀ = s³-2s²+s, h₀₁ = -2s³+3s², h₁₁ = s³-s²
///
/// so H(0) = Pᵢ and H(1) = Pᵢ₊₁ exactly: the spline passes through the values.
public struct KeyframeSpline: Sendable, Hashable {
    public let points: [[Double]]
    public let incoming: [[Double]]
    public let outgoing: [[Double]]

    /// `points` all of one length; `times` one per point (segment durations
    /// for the speed correction); the parameter arrays one per point or nil.
    public init(points: [[Double]], times: [Double], tension: [Double]?, continuity: [Double]?, bias: [Double]?) {
        self.points = points
        let n = points.count
        let dim = points.first?.count ?? 0
        func param(_ a: [Double]?, _ i: Int) -> Double { a.flatMap { $0.count == n ? $0[i] : nil } ?? 0 }
        var inT: [[Double]] = [], outT: [[Double]] = []
        for i in 0..<n {
            let prev = points[max(i - 1, 0)], next = points[min(i + 1, n - 1)], p = points[i]
            let t = param(tension, i), c = param(continuity, i), b = param(bias, i)
            let inA = (1 - t) * (1 + b) * (1 - c) / 2, inB = (1 - t) * (1 - b) * (1 + c) / 2
            let outA = (1 - t) * (1 + b) * (1 + c) / 2, outB = (1 - t) * (1 - b) * (1 - c) / 2
            var inScale = 1.0, outScale = 1.0
            if i > 0 && i < n - 1, times.count == n {
                let before = times[i] - times[i - 1], after = times[i + 1] - times[i]
                if before + after > 0 {
                    inScale = 2 * before / (before + after)
                    outScale = 2 * after / (before + after)
                }
            }
            var a = [Double](repeating: 0, count: dim), o = a
            for k in 0..<dim {
                let dm = p[k] - prev[k], dp = next[k] - p[k]
                a[k] = (inA * dm + inB * dp) * inScale
                o[k] = (outA * dm + outB * dp) * outScale
            }
            inT.append(a)
            outT.append(o)
        }
        incoming = inT
        outgoing = outT
    }

    /// H(s) on segment i (from point i to point i + 1).
    public func value(segment i: Int, at s: Double) -> [Double] {
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        let p0 = points[i], p1 = points[i + 1], m0 = outgoing[i], m1 = incoming[i + 1]
        var r = p0
        for k in r.indices { r[k] = h00 * p0[k] + h10 * m0[k] + h01 * p1[k] + h11 * m1[k] }
        return r
    }

    /// |dH/ds| on segment i.
    public func speed(segment i: Int, at s: Double) -> Double {
        let s2 = s * s
        let d00 = 6 * s2 - 6 * s, d10 = 3 * s2 - 4 * s + 1, d01 = -6 * s2 + 6 * s, d11 = 3 * s2 - 2 * s
        let p0 = points[i], p1 = points[i + 1], m0 = outgoing[i], m1 = incoming[i + 1]
        var sum = 0.0
        for k in p0.indices {
            let d = d00 * p0[k] + d10 * m0[k] + d01 * p1[k] + d11 * m1[k]
            sum += d * d
        }
        return sum.squareRoot()
    }
}

/// Where a keyframe animation stands at a progress.
public enum KeyframePosition: Sendable, Hashable {
    /// Showing keyframe `index` (discrete mode, or a single keyframe).
    case hold(Int)
    /// In segment `index` (from keyframe index to index + 1) at s ∈ [0, 1],
    /// before the segment's timing function.
    case segment(Int, Double)
}

extension KeyframeAnimation {
    /// The segment (or held keyframe) at progress `p`; nil without keyframes.
    /// See the type's documentation for the rules at equal key times.
    public func locate(_ progress: Double) -> KeyframePosition? {
        let n = values.count
        guard n > 0 else { return nil }
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        if n == 1 { return .hold(0) }
        if calculationMode == .discrete {
            // The last of the first n key times at or before p.
            var index = 0
            for j in 0..<n where times[j] <= p { index = j }
            return .hold(index)
        }
        if p >= times[n - 1] { return .segment(n - 2, 1) }
        // The last i in 0...n-2 with times[i] <= p (binary search: times do not decrease).
        var lo = 0, hi = n - 1  // invariant: times[lo] <= p (or lo == 0), times[hi] > p
        if times[0] > p { return .segment(0, 0) }
        while hi - lo > 1 {
            let m = (lo + hi) / 2
            if times[m] <= p { lo = m } else { hi = m }
        }
        let span = times[lo + 1] - times[lo]
        return .segment(lo, span > 0 ? (p - times[lo]) / span : 1)
    }

    /// The first and last keyframes: `cumulative` steps by their difference each repeat.
    public var firstValue: AnimatableValue? { values.first }
    public var lastValue: AnimatableValue? { values.last }
}
