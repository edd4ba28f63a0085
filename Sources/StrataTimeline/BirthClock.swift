import StrataModel

/// When a cell's particles are born. Particle k is born when the number of
/// births so far, the integral of the birth rate from the cell's begin
/// time, reaches k. A constant rate gives evenly spaced births; an animated
/// emitter `birthRate` is integrated on a fixed grid of `step` seconds
/// anchored at the begin time, so the birth times do not depend on which
/// frame is rendered (closed form in the time, no state between frames).
struct BirthClock {
    /// Seconds of the emitter's local time where counting starts.
    let begin: Double
    /// Constant births per second, or nil when `cumulative` is used.
    private let constantRate: Double?
    /// Births per second in each grid step (piecewise constant).
    private var rates: [Double] = []
    /// Births before each grid node (`rates.count + 1` entries).
    private var cumulative: [Double] = [0]
    static let step = 1.0 / 240
    /// Longest time an animated rate is integrated over: two hours (about
    /// 1.7 million grid steps).
    static let maxSpan = 7200.0

    init(begin: Double, rate: Double) {
        self.begin = begin
        self.constantRate = max(0, rate.isFinite ? rate : 0)
    }

    /// A clock for a rate that changes: `rate(s)` is sampled at the middle
    /// of each grid step from `begin` up to `end`.
    init(begin: Double, end: Double, rate: (Double) -> Double) {
        self.begin = begin
        self.constantRate = nil
        let span = min(max(end - begin, 0), Self.maxSpan)
        let steps = span.isFinite ? Int((span / Self.step).rounded(.up)) : 0
        rates.reserveCapacity(steps)
        cumulative.reserveCapacity(steps + 1)
        var total = 0.0
        for j in 0..<steps {
            let r = rate(begin + (Double(j) + 0.5) * Self.step)
            let clean = r.isFinite && r > 0 ? r : 0
            rates.append(clean)
            total += clean * Self.step
            cumulative.append(total)
        }
    }

    /// Births counted from `begin` to `s` (0 before `begin`).
    func count(at s: Double) -> Double {
        guard s > begin else { return 0 }
        if let r = constantRate { return (s - begin) * r }
        let x = (s - begin) / Self.step
        let j = min(Int(x), rates.count - 1)
        guard j >= 0 else { return 0 }
        return cumulative[j] + rates[j] * (s - begin - Double(j) * Self.step)
    }

    /// When birth number `k` happens (k >= 0 and below `count(at: end)`).
    func birthTime(_ k: Int) -> Double {
        let target = Double(k)
        if let r = constantRate { return r > 0 ? begin + target / r : .infinity }
        // The last grid node at or below the target count.
        var lo = 0, hi = rates.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if cumulative[mid] <= target { lo = mid } else { hi = mid - 1 }
        }
        var j = lo
        if j == rates.count {
            // Past the table's end by rounding: extend the last step that has births.
            j -= 1
            while j >= 0 && rates[j] == 0 { j -= 1 }
            guard j >= 0 else { return .infinity }
            return begin + Double(j) * Self.step + max(0, target - cumulative[j]) / rates[j]
        }
        while j < rates.count && rates[j] == 0 { j += 1 }  // no births in empty steps
        guard j < rates.count else { return .infinity }
        return begin + Double(j) * Self.step + max(0, target - cumulative[j]) / rates[j]
    }
}
