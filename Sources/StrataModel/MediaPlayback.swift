/// How a layer plays time-based media (`contents: {video: ..., start, trim,
/// rate, loop}`, `{lottie: ..., speed, loop}`): which moment of the media
/// shows at a moment of the layer's local time.
///
///     layer local time ─────────────────────────────────────────────▶
///                 start                        start + (to - from) / rate
///     first frame ··│▶ from ─────────────────▶ to │·· last frame held
///                      (with loop: from ▶ to, from ▶ to, ... for ever)
///
/// It is CAMediaTiming with `beginTime = start`, `duration = to - from`,
/// `speed = rate`, `repeatCount = loop ? inf : 1` and `fillMode = both`, so
/// the layer's own timing (its `beginTime`, `speed` and `timeOffset`, and
/// its ancestors') applies first, as it does to any animation on the layer.
/// Before `start` the first frame shows and after the end the last one
/// holds, as an AVPlayerLayer shows a paused player's frame.
public struct MediaPlayback: Sendable, Hashable {
    /// Seconds of the layer's local time at which `trimFrom` shows.
    public var start: Double = 0
    /// Seconds of media time where playing starts.
    public var trimFrom: Double = 0
    /// Seconds of media time where playing ends; nil: the end of the media.
    public var trimTo: Double? = nil
    /// Seconds of media per second of layer time; negative plays backwards.
    public var rate: Double = 1
    /// Repeat `trimFrom ..< trimTo` for ever instead of holding the last frame.
    public var loop: Bool = false

    public init() {}

    /// The played part [from, to) of media lasting `duration` seconds.
    public func range(duration: Double) -> (from: Double, to: Double) {
        (trimFrom, trimTo ?? duration)
    }

    /// The media time (seconds) shown at `layerTime`, for media lasting
    /// `duration` seconds; `to` itself when playing has ended forwards.
    public func mediaTime(layerTime: Double, duration: Double) -> Double {
        let (from, to) = range(duration: duration)
        let length = to - from
        guard length > 0, layerTime.isFinite else { return from }
        var timing = MediaTiming()
        timing.beginTime = start
        timing.duration = length
        timing.speed = rate
        timing.repeatCount = loop ? .infinity : 1
        timing.fillMode = .both
        guard let sample = timing.sample(layerTime: layerTime, removedOnCompletion: false) else { return from }
        return from + sample.fraction * length
    }

    /// Every frame the layer can show of media timed by `times`: from the
    /// one shown at `from` to the last one starting before `to`.
    public func playedFrames(times: MediaFrameTimes) -> ClosedRange<Int> {
        let (from, to) = range(duration: times.duration)
        return times.frame(at: from, from: from, to: to)...times.frame(at: .infinity, from: from, to: to)
    }

    /// The frame of media timed by `times` shown at `layerTime`.
    public func frame(atLayerTime layerTime: Double, times: MediaFrameTimes) -> Int {
        let (from, to) = range(duration: times.duration)
        return times.frame(at: mediaTime(layerTime: layerTime, duration: times.duration), from: from, to: to)
    }
}
