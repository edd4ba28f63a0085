/// CAMediaTiming sampling: from a layer's local time to where an animation
/// stands (position within one simple duration, completed repeats).
///
/// Example: `beginTime 1, duration 1, repeatCount 2, autoreverses, speed 2`
/// (one repeat = 2 s of animation time, active = 4 s, i.e. 2 s of layer time):
///
///     layer time  0         1         1.5       2         2.5       3         4
///                 ├─────────┼─────────┼─────────┼─────────┼─────────┼─────────┤
///                   (before)  forward   back      forward   back      (after)
///     fraction      fill 0    0 → 1     1 → 0     0 → 1     1 → 0     fill 0
///     iteration     0         0         0         1         1         1
///                             ▲ beginTime                             ▲ beginTime + active/speed
///     The active interval [1, 3) is half-open: at 3 the animation is finished,
///     and only fills (forwards/both with removedOnCompletion false) keep it.
///
/// Animation time inside the active interval:
///
///     elapsed  e = (layerTime - beginTime) * speed            0 ≤ e < active
///     position p = (e + timeOffset) wrapped into [0, active)  (timeOffset shifts, never shortens)
///     iteration  = ⌊p / repeat⌋, within = p - iteration * repeat
///     fraction   = within / duration, folded back (2 - within / duration) in the
///                  second half of an autoreversing repeat
///
/// - `duration` 0 means 0.25 s; `repeatCount` 0 means 1; `repeatDuration` > 0
///   replaces `repeatCount` (active = repeatDuration).
/// - Finished (layerTime ≥ beginTime + active/speed): with `fillMode`
///   forwards/both AND `removedOnCompletion == false` the animation holds the
///   value it reached at the very end (the left limit: fraction 1 after a whole
///   number of forward repeats, 0 after an autoreverse, 0.5 for
///   `repeatCount 2.5`); otherwise it no longer applies (nil). This is Core
///   Animation's rule: a removed-on-completion animation is gone at its end
///   whatever its fillMode.
/// - Before beginTime: with `fillMode` backwards/both it holds the value it
///   starts playing with (fraction 0, iteration 0 when `timeOffset` is 0; the
///   value at `timeOffset` otherwise); else nil. `removedOnCompletion` plays no part.
/// - `speed == 0`: animation time stands still at `timeOffset` from
///   `beginTime` on, and the animation never finishes.
/// - `speed < 0` (a Strata choice; Core Animation leaves it unspecified): the
///   active interval is still `[beginTime, beginTime + active/|speed|)` in
///   layer time, but it is played backwards, from the end of the active
///   duration down to its start. Backwards fill holds the value playback
///   starts with (the end value), forwards fill the one it ends with
///   (fraction 0). With an infinite active duration there is no end to start
///   from: the position runs down from `timeOffset`, wraps within one repeat,
///   and `iteration` stays 0.
/// - `repeatCount`/`repeatDuration` `.infinity`: never finishes; `iteration`
///   grows without bound (clamped to `Int.max`).
extension MediaTiming {
    /// The simple duration in seconds of animation time (0, or any non-positive
    /// or non-finite value, means Core Animation's default 0.25 s).
    public var effectiveDuration: Double { duration > 0 && duration.isFinite ? duration : 0.25 }

    /// Seconds of animation time of one repeat: `duration`, doubled with `autoreverses`.
    public var repeatLength: Double { autoreverses ? 2 * effectiveDuration : effectiveDuration }

