import StrataModel

/// Layout on the model tree: autoresizing, then constraints, top-down, as
/// Core Animation does when a layer's bounds change (autoresizing runs from
/// `setBounds:` through `resizeSublayersWithOldSize:`, constraints when the
/// superlayer's `layoutSublayers` asks its CAConstraintLayoutManager).
///
/// For each layer, from the root down:
/// 1. every sublayer with an `autoresizingMask` follows the layer's size
///    change (from its size before this pass to its size now);
/// 2. the sublayers' constraints are solved in dependency order and set
///    their frames;
/// 3. each sublayer is laid out the same way, with its own size change.
///
/// Constraints run even when no size changed (a scene may place everything
/// with constraints). The pass is a pure function of the tree: running it
/// again on a changed model (a transaction that sets a bounds) is one call,
/// `relayOut(_:previous:)`.
public enum Layout {
    /// Lays out the sublayers of `layer` (recursively) after its bounds size
    /// changed from `oldSize` to its current size. Returns warnings (e.g. a
    /// size that would be negative and was made 0).
    public static func layOutSublayers(of layer: inout Layer, oldSize: Size) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        layOut(&layer, oldSize: oldSize, previous: nil, warnings: &warnings)
        return warnings
    }

    /// Lays out a model tree again after some of its values changed. `previous`
    /// is the tree as it was laid out before the change (same structure): each
    /// layer's old size is its size there, so sublayers of a layer whose
    /// bounds changed autoresize from that size, and constraints run
    /// everywhere against the new geometry.
    public static func relayOut(_ root: inout Layer, previous: Layer) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        layOut(&root, oldSize: previous.properties.bounds.size, previous: previous, warnings: &warnings)
        return warnings
    }

    static func layOut(_ layer: inout Layer, oldSize: Size, previous: Layer?, warnings: inout [Diagnostic]) {
        guard !layer.sublayers.isEmpty else { return }
        let bounds = layer.properties.bounds
        let oldBounds = Rect(origin: bounds.origin, size: oldSize)
        let resized = oldSize != bounds.size
        var oldSizes: [Size] = []
        oldSizes.reserveCapacity(layer.sublayers.count)
        var constrained = false
        for i in layer.sublayers.indices {
            let before = previous.flatMap { $0.sublayers.indices.contains(i) ? $0.sublayers[i] : nil }
            oldSizes.append(before?.properties.bounds.size ?? layer.sublayers[i].properties.bounds.size)
            constrained = constrained || !layer.sublayers[i].constraints.isEmpty
            let mask = layer.sublayers[i].autoresizingMask
            guard resized, !mask.isEmpty else { continue }
            let sub = layer.sublayers[i]
            let (frame, clamped) = mask.resized(sub.properties.frame, from: oldBounds, to: bounds)
            for axis in clamped {
                let what = axis == .x ? "width" : "height"
                warnings.append(Diagnostic(sub.location, "autoresizing gives \(ConstraintSolver.name(sub, i)) a negative \(what) at this canvas size; it is laid out with \(what) 0",
                                           severity: .warning))
            }
            guard [frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite) else {
                warnings.append(Diagnostic(sub.location, "autoresizing gives \(ConstraintSolver.name(sub, i)) a frame that is not finite; it keeps its frame",
                                           severity: .warning))
                continue
            }
            if frame != sub.properties.frame { layer.sublayers[i].properties.setFrame(frame) }
        }
        if constrained {
            let graph = ConstraintGraph(sublayers: layer.sublayers)
            ConstraintSolver.apply(graph, to: &layer.sublayers, in: bounds, warnings: &warnings)
        }
        for i in layer.sublayers.indices {
            let before = previous.flatMap { $0.sublayers.indices.contains(i) ? $0.sublayers[i] : nil }
            layOut(&layer.sublayers[i], oldSize: oldSizes[i], previous: before, warnings: &warnings)
        }
    }
}

extension Scene {
    /// Sets the canvas (the root layer's bounds) to `size` points, or keeps
    /// the authored size, and lays out the tree from the size the scene was
    /// written at. Call it once, on the scene as loaded, before sampling.
    public mutating func layOut(canvasSize size: Size? = nil) -> [Diagnostic] {
        let old = root.properties.bounds.size
        let s = size ?? canvas.size
        canvas.size = s
        root.properties.bounds = Rect(0, 0, s.width, s.height)
        root.properties.position = Point(s.width / 2, s.height / 2)
        return Layout.layOutSublayers(of: &root, oldSize: old)
    }
}
