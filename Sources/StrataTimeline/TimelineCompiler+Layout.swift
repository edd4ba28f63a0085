import StrataLayout
import StrataModel

/// Layout over time (docs/layout.md): layout runs on the model tree, so
/// after a transaction changes geometry that constraints or autoresizing
/// read, the tree is laid out again and the frames that move animate with
/// the transaction's implicit animation, as `layoutSublayers` does inside a
/// CATransaction (its frame setter goes through `bounds` and `position`,
/// whose actions run).
///
///     commit k:  set changes -> models after k
///                Layout.relayOut(after k, previous: before k), per subtree
///                each layer whose bounds / position moved -> a change of
///                `bounds` / `position`, performed like a set change
///
/// Only the superlayers of layers whose geometry changed are laid out again
/// (their sublayers may read the changed frame as siblings, and the changed
/// layer's own sublayers follow from its size), once per subtree.
extension Compilation {
    /// The properties a frame is made of: those whose change invalidates layout.
    static let geometry: Set<LayerProperty> = Set(LayerProperty.all.filter { $0.invalidates.contains(.layout) })

    /// Lays out again after transaction k's changes (already in
    /// `state.working`) and returns the changes layout makes, each with the
    /// settings of the transaction's last geometry change (the one that, in
    /// Core Animation, would have triggered the layout in its transaction).
    mutating func relaidOut(_ changes: [(PropertyChange, TransactionSettings)], at: Double, sequence k: Int,
                            state: inout CommitState) -> [(PropertyChange, TransactionSettings)] {
        guard laysOut else { return [] }
        let geometric = changes.filter { Self.geometry.contains($0.0.keyPath.property) }
        guard let settings = geometric.last?.1 else { return [] }
        let parents = Set(geometric.map { Array($0.0.layer.dropLast()) })
        // A subtree inside another one is laid out with it.
        let roots = parents.filter { p in !(0..<p.count).contains { parents.contains(Array(p.prefix($0))) } }
        var result: [(PropertyChange, TransactionSettings)] = []
        for path in roots.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            guard let layer = Self.layer(at: path, in: root) else { continue }
            var previous = layer, after = layer
            overlayModels(&previous, path: path, working: [:])
            overlayModels(&after, path: path, working: state.working)
            let unlaid = after
            // Warnings (a size clamped to 0) were reported for the scene as
            // loaded; over time the layout keeps the same rules silently.
            _ = Layout.relayOut(&after, previous: previous)
            var moved: [PropertyChange] = []
            Self.differences(from: unlaid, to: after, path: path, into: &moved)
            for change in moved {
                readBefore(change.layer, at: at, sequence: k, into: &state)
                result.append((change, settings))
            }
        }
        return result
    }

    /// Replaces the properties in the subtree at `path` by the current
    /// models: the commit's `working` values, else the models so far.
    func overlayModels(_ layer: inout Layer, path: [Int], working: [[Int]: LayerProperties]) {
        if let model = working[path] ?? models[path] { layer.properties = model }
        for i in layer.sublayers.indices {
            overlayModels(&layer.sublayers[i], path: path + [i], working: working)
        }
    }

    /// The `bounds` and `position` changes that turn `old` into `new` (same structure).
    static func differences(from old: Layer, to new: Layer, path: [Int], into out: inout [PropertyChange]) {
        let a = old.properties, b = new.properties
        if a.bounds != b.bounds {
            out.append(PropertyChange(layer: path, layerPath: "", keyPath: .root(.bounds), value: .animatable(.rect(b.bounds)),
                                      location: new.location))
        }
        if a.position != b.position {
            out.append(PropertyChange(layer: path, layerPath: "", keyPath: .root(.position), value: .animatable(.point(b.position)),
                                      location: new.location))
        }
        // A used scene keeps the layout it was given when it was loaded:
        // its layers are in its own time scope.
        guard new.composition == nil else { return }
        for i in new.sublayers.indices where old.sublayers.indices.contains(i) {
            differences(from: old.sublayers[i], to: new.sublayers[i], path: path + [i], into: &out)
        }
    }

    /// Whether any layer takes part in layout (constraints or an autoresizing mask).
    static func hasLayout(_ layer: Layer) -> Bool {
        !layer.constraints.isEmpty || !layer.autoresizingMask.isEmpty || layer.sublayers.contains(where: hasLayout)
    }
}