    /// Seconds of animation time the animation is active: `repeatDuration` if
    /// set (> 0), else one repeat x `repeatCount` (0 means 1). May be `.infinity`.
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let count = repeatCount > 0 ? repeatCount : 1
        return repeatLength * count
    }

    /// The layer time (seconds) at which the animation finishes:
    /// `beginTime + activeDuration / |speed|`; `.infinity` when it never does
    /// (infinite repeats or speed 0).
    public var endTime: Double {
        guard speed != 0 else { return .infinity }
        return beginTime + activeDuration / abs(speed)
    }

    /// Where the animation stands at `layerTime` (the layer's local time, seconds),
    /// or nil when it does not apply (not begun without backwards fill, or
    /// finished without forwards fill or with `removedOnCompletion`).
    /// See the type-level timeline above and the contract's timing-rules table.
    public func sample(layerTime: Double, removedOnCompletion: Bool) -> TimingSample? {
        guard let p = position(layerTime: layerTime, removedOnCompletion: removedOnCompletion) else { return nil }
        return TimingSample(fraction: p.seconds / effectiveDuration, iteration: p.iteration)
    }

    /// Where the animation stands at `layerTime` in seconds of its simple
    /// duration (0...duration, after autoreverse folding; `sample`'s
    /// fraction times the duration, without the division's rounding), or
    /// nil when it does not apply. A composition's used scene plays at this
    /// time (`LayerTiming.activeTime`).
    public func position(layerTime: Double, removedOnCompletion: Bool) -> (seconds: Double, iteration: Int)? {
        guard !layerTime.isNaN, speed.isFinite, beginTime.isFinite, timeOffset.isFinite else { return nil }
        let active = activeDuration
        let fillsBackwards = fillMode == .backwards || fillMode == .both
        let fillsForwards = (fillMode == .forwards || fillMode == .both) && !removedOnCompletion
        let dt = layerTime - beginTime

        if dt < 0 {
            return fillsBackwards ? playbackStart(active: active) : nil
        }
        if speed == 0 {
            return playbackStart(active: active)
        }
        if speed > 0 {
            guard active.isFinite else {
                return evaluate(at: wrapOneRepeat(dt * speed + timeOffset))
            }
            // Finished is decided in layer time, as the contract states the interval.
            if layerTime >= endTime {
                return fillsForwards ? evaluateLeftLimit(at: wrapEnd(active + timeOffset, active)) : nil
            }
            let e = dt * speed
            if e >= active {  // rounding put a time just before the end onto it
                return evaluateLeftLimit(at: wrapEnd(active + timeOffset, active))
            }
            return evaluate(at: wrapStart(e + timeOffset, active))
        }
        // Negative speed: played backwards.
        let e = dt * -speed
        guard active.isFinite else {
            let p = wrapEnd(timeOffset - e, repeatLength)
            return (evaluateLeftLimit(at: p).seconds, 0)
        }
        if layerTime >= endTime {
            return fillsForwards ? evaluate(at: wrapStart(timeOffset, active)) : nil
        }
        if e >= active {  // rounding put a time just before the end onto it
            return evaluate(at: wrapStart(timeOffset, active))
        }
        return evaluateLeftLimit(at: wrapEnd(active - e + timeOffset, active))
    }

    /// The sample playback begins with (what backwards fill holds).
    private func playbackStart(active: Double) -> (seconds: Double, iteration: Int) {
        if speed < 0 && active.isFinite {
            return evaluateLeftLimit(at: wrapEnd(active + timeOffset, active))
        }
        if active.isFinite { return evaluate(at: wrapStart(timeOffset, active)) }
        return evaluate(at: wrapOneRepeat(timeOffset))
    }

    /// `p` wrapped into [0, period).
    private func wrapStart(_ p: Double, _ period: Double) -> Double {
        if p >= 0 && p < period { return p }
        var r = p.truncatingRemainder(dividingBy: period)
        if r < 0 { r += period }
        return r >= period ? 0 : r
    }

    /// `p` wrapped into (0, period]: 0 is taken as the end of the previous period.
    private func wrapEnd(_ p: Double, _ period: Double) -> Double {
        let r = wrapStart(p, period)
        return r == 0 ? period : r
    }

    /// With an infinite active duration only negative positions need wrapping
    /// (into the first repeat).
    private func wrapOneRepeat(_ p: Double) -> Double {
        p >= 0 ? p : wrapStart(p, repeatLength)
    }

    /// The sample at animation position `p` ≥ 0 (seconds), right-continuous:
    /// at an exact repeat edge it is the start of the next repeat.
    private func evaluate(at p: Double) -> (seconds: Double, iteration: Int) {
        let cycle = repeatLength
        let within = p.truncatingRemainder(dividingBy: cycle)  // exact
        let iteration = ((p - within) / cycle).rounded()
        return (fold(within), Self.clampedInt(iteration))
    }

    /// The sample just before animation position `p` > 0 (seconds): at an exact
    /// repeat edge it is the end of the repeat that just completed.
    private func evaluateLeftLimit(at p: Double) -> (seconds: Double, iteration: Int) {
        let cycle = repeatLength
        let within = p.truncatingRemainder(dividingBy: cycle)
        if within == 0 && p > 0 {
            let iteration = (p / cycle).rounded() - 1
            return (fold(cycle), Self.clampedInt(iteration))
        }
        return evaluate(at: p)
    }

    /// Position within one repeat to seconds of the simple duration,
    /// folding the backward half of an autoreversing repeat.
    private func fold(_ within: Double) -> Double {
        let d = effectiveDuration
        let s = autoreverses && within > d ? 2 * d - within : within
        return min(max(s, 0), d)
    }

    private static func clampedInt(_ v: Double) -> Int {
        v >= Double(Int.max) ? Int.max : max(0, Int(v))
    }
}
