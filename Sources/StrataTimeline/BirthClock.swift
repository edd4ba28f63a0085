import StrataModel

/// When a cell's particles are born. Particle k is born when the number of
/// births so far, the integral of the birth rate from the cell's begin
/// time, reaches k. A constant rate gives evenly spaced births; an animated
/// emitter `birthRate` is integrated on a fixed grid of `step` seconds
/// anchored at the begin time, so the birth times do not depend on which
/// frame is rendered (closed form in the time, no state between frames).
///
/// The rate is sampled at the middle of each grid step only where it can
/// change: inside the animations' active intervals (`varying`). Between
/// them it holds one value (a fill, or the model value), read once for the
/// whole stretch, so a cell that began an hour before a one-second
/// animation costs that second, not the hour. The counts are those of
/// sampling every step, up to rounding: a constant stretch is counted in
/// closed form rather than summed step by step.
struct BirthClock {
    /// Seconds of the emitter's local time where counting starts.
    let begin: Double
    /// Constant births per second, or nil when `segments` are used.
    private let constantRate: Double?
    /// Consecutive runs of grid steps from `begin`, in order.
    private var segments: [Segment] = []
    static let step = 1.0 / 240
    /// Longest time an animated rate is integrated over: two hours (about
    /// 1.7 million grid steps).
    static let maxSpan = 7200.0

    /// Grid steps `first ..< first + count`: one rate for all of them, or one each.
    private struct Segment {
        var first: Int
        var count: Int
        /// Births before the segment's first step.
        var before: Double
        /// The rate of every step, for a constant stretch.
        var rate: Double?
        /// Per step (when `rate` is nil): the rate, and births from the segment's start to the step's start.
        var rates: [Double] = []
        var cumulative: [Double] = []

        func rate(atStep j: Int) -> Double { rate ?? rates[j - first] }
        /// Births from `begin` to the start of step `j` (within the segment).
        func births(beforeStep j: Int) -> Double {
            if let rate { return before + Double(j - first) * rate * BirthClock.step }
            return before + cumulative[j - first]
        }
        var after: Double { births(beforeStep: first + count - 1) + rate(atStep: first + count - 1) * BirthClock.step }
    }

    init(begin: Double, rate: Double) {
        self.begin = begin
        self.constantRate = max(0, rate.isFinite ? rate : 0)
    }

    /// A clock for a rate that changes: `rate(s)` is sampled at the middle
    /// of each grid step from `begin` up to `end` that lies in one of the
    /// `varying` intervals (seconds of the same time); elsewhere the rate
    /// is constant between those intervals and read once per stretch.
    init(begin: Double, end: Double, varying: [ClosedRange<Double>], rate: (Double) -> Double) {
        self.begin = begin
        self.constantRate = nil
        let span = min(max(end - begin, 0), Self.maxSpan)
        let steps = span.isFinite ? Int((span / Self.step).rounded(.up)) : 0
        func clean(_ r: Double) -> Double { r.isFinite && r > 0 ? r : 0 }
        // The steps whose midpoints fall in each interval, merged, in order.
        var dense: [Range<Int>] = []
        for w in varying.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let lo = ((w.lowerBound - begin) / Self.step - 0.5).rounded(.up)
            let hi = ((w.upperBound - begin) / Self.step - 0.5).rounded(.down)
            guard hi >= 0, lo < Double(steps), lo <= hi else { continue }
            let range = Int(max(lo, 0))..<Int(min(hi, Double(steps - 1))) + 1
            guard !range.isEmpty else { continue }
            if let last = dense.last, range.lowerBound <= last.upperBound {
                dense[dense.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                dense.append(range)
            }
        }
        var next = 0, total = 0.0
        func midpoint(_ j: Int) -> Double { begin + (Double(j) + 0.5) * Self.step }
        func addConstant(upTo end: Int) {
            guard next < end else { return }
            let segment = Segment(first: next, count: end - next, before: total, rate: clean(rate(midpoint(next))))
            segments.append(segment)
            total = segment.after
            next = end
        }
        for range in dense {
            addConstant(upTo: range.lowerBound)
            var segment = Segment(first: range.lowerBound, count: range.count, before: total, rate: nil)
            segment.rates.reserveCapacity(range.count)
            segment.cumulative.reserveCapacity(range.count)
            var within = 0.0
            for j in range {
                let r = clean(rate(midpoint(j)))
                segment.rates.append(r)
                segment.cumulative.append(within)
                within += r * Self.step
            }
            segments.append(segment)
            total += within
            next = range.upperBound
        }
        addConstant(upTo: steps)
    }

