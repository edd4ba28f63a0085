import StrataModel

/// CAConstraintLayoutManager for one superlayer: solves its sublayers'
/// constraints axis by axis in dependency order and sets their frames.
public enum ConstraintSolver {
    /// Lays out `sublayers` inside a superlayer whose bounds are `bounds`.
    /// Superlayer attributes are read from `bounds`, sibling attributes from
    /// the sibling's frame as laid out so far (the graph's order guarantees a
    /// sibling's axis is final before it is read). Each constrained layer's
    /// frame is then set with CALayer's frame setter (bounds size and position
    /// through the anchor point; bounds origin and transform unchanged).
    /// Nodes in a cycle are left as they are (the parser reports cycles).
    public static func apply(_ graph: ConstraintGraph, to sublayers: inout [Layer], in bounds: Rect,
                             warnings: inout [Diagnostic]) {
        guard !graph.order.isEmpty else { return }
        var frames = sublayers.map(\.properties.frame)
        var changed = [Bool](repeating: false, count: sublayers.count)
        for node in graph.order {
            let j = node.layer
            let layer = sublayers[j]
            var values: [(role: AxisSolver.Role, value: Double)] = []
            var first: LayoutConstraint?
            for (ci, c) in layer.constraints.enumerated() where c.attribute.axis == node.axis {
                let source: Rect
                switch graph.resolved[j][ci] {
                case .superlayer: source = bounds
                case .sibling(let k): source = frames[k]
                case .unknown: continue
                }
                let value = c.value(forTarget: c.target.value(in: source))
                guard value.isFinite else {
                    warnings.append(Diagnostic(c.location, "constraint of \(Self.name(layer, j)) gives a value that is not finite; it is ignored",
                                               severity: .warning))
                    continue
                }
                first = first ?? c
                values.append((c.attribute.role, value))
            }
            guard let first, !values.isEmpty else { continue }
            let (span, clamped) = AxisSolver.solve(frames[j].span(node.axis), values)
            if clamped {
                let what = node.axis == .x ? "width" : "height"
                warnings.append(Diagnostic(first.location, "the constraints of \(Self.name(layer, j)) give it a negative \(what) at this canvas size; it is laid out with \(what) 0",
                                           severity: .warning))
            }
            frames[j] = frames[j].with(span, on: node.axis)
            changed[j] = true
        }
        for j in sublayers.indices where changed[j] {
            sublayers[j].properties.setFrame(frames[j])
        }
    }

    /// `'card'`, or `sublayer 3` for an unnamed one.
    static func name(_ layer: Layer, _ index: Int) -> String {
        layer.name.map { "'\($0)'" } ?? "sublayer \(index)"
    }
}
