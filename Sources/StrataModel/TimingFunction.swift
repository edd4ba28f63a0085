/// CAMediaTimingFunction: a cubic Bézier from (0,0) to (1,1) with two control points.
public enum TimingFunction: Sendable, Hashable {
    case linear, easeIn, easeOut, easeInEaseOut, `default`
    case custom(Double, Double, Double, Double)

    /// The control points (c1x, c1y, c2x, c2y).
    public var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInEaseOut: return (0.42, 0, 0.58, 1)
        case .default: return (0.25, 0.1, 0.25, 1)
        case .custom(let a, let b, let c, let d): return (a, b, c, d)
        }
    }
}
