/// CAKeyframeAnimation: a value at each keyframe and a rule for the way
/// between them. Everything that does not depend on time (key times of the
/// paced modes, spline tangents, arc-length tables) is resolved once here,
/// so that sampling a frame only looks things up.
///
/// Progress p (after the animation's own timing function) maps to a segment:
///
///     keyTimes   0          0.3               0.3     1
///     values     a ──────── b                 c ───── d
///                 segment 0    (equal times:   segment 2
///                               b jumps to c)
///
/// p lies in segment i when keyTimes[i] ≤ p < keyTimes[i+1] (the last i
/// with keyTimes[i] ≤ p, so at equal key times the later value applies);
/// s = (p - keyTimes[i]) / (keyTimes[i+1] - keyTimes[i]) is shaped by
/// `timingFunctions[i]`, then interpolated by the calculation mode.
/// p ≥ the last key time gives the last value. Progress outside 0...1 (an
/// overshooting timing function) is clamped: keyframes do not extrapolate.
public struct KeyframeAnimation: Sendable {
    /// `calculationMode` (kCAAnimationLinear...).
    public enum CalculationMode: String, Sendable, Hashable, CaseIterable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// `rotationMode`: turn the layer to the path's tangent (`autoReverse`: plus 180°).
    public enum RotationMode: String, Sendable, Hashable, CaseIterable {
        case auto, autoReverse
    }

    /// One value per keyframe; for a path animation, the path's points (`.point`).
    public let values: [AnimatableValue]
    /// The motion path, when the animation follows one (then `values` are its points).
    public let path: MotionPath?
    /// As written; nil when not given (or ignored, as in the paced modes).
    public let keyTimes: [Double]?
    /// One per segment (keyframes - 1); nil for linear segments.
    public let timingFunctions: [TimingFunction]?
    public let calculationMode: CalculationMode
    /// Kochanek–Bartels parameters of the cubic modes, one per keyframe (nil: all 0).
    public let tensionValues: [Double]?
    public let continuityValues: [Double]?
    public let biasValues: [Double]?
    public let rotationMode: RotationMode?

    /// The key time of each keyframe after resolution (n entries; n + 1 in
    /// discrete mode with n + 1 key times given).
    public let times: [Double]
    /// The Kochanek–Bartels spline, for the cubic modes on vector values.
    public let spline: KeyframeSpline?
    /// Arc-length tables of the spline's segments (cubicPaced).
    public let splineTables: [ArcLengthTable]

    /// A keyframe animation through `values`. Arrays whose counts do not fit
    /// (the parser reports those) are ignored, never trapped on.
    public init(values: [AnimatableValue], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear, tensionValues: [Double]? = nil,
                continuityValues: [Double]? = nil, biasValues: [Double]? = nil) {
        self.init(values: values, path: nil, keyTimes: keyTimes, timingFunctions: timingFunctions,
                  calculationMode: calculationMode, tension: tensionValues, continuity: continuityValues,
                  bias: biasValues, rotationMode: nil)
    }

    /// A keyframe animation along `path` (its points are the keyframes).
    /// The cubic modes follow the path's own curves: `cubic` times like
    /// `linear`, `cubicPaced` like `paced`.
    public init(path: MotionPath, keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear, rotationMode: RotationMode? = nil) {
        self.init(values: path.points.map { .point($0) }, path: path, keyTimes: keyTimes,
                  timingFunctions: timingFunctions, calculationMode: calculationMode, tension: nil,
                  continuity: nil, bias: nil, rotationMode: rotationMode)
    }

