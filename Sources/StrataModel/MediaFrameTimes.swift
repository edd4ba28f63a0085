/// When each frame of time-based media starts, in seconds of media time
/// (0 is the first frame shown), and which frame shows at a time.
///
/// A frame is shown from its start until the next frame's start (the last
/// one until `duration`): the frame at time t is the one whose interval
/// contains t. That is exact for variable frame rates too, since a video's
/// starts come from its presentation timestamps, not from a frame rate.
public enum MediaFrameTimes: Sendable, Hashable {
    /// One frame for ever (an SVG).
    case still
    /// `count` frames at `rate` frames per second (a Lottie animation).
    case uniform(rate: Double, count: Int)
    /// Frame starts in ascending order (the first is 0), and the end of the
    /// last frame (a video's timestamps).
    case list(starts: [Double], end: Double)

    /// Times closer than this (seconds) count as equal, so that a frame
    /// time computed as i / fps lands on the frame starting there, whatever
    /// the rounding of the arithmetic that produced it.
    public static let tolerance = 1e-6

    public var count: Int {
        switch self {
        case .still: return 1
        case .uniform(_, let count): return count
        case .list(let starts, _): return starts.count
        }
    }

    /// Seconds from the first frame's start to the end of the last.
    public var duration: Double {
        switch self {
        case .still: return 0
        case .uniform(let rate, let count): return Double(count) / rate
        case .list(_, let end): return end
        }
    }

    /// Seconds at which frame `i` starts.
    public func start(of i: Int) -> Double {
        switch self {
        case .still: return 0
        case .uniform(let rate, _): return Double(i) / rate
        case .list(let starts, _): return starts[i]
        }
    }

    /// The frame shown at `t` seconds: the last frame starting at or before
    /// `t` (0 before the first, the last one after the end).
    public func frame(at t: Double) -> Int {
        lastFrame(startingBefore: t + Self.tolerance, inclusive: true)
    }

    /// The frame shown at `t` when only the part [from, to) of the media is
    /// played: `frame(at:)` kept between the frame shown at `from` and the
    /// last frame starting before `to`.
    public func frame(at t: Double, from: Double, to: Double) -> Int {
        let first = frame(at: from)
        let last = max(first, lastFrame(startingBefore: to - Self.tolerance, inclusive: false))
        return min(max(frame(at: t), first), last)
    }

    /// The last frame whose start is below `t` (or equal with `inclusive`); 0 if none.
    private func lastFrame(startingBefore t: Double, inclusive: Bool) -> Int {
        guard t.isFinite else { return t > 0 ? count - 1 : 0 }
        switch self {
        case .still:
            return 0
        case .uniform(let rate, let count):
            let position = t * rate
            var i = position.rounded(.down)
            if !inclusive && i == position { i -= 1 }
            return Int(min(max(i, 0), Double(count - 1)))
        case .list(let starts, _):
            // Binary search for the first start beyond t.
            var lo = 0, hi = starts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if inclusive ? starts[mid] <= t : starts[mid] < t { lo = mid + 1 } else { hi = mid }
            }
            return max(lo - 1, 0)
        }
    }
}
