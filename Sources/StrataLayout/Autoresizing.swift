import StrataModel

extension AutoresizingMask {
    /// CALayer's `resizeWithOldSuperlayerSize:` for one sublayer: its frame
    /// after the superlayer's bounds went from `old` to `new`.
    ///
    /// Per axis, the superlayer's size splits into three parts: the min margin
    /// (frame.min - bounds.min), the frame's size and the max margin
    /// (bounds.max - frame.max). The change in the superlayer's size goes to
    /// the flexible parts only, shared in proportion to their current sizes
    /// (UIView's documented rule; so margin + width + margin all flexible
    /// scale with the superlayer). When the flexible parts add up to 0 or
    /// less, the change is shared equally instead. A size that would become
    /// negative is 0; `clamped` names the axes where that happened.
    public func resized(_ frame: Rect, from old: Rect, to new: Rect) -> (frame: Rect, clamped: [LayoutAttribute.Axis]) {
        var result = frame
        var clamped: [LayoutAttribute.Axis] = []
        let axes: [(LayoutAttribute.Axis, AutoresizingMask, AutoresizingMask, AutoresizingMask)] = [
            (.x, .minXMargin, .widthSizable, .maxXMargin), (.y, .minYMargin, .heightSizable, .maxYMargin),
        ]
        for (axis, minMargin, sizable, maxMargin) in axes {
            let f = frame.span(axis), o = old.span(axis), n = new.span(axis)
            let delta = n.size - o.size
            let flexible = [contains(minMargin), contains(sizable), contains(maxMargin)]
            guard delta != 0, flexible.contains(true) else { continue }
            let parts = Self.distribute([f.min - o.min, f.size, o.min + o.size - (f.min + f.size)],
                                        flexible: flexible, delta: delta)
            var size = parts[1]
            if size < 0 {
                size = 0
                clamped.append(axis)
            }
            result = result.with(AxisSpan(min: n.min + parts[0], size: size), on: axis)
        }
        return (result, clamped)
    }

    /// Adds `delta` to the flexible ones of `parts`: in proportion to their
    /// values when those add up to more than 0, else in equal shares.
    public static func distribute(_ parts: [Double], flexible: [Bool], delta: Double) -> [Double] {
        let chosen = parts.indices.filter { flexible[$0] }
        guard !chosen.isEmpty else { return parts }
        let total = chosen.reduce(0.0) { $0 + parts[$1] }
        var out = parts
        for i in chosen {
            out[i] = total > 0 ? parts[i] + delta * parts[i] / total : parts[i] + delta / Double(chosen.count)
        }
        return out
    }
}