    private init(values: [AnimatableValue], path: MotionPath?, keyTimes: [Double]?, timingFunctions: [TimingFunction]?,
                 calculationMode: CalculationMode, tension: [Double]?, continuity: [Double]?, bias: [Double]?,
                 rotationMode: RotationMode?) {
        self.values = values
        self.path = path
        self.calculationMode = calculationMode
        self.tensionValues = tension
        self.continuityValues = continuity
        self.biasValues = bias
        self.rotationMode = rotationMode
        let n = values.count
        let usable = keyTimes.flatMap { Self.validKeyTimes($0, count: n, mode: calculationMode) ? $0 : nil }
        self.keyTimes = usable
        self.timingFunctions = timingFunctions.flatMap { $0.count == n - 1 ? $0 : nil }

        let cubic = calculationMode == .cubic || calculationMode == .cubicPaced
        let isVector = path == nil && n > 1 && values.allSatisfy { $0.vector?.count == values[0].vector?.count && $0.vector != nil }
        if cubic && isVector {
            // cubicPaced shapes the spline with equal segments, then paces along it.
            let shapeTimes = calculationMode == .cubic ? (usable ?? Self.uniform(n)) : Self.uniform(n)
            let s = KeyframeSpline(points: values.map { $0.vector! }, times: shapeTimes,
                                   tension: tension, continuity: continuity, bias: bias)
            spline = s
            splineTables = calculationMode == .cubicPaced ? (0..<(n - 1)).map { i in
                ArcLengthTable { u in s.speed(segment: i, at: u) }
            } : []
        } else {
            spline = nil
            splineTables = []
        }
        times = Self.resolveTimes(values: values, path: path, keyTimes: usable, mode: calculationMode,
                                  splineTables: splineTables)
    }

    /// Whether the mode paces (constant speed; key times and timing functions ignored).
    public var isPaced: Bool { calculationMode == .paced || calculationMode == .cubicPaced }

    /// Core Animation's rules for `keyTimes`, the ones the parser reports:
    /// one per keyframe (discrete mode also takes one more), each in 0...1
    /// and not below the one before, the first 0 and the last 1.
    public static func validKeyTimes(_ k: [Double], count n: Int, mode: CalculationMode) -> Bool {
        let counts = mode == .discrete ? [n, n + 1] : [n]
        guard counts.contains(k.count), let first = k.first, let last = k.last else { return false }
        guard first == 0, last == 1 else { return false }
        for i in k.indices where !(k[i] >= 0 && k[i] <= 1) || (i > 0 && k[i] < k[i - 1]) { return false }
        return true
    }

    /// i / (n - 1), the default spacing of the interpolating modes.
    static func uniform(_ n: Int) -> [Double] {
        n < 2 ? Array(repeating: 0, count: n) : (0..<n).map { Double($0) / Double(n - 1) }
    }

    private static func resolveTimes(values: [AnimatableValue], path: MotionPath?, keyTimes: [Double]?,
                                     mode: CalculationMode, splineTables: [ArcLengthTable]) -> [Double] {
        let n = values.count
        guard n > 1 else { return Array(repeating: 0, count: n) }
        switch mode {
        case .discrete:
            // Without key times each value shows for an equal share: value i from i/n.
            return keyTimes ?? (0..<n).map { Double($0) / Double(n) }
        case .paced, .cubicPaced:
            let lengths: [Double]
            if let path {
                lengths = path.segments.indices.map { path.length(ofSegment: $0) }
            } else if !splineTables.isEmpty {
                lengths = splineTables.map(\.total)
            } else {
                lengths = (0..<(n - 1)).map { values[$0].distance(to: values[$0 + 1]) }
            }
            return cumulativeShares(lengths) ?? uniform(n)
        case .linear, .cubic:
            if let keyTimes { return keyTimes }
            if let path {
                // Equal time per segment that moves; moves inside the path take none.
                return cumulativeShares(path.segments.map { $0.isJump ? 0 : 1 }) ?? uniform(n)
            }
            return uniform(n)
        }
    }

    /// 0, then the running sum of `weights` over their total (nil when the total is not positive).
    private static func cumulativeShares(_ weights: [Double]) -> [Double]? {
        let total = weights.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        var times = [0.0], run = 0.0
        for w in weights.dropLast() {
            run += w
            times.append(run / total)
        }
        times.append(1)
        return times
    }
}
