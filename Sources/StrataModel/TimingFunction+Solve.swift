/// Evaluating a CAMediaTimingFunction: the cubic Bézier through (0,0), c1, c2,
/// (1,1), read as y over x.
///
///     y (eased progress)
///     1 ┤                 c2 ●·······● (1, 1)
///       │                 .-'
///       │             .-'          x(t) = 3(1-t)²t·c1x + 3(1-t)t²·c2x + t³
///       │         .-'              y(t) = 3(1-t)²t·c1y + 3(1-t)t²·c2y + t³
///       │     .-'                  evaluate(x) = y(t) for the t with x(t) = x
///     0 ●·······● c1
///       0                         1  x (input progress)
///
/// The control points' x are clamped to 0...1 (as Core Animation and CSS
/// require), which keeps x(t) monotonic so that the solution is unique; their
/// y may be anything (overshoot and anticipation curves).
extension TimingFunction {
    /// The eased progress y for input progress `x`, clamped to 0...1 first
    /// (NaN counts as 0). `evaluate(0) == 0` and `evaluate(1) == 1` exactly.
    ///
    /// x(t) = x is solved by Newton's method from t = x until its step is a
    /// few ulps (far below 1e-12), falling back to bisection where the slope
    /// vanishes or Newton leaves 0...1; no lookup table.
    public func evaluate(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let (c1x, c1y, c2x, c2y) = controlPoints
        let ax = min(max(c1x, 0), 1), bx = min(max(c2x, 0), 1)
        // The diagonal curve: y(t) == x(t) for every t.
        if ax == c1y && bx == c2y { return x }
        let curveX = UnitBezier(ax, bx)
        let t = curveX.solve(x)
        return UnitBezier(c1y, c2y).value(t)
    }
}

/// One coordinate of a cubic Bézier from 0 to 1 with inner control values
/// p1, p2, in power form: B(t) = ((a·t + b)·t + c)·t.
fileprivate struct UnitBezier {
    let a, b, c: Double

    init(_ p1: Double, _ p2: Double) {
        c = 3 * p1
        b = 3 * (p2 - p1) - c
        a = 1 - c - b
    }

    func value(_ t: Double) -> Double { ((a * t + b) * t + c) * t }

    func slope(_ t: Double) -> Double { (3 * a * t + 2 * b) * t + c }

    /// The t in 0...1 with value(t) = x, for a monotonic curve (x in 0...1),
    /// to float precision: Newton's method until its step is a few ulps,
    /// bisection where the slope vanishes or Newton leaves 0...1.
    func solve(_ x: Double) -> Double {
        var t = x
        for _ in 0..<16 {
            let err = value(t) - x
            if err == 0 { return t }
            let d = slope(t)
            if !(abs(d) > 1e-12) { break }
            let next = t - err / d
            if !(next >= 0 && next <= 1) { break }
            if abs(next - t) <= 4 * next.ulp { return next }
            t = next
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<120 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if value(mid) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
