import StrataModel

/// A CAGradientLayer's stops sorted by offset, for evaluating colors
/// ourselves and for Cairo's patterns (whose stops lie in 0...1).
///
/// Locations may lie outside 0...1: Core Animation places each along the
/// gradient wherever it is (0 at startPoint, 1 at endPoint), so the shimmer
/// sweep animates `[-1, -0.5, 0]` to `[1, 1.5, 2]`. Such stops are kept;
/// `span` says which stretch of the gradient they need, `normalized(to:)`
/// maps it onto 0...1 (the drawing then stretches its geometry by as much)
/// and `clipped(to:)` keeps a stretch with the colors the whole list gives
/// at its ends (a conic gradient only ever reaches 0...1).
struct GradientStops {
    /// Sorted, finite; any range.
    var offsets: [Double]
    var colors: [Color]

    init(colors: [Color], locations: [Double]) {
        let count = min(colors.count, locations.count)
        let pairs = (0..<count).map { (locations[$0].isFinite ? locations[$0] : 0, colors[$0]) }
            .enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        self.init(sorted: pairs.map(\.0), pairs.map(\.1))
    }

    private init(sorted offsets: [Double], _ colors: [Color]) {
        self.offsets = offsets
        self.colors = colors
    }

    /// The stretch of the gradient the stops need: 0...1, widened to reach
    /// the first and the last stop.
    var span: ClosedRange<Double> {
        min(0, offsets.first ?? 0)...max(1, offsets.last ?? 1)
    }

    /// The stops with `span` mapped onto 0...1: offset (o - lo) / (hi - lo).
    func normalized(to span: ClosedRange<Double>) -> GradientStops {
        let width = span.upperBound - span.lowerBound
        guard span != 0...1, width > 0, width.isFinite else { return self }
        return GradientStops(sorted: offsets.map { ($0 - span.lowerBound) / width }, colors)
    }

    /// The stops within `range`, plus the colors the whole list gives at
    /// its ends where stops lie beyond them: the same colors inside `range`.
    func clipped(to range: ClosedRange<Double>) -> GradientStops {
        guard let lo = offsets.first, let hi = offsets.last, lo < range.lowerBound || hi > range.upperBound else { return self }
        var kept = zip(offsets, colors).filter { range.contains($0.0) }
        if lo < range.lowerBound { kept.insert((range.lowerBound, color(at: range.lowerBound, side: .before)), at: 0) }
        if hi > range.upperBound { kept.append((range.upperBound, color(at: range.upperBound, side: .after))) }
        return GradientStops(sorted: kept.map(\.0), kept.map(\.1))
    }

    enum Side { case before, after }

    /// The color at fraction `f`; at a sharp stop (two stops at one offset),
    /// `side` picks the color just before or just after it.
    func color(at f: Double, side: Side) -> Color {
        guard let first = colors.first, let last = colors.last else { return .clear }
        if f < offsets[0] || (f == offsets[0] && side == .before) { return first }
        for i in 1..<max(1, offsets.count) {
            let lo = offsets[i - 1], hi = offsets[i]
            if f < hi || (f == hi && side == .before) {
                guard hi > lo else { return colors[i] }
                let t = (f - lo) / (hi - lo)
                let a = colors[i - 1], b = colors[i]
                return Color(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                             a.blue + (b.blue - a.blue) * t, a.alpha + (b.alpha - a.alpha) * t)
            }
        }
        return last
    }
}
