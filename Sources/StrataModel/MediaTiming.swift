/// How an animation or layer fills outside its active interval.
public enum FillMode: String, Sendable, Hashable, CaseIterable {
    case removed, forwards, backwards, both
}

/// CAMediaTiming for an animation. Times are seconds in the layer's local time.
///
///     layer local time ──────────────────────────────────────────────▶
///            beginTime                          beginTime + active/speed
///     ···fill···│▶ repeat 0 ▶│▶ repeat 1 ▶│▶ ... │···fill (forwards)···
///       (backwards)   one repeat = duration (x2 with autoreverses)
///
/// `duration` 0 means 0.25 s (Core Animation's default); `repeatCount` 0
/// means once; `repeatDuration` and `repeatCount` are exclusive.
public struct MediaTiming: Sendable, Hashable {
    /// Seconds, in the layer's local time.
    public var beginTime: Double = 0
    /// Seconds of one simple iteration; 0 means 0.25 s.
    public var duration: Double = 0
    /// Multiplier from parent (layer) time to animation time.
    public var speed: Double = 1
    /// Seconds added to the animation's local time (wraps within the active duration).
    public var timeOffset: Double = 0
    /// Number of repeats, may be fractional or infinite; 0 means 1.
    public var repeatCount: Double = 0
    /// Seconds of repeating; 0 means not set.
    public var repeatDuration: Double = 0
    public var autoreverses: Bool = false
    public var fillMode: FillMode = .removed

    public init() {}
}

/// The time mapping of a layer: `local = (parentTime - beginTime) * speed + timeOffset`.
public struct LayerTiming: Sendable, Hashable {
    /// Seconds in the superlayer's time.
    public var beginTime: Double = 0
    public var speed: Double = 1
    /// Seconds.
    public var timeOffset: Double = 0
    public init() {}
    public init(beginTime: Double, speed: Double, timeOffset: Double) {
        self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
    }

    /// The layer's local time for its superlayer's time `parentTime` (seconds).
    public func localTime(_ parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + timeOffset
    }
}

/// Where an animation stands at a given time.
public struct TimingSample: Sendable, Hashable {
    /// Position within one simple duration, 0...1, after autoreverse folding
    /// and before the timing function.
    public var fraction: Double
    /// Completed repeats (for `cumulative`), 0-based.
    public var iteration: Int
    public init(fraction: Double, iteration: Int) {
        self.fraction = fraction
        self.iteration = iteration
    }
}
