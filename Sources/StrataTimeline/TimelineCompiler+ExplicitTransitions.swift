import StrataModel

/// CATransitions added as explicit animations (a layer's `animations:`):
/// each stands for a commit at the scene time its layer-time `beginTime`
/// is reached. Its old state is the layer then, before the transactions
/// committed at that time (so a transition and a `set:` at one time pair
/// up as `add(_:forKey:)` and a property change in one CATransaction do);
/// a later transition on the layer, explicit or not, replaces it. They
/// leave the layer for the compiler's output, ordered with the timeline's.
extension Compilation {
    /// In this scope: a used scene's layers are in its own (`compileScope`).
    static func hasExplicitTransitions(_ layer: Layer) -> Bool {
        layer.transitions.contains(where: \.isExplicit)
            || (layer.composition == nil && layer.sublayers.contains(where: hasExplicitTransitions))
    }

    /// Fills in the commit of each explicit transition (`commits`: the
    /// top-level transactions' times in commit order) and orders each
    /// layer's transitions by begin time, each replaced when the next begins.
    mutating func placeExplicitTransitions(commits: [Double], sceneEnd: Double) {
        var paths: [[Int]] = []
        func visit(_ layer: Layer, _ path: [Int]) {
            if layer.transitions.contains(where: \.isExplicit) { paths.append(path) }
            guard layer.composition == nil || path.isEmpty else { return }
            for (i, sub) in layer.sublayers.enumerated() { visit(sub, path + [i]) }
        }
        visit(root, [])
        for path in paths {
            let timing = timing(of: path)
            let end = sceneEnd.isFinite && sceneEnd > 0 ? sceneEnd : Limits.maxDuration
            var placed: [LayerTransition] = []
            let explicit = Self.layer(at: path, in: root)?.transitions ?? []
            for var item in explicit + (output[path]?.transitions ?? []) {
                if item.isExplicit {
                    let at = Self.sceneTime(reaching: item.timing.beginTime, timing, end: end)
                    item.commitTime = at
                    item.parentTimeAtCommit = parentTime(of: path, at: at)
                    // Transactions at that very time commit after the snapshot.
                    item.sequence = commits.filter { $0 < at - 1e-9 }.count
                    // Not part of its own old state (nor of earlier commits' states).
                    item.lifetime.addedBy = item.sequence
                }
                placed.append(item)
            }
            placed = placed.enumerated().sorted { ($0.element.timing.beginTime, $0.offset) < ($1.element.timing.beginTime, $1.offset) }.map(\.element)
            for i in placed.indices.dropLast() {
                let next = placed[i + 1]
                if placed[i].lifetime.removedAt.map({ $0 > next.timing.beginTime }) ?? true {
                    placed[i].lifetime.removedAt = next.timing.beginTime
                    placed[i].lifetime.removedBy = next.lifetime.addedBy ?? 0
                }
            }
            Self.modify(path, in: &root) { $0.transitions = [] }
            output[path, default: TimelineOutput()].transitions = placed
        }
    }

    /// The first scene time in 0...end at which the layer's local time
    /// reaches `local` (bisection: local time does not decrease while the
    /// layer and its ancestors play forwards); `end` when it never does, 0
    /// when it already has at the start.
    static func sceneTime(reaching local: Double, _ timing: LayerTiming, end: Double) -> Double {
        if timing.localTime(0) >= local { return 0 }
        guard timing.localTime(end) >= local else { return end }
        var lo = 0.0, hi = end
        for _ in 0..<200 where hi - lo > 1e-12 {
            let mid = (lo + hi) / 2
            if timing.localTime(mid) >= local { hi = mid } else { lo = mid }
        }
        return hi
    }
}