    /// The segment holding grid step `j` (0 ≤ j < the step count).
    private func segment(holding j: Int) -> Segment {
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].first <= j { lo = mid } else { hi = mid - 1 }
        }
        return segments[lo]
    }

    private var stepCount: Int { segments.last.map { $0.first + $0.count } ?? 0 }

    /// Births counted from `begin` to `s` (0 before `begin`).
    func count(at s: Double) -> Double {
        guard s > begin else { return 0 }
        if let r = constantRate { return (s - begin) * r }
        guard stepCount > 0 else { return 0 }
        let x = (s - begin) / Self.step
        let j = x < Double(stepCount - 1) ? Int(x) : stepCount - 1
        let seg = segment(holding: j)
        return seg.births(beforeStep: j) + seg.rate(atStep: j) * (s - begin - Double(j) * Self.step)
    }

    /// When birth number `k` happens (k >= 0 and below `count(at: end)`).
    func birthTime(_ k: Int) -> Double {
        let target = Double(k)
        if let r = constantRate { return r > 0 ? begin + target / r : .infinity }
        // The first step, from the last one whose start count is at or below
        // the target, that has births.
        var j = lastStep(startingAtOrBelow: target)
        if j == nil || j! >= stepCount {
            // Past the table's end by rounding: extend the last step that has births.
            guard let last = lastStepWithBirths(from: stepCount - 1) else { return .infinity }
            let seg = segment(holding: last)
            return begin + Double(last) * Self.step + max(0, target - seg.births(beforeStep: last)) / seg.rate(atStep: last)
        }
        guard let found = firstStepWithBirths(from: j!) else { return .infinity }
        j = found
        let seg = segment(holding: found)
        return begin + Double(found) * Self.step + max(0, target - seg.births(beforeStep: found)) / seg.rate(atStep: found)
    }

    /// The last grid node (a step's start, or the end at `stepCount`) whose
    /// count is at or below `target`.
    private func lastStep(startingAtOrBelow target: Double) -> Int? {
        guard let lastSegment = segments.last else { return nil }
        if lastSegment.after <= target { return stepCount }
        // The segment: the last whose start count is at or below the target.
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].before <= target { lo = mid } else { hi = mid - 1 }
        }
        let seg = segments[lo]
        if let rate = seg.rate {
            guard rate > 0 else { return seg.first + seg.count - 1 }
            let steps = ((target - seg.before) / (rate * Self.step)).rounded(.down)
            var j = seg.first + Int(min(max(steps, 0), Double(seg.count - 1)))
            // Rounding: step back or on so that births(before j) <= target < births(before j + 1).
            while j > seg.first && seg.births(beforeStep: j) > target { j -= 1 }
            while j + 1 < seg.first + seg.count && seg.births(beforeStep: j + 1) <= target { j += 1 }
            return j
        }
        var a = 0, b = seg.count - 1
        while a < b {
            let mid = (a + b + 1) / 2
            if seg.before + seg.cumulative[mid] <= target { a = mid } else { b = mid - 1 }
        }
        return seg.first + a
    }

    /// The first step at or after `j` whose rate is above 0.
    private func firstStepWithBirths(from j: Int) -> Int? {
        var step = j
        while step < stepCount {
            let seg = segment(holding: step)
            if let rate = seg.rate {
                if rate > 0 { return step }
                step = seg.first + seg.count
                continue
            }
            if seg.rates[step - seg.first] > 0 { return step }
            step += 1
        }
        return nil
    }

    /// The last step at or before `j` whose rate is above 0.
    private func lastStepWithBirths(from j: Int) -> Int? {
        var step = j
        while step >= 0 {
            let seg = segment(holding: step)
            if let rate = seg.rate {
                if rate > 0 { return step }
                step = seg.first - 1
                continue
            }
            if seg.rates[step - seg.first] > 0 { return step }
            step -= 1
        }
        return nil
    }
}
