import StrataModel

/// CATransition at the render-tree level: the layer is drawn twice, as its
/// subtree was before the transaction (frozen at the commit, like Core
/// Animation's snapshot) and as it is now, each moved or faded by the
/// transition's progress p, inside one node that carries the layer's live
/// geometry and opacity.
///
///     container (live transform, opacity)
///     ├── old subtree   push/reveal: moves by  d·p        fade: opacity 1-p
///     └── new subtree   push/moveIn: moves from -d·(1-p)  fade: opacity p
///
/// d is the layer's bounds size along the motion: `fromRight` moves content
/// toward the left, d = (-width, 0); `fromTop` moves it down, d = (0, height).
/// `reveal` draws the old subtree above the new one; the others the new above.
/// Nothing is clipped to the bounds (set `masksToBounds` on a superlayer).
///
/// `fade` is a true cross-dissolve when both subtrees draw: the node's
/// `crossDissolve` makes the renderer sum old·(1-p) + new·p in an isolated
/// group (where both are opaque the result stays opaque). When one side is
/// missing (a layer that becomes hidden or visible) that side simply fades.
extension CompiledLayers {
    /// The layer's node while a transition runs on it, else nil. A later
    /// transition on the layer replaces an earlier one (one per layer, as
    /// under Core Animation's `transition` key).
    func activeTransition(of index: Int, parentTime: Double, localTime: Double,
                          context: SampleContext) -> (node: RenderNode, zPosition: Double)? {
        for item in layers[index].transitions.reversed()
        where item.lifetime.applies(layerTime: localTime, sequenceLimit: context.sequenceLimit) {
            guard let timing = item.timing.sample(layerTime: localTime, removedOnCompletion: true) else { continue }
            let t = item.transition
            let eased = item.timingFunction.evaluate(timing.fraction)
            let progress = t.startProgress + (t.endProgress - t.startProgress) * eased
            var old = context
            old.sceneTime = item.commitTime
            old.sequenceLimit = item.sequence
            let before = sampleOne(index, parentTime: item.parentTimeAtCommit, context: old)
            let live = sampleOne(index, parentTime: parentTime, context: context, ignoringTransitions: true)
            let p = presentation(of: index, localTime: localTime, context: context)
            return transitionNode(index, t, progress: progress, live: live, before: before, liveProperties: p)
        }
        return nil
    }

    func transitionNode(_ index: Int, _ transition: Transition, progress rawProgress: Double,
                        live: RenderNode?, before: RenderNode?,
                        liveProperties p: LayerProperties) -> (node: RenderNode, zPosition: Double)? {
        let progress = min(max(rawProgress, 0), 1)
        let size = p.bounds.size
        let d: Point
        switch transition.subtype {
        case .fromRight: d = Point(-size.width, 0)
        case .fromLeft: d = Point(size.width, 0)
        case .fromTop: d = Point(0, size.height)
        case .fromBottom: d = Point(0, -size.height)
        }
        var oldOffset = Point.zero, newOffset = Point.zero
        var oldOpacity = 1.0, newOpacity = 1.0
        switch transition.type {
        case .fade: oldOpacity = 1 - progress; newOpacity = progress
        case .push: oldOffset = d * progress; newOffset = d * (progress - 1)
        case .moveIn: newOffset = d * (progress - 1)
        case .reveal: oldOffset = d * progress
        }
        var newNode = live
        newNode?.transform = Transform3D.translation(newOffset.x, newOffset.y)
        newNode?.opacity = newOpacity
        var oldNode = before
        if let before {
            // The old content sits where the live bounds are.
            let shift = Point(p.bounds.minX - before.bounds.minX, p.bounds.minY - before.bounds.minY)
            oldNode?.transform = Transform3D.translation(oldOffset.x + shift.x, oldOffset.y + shift.y)
            oldNode?.opacity = oldOpacity
        }
        let dissolve = transition.type == .fade && oldNode != nil && newNode != nil
        if dissolve {
            // The renderer weighs the two groups itself.
            oldNode?.opacity = 1
            newNode?.opacity = 1
        }
        let ordered = transition.type == .reveal ? [newNode, oldNode] : [oldNode, newNode]
        let children = ordered.compactMap { $0 }
        guard !children.isEmpty else { return nil }
        var node = RenderNode(path: layers[index].path, bounds: p.bounds, transform: p.toSuperlayer(),
                              opacity: min(max(p.opacity, 0), 1), backgroundColor: nil,
                              cornerRadius: 0, borderWidth: 0, borderColor: .clear, masksToBounds: false,
                              children: children)
        if dissolve { node.crossDissolve = progress }
        node.location = layers[index].location
        node.animatesGeometry = layers[index].animatesGeometry
        return (node, p.zPosition)
    }
}

extension Sampler {
    /// The transition running on a layer of the presentation tree (what `inspect` shows).
    static func activeTransition(of layer: Layer, _ transitions: [LayerTransition], path: String, treePath: [Int]?,
                                 timeline: CompiledTimeline, localTime: Double,
                                 context: SampleContext) -> ActiveTransition? {
        for item in transitions.reversed()
        where item.lifetime.applies(layerTime: localTime, sequenceLimit: context.sequenceLimit) {
            guard let timing = item.timing.sample(layerTime: localTime, removedOnCompletion: true) else { continue }
            let t = item.transition
            let eased = item.timingFunction.evaluate(timing.fraction)
            let progress = t.startProgress + (t.endProgress - t.startProgress) * eased
            var old = context
            old.sceneTime = item.commitTime
            old.sequenceLimit = item.sequence
            let before = sample(layer, path: path, treePath: treePath, timeline: timeline,
                                parentTime: item.parentTimeAtCommit, context: old)
            return ActiveTransition(transition: t, fraction: timing.fraction, progress: progress,
                                    beforeState: [before], transaction: item.sequence)
        }
        return nil
    }
}
