import StrataModel

/// A `sequence:`'s transitions at the render-tree level. While item i's
/// entrance runs (its first `duration` seconds of the sequence's time),
/// items i-1 and i both play, and are drawn as one CATransition node
/// (`transitionNode`, Sampler+Transition.swift): the outgoing item live in
/// the old side's place, the incoming one in the new side's.
///
///     sequence ├── item i-1 ──────────┤                (drawn alone)
///                          ├─ entrance ─┤              (one transition node)
///                          ├── item i ─────────────┤   (drawn alone)
extension CompiledLayers {
    /// The sublayers of a sequence at its local time `parentTime`, in draw order.
    func sampledSequence(of index: Int, parentTime: Double, context: SampleContext) -> [RenderNode] {
        let items = layers[index].sublayers
        var nodes: [RenderNode] = [], zPositions: [Double] = []
        var taken = Set<Int>()
        for (i, item) in items.enumerated().reversed() where i > 0 && !taken.contains(i) {
            if entranceProgress(of: item, parentTime: parentTime) != nil { taken.insert(i - 1) }
        }
        for (i, item) in items.enumerated() where !taken.contains(i) {
            if i > 0, let progress = entranceProgress(of: item, parentTime: parentTime),
               let (node, z) = entranceNode(item, from: items[i - 1], progress: progress, parentTime: parentTime,
                                             context: context) {
                nodes.append(node)
                zPositions.append(z)
            } else {
                sample(item, parentTime: parentTime, context: context, into: &nodes, zPositions: &zPositions)
            }
        }
        guard zip(zPositions, zPositions.dropFirst()).contains(where: { $0 > $1 }) else { return nodes }
        return zPositions.indices.sorted { (zPositions[$0], $0) < (zPositions[$1], $1) }.map { nodes[$0] }
    }

    /// The entrance's fraction (0...1 of its duration, before the timing
    /// function) at the sequence's time `parentTime`, or nil outside it.
    func entranceProgress(of index: Int, parentTime: Double) -> Double? {
        guard let t = layers[index].entrance else { return nil }
        let duration = t.duration ?? Transaction.defaultDuration
        let elapsed = parentTime - layers[index].timing.beginTime
        guard elapsed >= 0, elapsed < duration else { return nil }
        return elapsed / duration
    }

    /// Items `from` (outgoing) and `index` (incoming) as one transition node.
    func entranceNode(_ index: Int, from old: Int, progress fraction: Double, parentTime: Double,
                      context: SampleContext) -> (node: RenderNode, zPosition: Double)? {
        let t = layers[index].entrance!
        let eased = (t.timingFunction ?? .linear).evaluate(fraction)
        let progress = t.startProgress + (t.endProgress - t.startProgress) * eased
        let live = sampleOne(index, parentTime: parentTime, context: context, ignoringTransitions: true)
        let before = sampleOne(old, parentTime: parentTime, context: context)
        guard let localTime = layers[index].timing.activeTime(parentTime) else { return nil }
        let p = presentation(of: index, localTime: localTime, context: context)
        return transitionNode(index, t, progress: progress, live: live, before: before, liveProperties: p)
    }
}

extension Sampler {
    /// A sequence item's entrance running at its sequence's time
    /// `parentTime`, for the presentation tree (what `inspect` shows); the
    /// before state is the outgoing item, live.
    static func activeEntrance(of layer: Layer, path: String, previous: Layer?, treePath: [Int]?,
                               timeline: CompiledTimeline, parentTime: Double,
                               context: SampleContext) -> ActiveTransition? {
        guard let t = layer.composition?.entrance, let previous, let treePath, let index = treePath.last else { return nil }
        let duration = t.duration ?? Transaction.defaultDuration
        let elapsed = parentTime - layer.timing.beginTime
        guard elapsed >= 0, elapsed < duration else { return nil }
        let fraction = elapsed / duration
        let progress = t.startProgress + (t.endProgress - t.startProgress) * (t.timingFunction ?? .linear).evaluate(fraction)
        let parentPath = path.split(separator: "/").dropLast().joined(separator: "/")
        let name = previous.name ?? String(index - 1)
        let previousPath = parentPath.isEmpty ? name : parentPath + "/" + name
        let before = sample(previous, path: previousPath, treePath: Array(treePath.dropLast()) + [index - 1],
                            timeline: timeline, parentTime: parentTime, context: context)
        return ActiveTransition(transition: t, fraction: fraction, progress: progress, beforeState: [before],
                                transaction: nil, from: previousPath)
    }
}
