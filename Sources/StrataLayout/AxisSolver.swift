import StrataModel

/// One axis of a frame: where it starts and how long it is (points).
public struct AxisSpan: Sendable, Hashable {
    public var min: Double
    public var size: Double
    public init(min: Double, size: Double) { self.min = min; self.size = size }
}

/// Core Animation's constraint rules for one axis of one layer.
public enum AxisSolver {
    public typealias Role = LayoutAttribute.Role

    /// The span that satisfies the values the axis's constraints ask for
    /// (at most two, of different roles; extra ones are ignored, the parser rejects them):
    ///
    /// | constrained      | result                                                   |
    /// | ---------------- | -------------------------------------------------------- |
    /// | nothing          | unchanged                                                |
    /// | min, mid or max  | the size holds; that edge or midpoint moves to the value  |
    /// | size             | the min edge (the frame's origin) holds; the size changes |
    /// | two of min/mid/max | both hold; the size follows (`max - min`, `2 (mid - min)`, `2 (max - mid)`) |
    /// | size + an edge or midpoint | that point is placed, with that size           |
    ///
    /// A negative size becomes 0, placed at the lowest constrained point (min,
    /// else mid, else max, else the old min edge); `clamped` says so.
    public static func solve(_ span: AxisSpan, _ values: [(role: Role, value: Double)]) -> (span: AxisSpan, clamped: Bool) {
        var v: [Double?] = [nil, nil, nil, nil]
        var count = 0
        for (role, value) in values where v[role.rawValue] == nil && count < 2 {
            v[role.rawValue] = value
            count += 1
        }
        let lo = v[Role.min.rawValue], mid = v[Role.mid.rawValue], hi = v[Role.max.rawValue]
        var size = span.size
        if let s = v[Role.size.rawValue] {
            size = s
        } else if let lo, let hi {
            size = hi - lo
        } else if let lo, let mid {
            size = 2 * (mid - lo)
        } else if let mid, let hi {
            size = 2 * (hi - mid)
        }
        let clamped = size < 0
        if clamped { size = 0 }
        let start: Double
        if let lo { start = lo } else if let mid { start = mid - size / 2 } else if let hi { start = hi - size } else { start = span.min }
        return (AxisSpan(min: start, size: size), clamped)
    }
}

extension Rect {
    /// The rect's extent along one axis.
    public func span(_ axis: LayoutAttribute.Axis) -> AxisSpan {
        axis == .x ? AxisSpan(min: minX, size: width) : AxisSpan(min: minY, size: height)
    }

    /// The rect with its extent along `axis` replaced.
    public func with(_ span: AxisSpan, on axis: LayoutAttribute.Axis) -> Rect {
        axis == .x ? Rect(span.min, minY, span.size, height) : Rect(minX, span.min, width, span.size)
    }
}
