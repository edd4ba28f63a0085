import StrataModel

/// Scene time to a layer's local time through the layers above it, as
/// linear pieces: layer time is affine (`LayerTiming.then`) until a
/// composition folds it (repeats, autoreverse, fills), which splits each
/// piece where one play of the used scene ends, turns or holds.
///
///     scene time   ├────────── piece ──────────┼─── piece ───┼─ piece ─┤
///     local time     rises at speed s            falls at s    holds (s = 0)
///
/// Outside every piece the layer is not drawn (a composition outside its
/// active interval without fill). Sound is placed from the pieces that run
/// forwards (`ClipSoundPlanner`).
public struct TimeChain: Sendable {
    /// One stretch of scene time over which the local time is `timing.localTime(t)`.
    public struct Piece: Sendable {
        /// Scene seconds, `from < to`.
        public var from: Double
        public var to: Double
        /// Affine, scene time -> local time (speed may be 0 or negative).
        public var timing: LayerTiming
    }

    /// In scene order, not overlapping.
    public private(set) var pieces: [Piece]

    /// Plays of a used scene one chain may hold (a very short part repeating for an hour).
    public static let maxPieces = 100_000

    /// Scene time itself over `0 ..< end` seconds.
    public static func scene(end: Double) -> TimeChain {
        TimeChain(pieces: [Piece(from: 0, to: max(end, 0), timing: .identity)])
    }

    /// The local time at scene time `t`, or nil outside every piece.
    public func localTime(_ t: Double) -> Double? {
        pieces.first { t >= $0.from && t < $0.to }.map { $0.timing.localTime(t) }
            ?? pieces.last.flatMap { t == $0.to ? $0.timing.localTime(t) : nil }
    }

    /// The chain of a sublayer whose timing is `child`: an affine child
    /// composes with each piece, a bounded one (a composition) splits them.
    public func then(_ child: LayerTiming) -> TimeChain {
        guard child.isBounded else {
            return TimeChain(pieces: pieces.map { Piece(from: $0.from, to: $0.to, timing: $0.timing.then(Self.affine(child))) })
        }
        var result: [Piece] = []
        for piece in pieces {
            guard result.count < Self.maxPieces else { break }
            result += Self.split(piece, by: child, limit: Self.maxPieces - result.count)
        }
        return TimeChain(pieces: result)
    }

    /// The affine part of a timing.
    static func affine(_ t: LayerTiming) -> LayerTiming {
        LayerTiming(beginTime: t.beginTime, speed: t.speed, timeOffset: t.timeOffset)
    }

    /// `piece` followed by the bounded timing `child`: the stretches of one
    /// direction of its folded time, in scene time.
    static func split(_ piece: Piece, by child: LayerTiming, limit: Int) -> [Piece] {
        let m = child.media
        let outer = piece.timing
        // Parent time (the child's superlayer's) at the piece's ends.
        let p0 = outer.localTime(piece.from), p1 = outer.localTime(piece.to)
        guard outer.speed > 0, m.speed > 0 else {
            // Frozen or backwards: one value (or none) over the whole piece, held.
            guard let local = child.activeTime(p0) else { return [] }
            return [Piece(from: piece.from, to: piece.to, timing: LayerTiming(beginTime: piece.from, speed: 0, timeOffset: local))]
        }
        var out: [Piece] = []
        // Scene time of parent time p.
        func scene(_ p: Double) -> Double { outer.parentTime(forLocalTime: p) ?? piece.from }
        func hold(_ from: Double, _ to: Double, at parent: Double) {
            guard to > from, let local = child.activeTime(parent) else { return }
            out.append(Piece(from: from, to: to, timing: LayerTiming(beginTime: from, speed: 0, timeOffset: local)))
        }
        let end = m.endTime
        // Before the first play: the backwards fill.
        if p0 < m.beginTime { hold(piece.from, min(piece.to, scene(m.beginTime)), at: p0) }
        // The plays: animation time e = (p - beginTime) * speed from e0 to e1.
        let duration = m.effectiveDuration, active = m.activeDuration
        var e = max(0, (p0 - m.beginTime) * m.speed)
        let e1 = min(active, (min(p1, end) - m.beginTime) * m.speed)
        while e < e1, out.count < limit {
            var position = e + m.timeOffset
            if active.isFinite { position = Self.wrap(position, active) } else if position < 0 { position = Self.wrap(position, m.repeatLength) }
            let stretch = (position / duration).rounded(.down)
            var next = (stretch + 1) * duration
            if active.isFinite { next = min(next, active) }
            let eNext = min(e1, e + max(next - position, 0))
            guard eNext > e else { break }
            let within = position - stretch * duration
            let forwards = !m.autoreverses || Int(stretch.truncatingRemainder(dividingBy: 2)) == 0
            let from = scene(m.beginTime + e / m.speed), to = eNext >= e1 && p1 <= end ? piece.to : scene(m.beginTime + eNext / m.speed)
            if to > from {
                let rate = outer.speed * m.speed * (forwards ? 1 : -1)
                out.append(Piece(from: from, to: to,
                                 timing: LayerTiming(beginTime: from, speed: rate, timeOffset: forwards ? within : duration - within)))
            }
            e = eNext
        }
        // After the last play: the forwards fill.
        if p1 > end, end.isFinite { hold(max(piece.from, scene(end)), piece.to, at: end) }
        return out
    }

    /// `p` wrapped into [0, period).
    static func wrap(_ p: Double, _ period: Double) -> Double {
        if p >= 0 && p < period { return p }
        var r = p.truncatingRemainder(dividingBy: period)
        if r < 0 { r += period }
        return r >= period ? 0 : r
    }
}
