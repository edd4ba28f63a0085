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
///
/// A layer that shows a used scene (a composition, `Layer.composition`)
/// has the rest of CAMediaTiming too: `duration` (the used scene's by
/// default), repeats, `autoreverses` and `fillMode` fold its time into one
/// play of the scene and bound where it is drawn (`activeTime`), exactly as
/// an animation's timing folds the animation's (`MediaTiming.position`).
public struct LayerTiming: Sendable, Hashable {
    /// Seconds in the superlayer's time.
    public var beginTime: Double = 0
    public var speed: Double = 1
    /// Seconds.
    public var timeOffset: Double = 0
    /// Seconds of one play of the layer's time; nil (every layer but a
    /// composition's): the time runs without end and is never folded.
    public var duration: Double? = nil
    /// Plays of `duration`, may be fractional or infinite; 0 means 1.
    public var repeatCount: Double = 0
    /// Seconds of repeating; 0 means not set (exclusive with `repeatCount`).
    public var repeatDuration: Double = 0
    public var autoreverses = false
    /// Before the first play (backwards) and after the last (forwards) the
    /// layer holds the time it starts or ends at; otherwise it is not drawn there.
    public var fillMode: FillMode = .removed
    public init() {}
    public init(beginTime: Double, speed: Double, timeOffset: Double) {
        self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
    }

    /// The layer's unfolded local time for its superlayer's time `parentTime`
    /// (seconds): the whole mapping of a layer without `duration`.
    public func localTime(_ parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + timeOffset
    }

    /// The layer's local time for its superlayer's time `parentTime`
    /// (seconds), folded into one play when the layer has a `duration`; nil
    /// when the layer is outside its active interval and does not fill
    /// there (it draws nothing then).
    ///
    /// Choice: after its end, a forwards fill holds the time just before
    /// the end (`heldEndMargin` earlier), the limit of the frames played,
    /// so that what plays to the very end inside it (a nested used scene
    /// of the same length) holds too instead of ending with it.
    public func activeTime(_ parentTime: Double) -> Double? {
        guard duration != nil else { return localTime(parentTime) }
        let m = media
        guard let seconds = m.position(layerTime: parentTime, removedOnCompletion: false)?.seconds else { return nil }
        return parentTime >= m.endTime ? max(0, seconds - Self.heldEndMargin) : seconds
    }

    /// Seconds before the end of its last play that a forwards-filled layer holds (1 ns).
    public static let heldEndMargin = 1e-9

    /// The same CAMediaTiming as an animation's (`duration` nil: unbounded).
    public var media: MediaTiming {
        var m = MediaTiming()
        m.beginTime = beginTime
        m.speed = speed
        m.timeOffset = timeOffset
        m.duration = duration ?? 0
        m.repeatCount = repeatCount
        m.repeatDuration = repeatDuration
        m.autoreverses = autoreverses
        m.fillMode = fillMode
        return m
    }

    /// Whether the layer's time is folded or bounded (it has a `duration`).
    public var isBounded: Bool { duration != nil }
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
