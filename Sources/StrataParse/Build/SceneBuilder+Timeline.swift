import StrataModel

extension SceneBuilder {
    /// The `timeline:` list: transactions, each located, with layer paths
    /// resolved against the built layer tree. Returned sorted by `at`
    /// (file order at equal times), the order they commit in.
    mutating func buildTimeline(_ node: YAMLNode, root: Layer) -> [Transaction] {
        guard let items = take(Values.list(node, of: "transactions")) else { return [] }
        var budget = TimelineBudget()
        let list = items.compactMap { buildTransaction($0, root: root, nested: false, budget: &budget) }
        checkLimits(of: list, root: root)
        return list.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    /// One transaction; a nested one commits with its outer one (no `at`).
    mutating func buildTransaction(_ node: YAMLNode, root: Layer, nested: Bool, budget: inout TimelineBudget) -> Transaction? {
        guard let m = MappingReader(node, KeyTables.transaction, sink: &sink) else { return nil }
        budget.transactions += 1
        if budget.transactions > Limits.maxTransactions {
            if !budget.reported { sink.error(node.useLocation, "the timeline has more than \(Limits.maxTransactions) transactions") }
            budget.reported = true
            return nil
        }
        var at = 0.0
        if nested {
            if let k = m.keyNode("at") {
                sink.error(k.location, "a nested transaction commits with its outer one; 'at' belongs on top-level timeline entries")
            }
        } else if let v = time(m, "at") {
            at = v
        } else if !m.has("at") && !m.suggested.contains("at") {
            sink.error(node.location, "missing required key 'at' in transaction")
        }
        var t = Transaction(at: at, location: node.useLocation)
        t.duration = time(m, "duration")
        t.timingFunction = read(m, "timingFunction", Self.timingFunction)
        t.disableActions = read(m, "disableActions", Values.bool)
        if let tr = m["transition"] {
            t.transition = tr.isNull ? .some(nil) : buildTransition(tr).map { .some($0) }
        }
        if let set = m["set"] {
            t.changes = buildChanges(set, root: root, budget: &budget)
        }
        if let list = m["transactions"], let items = take(Values.list(list, of: "transactions")) {
            t.nested = items.compactMap { buildTransaction($0, root: root, nested: true, budget: &budget) }
        }
        return t
    }

    /// `set:` entries: `layer/path.key.path: value`.
    mutating func buildChanges(_ node: YAMLNode, root: Layer, budget: inout TimelineBudget) -> [PropertyChange] {
        guard let pairs = node.mapping else {
            sink.error(node.location, "expected a mapping of 'layer.keyPath: value' changes, found \(node.found)")
            return []
        }
        var changes: [PropertyChange] = []
        for pair in pairs {
            budget.changes += 1
            if budget.changes > Limits.maxTimelineChanges {
                if !budget.reported { sink.error(pair.key.location, "the timeline sets more than \(Limits.maxTimelineChanges) values") }
                budget.reported = true
                break
            }
            let text = pair.name
            guard let dot = text.firstIndex(of: ".") else {
                sink.error(pair.key.location, "'\(YAMLNode.clip(text))' names no property; write the layer path, then the key path: '\(YAMLNode.clip(text)).opacity'")
                continue
            }
            let layerText = String(text[..<dot]), keyText = String(text[text.index(after: dot)...])
            guard let indices = take(Self.resolveLayerPath(layerText, in: root, at: pair.key)),
                  let keyPath = take(Self.settableKeyPath(keyText, at: pair.key)) else { continue }
            let target = indices.reduce(root) { $0.sublayers[$1] }
            if let owners = Self.owners(of: keyPath.property, unlike: target.type) {
                sink.error(pair.key.location, "'\(keyPath.property.name)' is a key of \(owners) layers, not of type '\(target.type.rawValue)'")
                continue
            }
            if let cell = keyPath.emitterCell, !Self.hasCell(cell.path, in: target, at: pair.key, sink: &sink) { continue }
            guard let value = changeValue(pair.value, keyPath) else { continue }
            changes.append(PropertyChange(layer: indices, layerPath: layerText, keyPath: keyPath, value: value,
                                          location: pair.key.location))
        }
        return changes
    }

    /// The limits a layer's own values are checked against hold for what
    /// transactions set too: an emitter's live particles (a cell's
    /// birthRate or lifetime set higher) and a replicator's drawn layers
    /// (an instanceCount set higher), each reported at the change that
    /// crosses it.
    mutating func checkLimits(of transactions: [Transaction], root: Layer) {
        var changes: [PropertyChange] = []
        func flatten(_ t: Transaction) { changes += t.changes; t.nested.forEach(flatten) }
        transactions.forEach(flatten)
        var byLayer: [[Int]: [PropertyChange]] = [:]
        for c in changes { byLayer[c.layer, default: []].append(c) }
        var root = root
        var counts: [(PropertyChange, Int)] = []
        for (path, list) in byLayer {
            let layer = path.reduce(root) { $0.sublayers[$1] }
            if layer.type == .emitter, let e = layer.properties.emitter {
                let values = list.compactMap { c in c.value.animatable.map { (c.keyPath, $0) } }
                let estimate = Self.particleEstimate(e, animations: layer.animations, changes: values)
                if estimate > Double(Limits.maxParticles),
                   Self.particleEstimate(e, animations: layer.animations) <= Double(Limits.maxParticles),
                   let at = list.first(where: { [.birthRate, .lifetime, .emitterCells].contains($0.keyPath.property) }) {
                    sink.error(at.location, "with the values the timeline sets, the emitter may have \(Values.format(estimate.rounded(.up))) particles alive at once; at most \(Limits.maxParticles) are allowed")
                }
            }
            for c in list where c.keyPath.property.name == "instanceCount" {
                if case .integer(let n) = c.value { counts.append((c, n)) }
            }
        }
        guard !counts.isEmpty, Self.drawnLayers(root) <= Double(Limits.maxReplicatedLayers) else { return }
        // The largest count each replicator is given, all at once.
        for (c, n) in counts.sorted(by: { $0.1 < $1.1 }) {
            func raise(_ path: ArraySlice<Int>, _ layer: inout Layer) {
                guard let i = path.first else {
                    if n > (layer.properties.replicator?.instanceCount ?? 1) { layer.properties.replicator?.instanceCount = n }
                    return
                }
                raise(path.dropFirst(), &layer.sublayers[i])
            }
            raise(c.layer[...], &root)
            let drawn = Self.drawnLayers(root)
            if drawn > Double(Limits.maxReplicatedLayers) {
                sink.error(c.location, "with the instanceCount the timeline sets, the scene would draw \(Values.format(drawn)) layers; at most \(Limits.maxReplicatedLayers) are allowed")
                return
            }
        }
    }

    /// A layer path (`card/badge`, `card/0`) as sublayer indices from the root.
    static func resolveLayerPath(_ text: String, in root: Layer, at node: YAMLNode) -> Parsed<[Int]> {
        var layer = root
        var indices: [Int] = []
        var walked = ""
        for part in text.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            if let used = layer.composition {
                return Values.fail(node, "'\(YAMLNode.clip(walked))' shows the scene '\(used.source)', whose layers keep their own time and timeline; change them in that file (with a param), or set '\(YAMLNode.clip(walked))' itself")
            }
            let owner = walked.isEmpty ? "at the top level" : "in '\(walked)'"
            if part.isEmpty {
                return Values.fail(node, "empty layer name in the layer path '\(YAMLNode.clip(text))'")
            }
            if part.allSatisfy(\.isNumber) {
                guard let i = Int(part), layer.sublayers.indices.contains(i) else {
                    let n = layer.sublayers.count
                    return Values.fail(node, "no layer at index \(part) \(owner); there \(n == 1 ? "is" : "are") \(n) layer\(n == 1 ? "" : "s")")
                }
                indices.append(i)
            } else if let i = layer.sublayers.firstIndex(where: { $0.name == part }) {
                indices.append(i)
            } else {
                let names = layer.sublayers.compactMap(\.name)
                let hint = Suggestion.hint(for: part, in: names)
                let choices = hint.isEmpty && !names.isEmpty && names.count <= 6 ? "; the layers there are \(Suggestion.list(names))" : ""
                return Values.fail(node, "no layer named '\(YAMLNode.clip(part))' \(owner)\(hint)\(choices)")
            }
            layer = layer.sublayers[indices.last!]
            walked = walked.isEmpty ? part : walked + "/" + part
        }
        return .success(indices)
    }

    /// A key path a transaction can set: any property, animatable or not
    /// (CATransaction commits any property change; one that does not
    /// animate changes at the commit), and any cell key. Only the keys that
    /// build the tree (`name`, `sublayers`, `emitterCells` itself...) cannot.
    static func settableKeyPath(_ text: String, at node: YAMLNode) -> Parsed<LayerKeyPath> {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let root = parts[0]
        if let p = LayerProperty.named(root), !p.animation.isAddressable {
            guard parts.count == 1 else { return Values.fail(node, "'\(root)' has no fields; set '\(root)' itself") }
            return .success(.root(p))
        }
        if LayerProperty.named(root) == nil, KeyTables.layer.spec(root) != nil {
            return Values.fail(node, "'\(root)' cannot be changed by a transaction")
        }
        if root == LayerProperty.emitterCells.name {
            if parts.count == 1 {
                return Values.fail(node, "the emitter's cells cannot be replaced by a transaction; set their keys: 'emitterCells.<cellName>.<key>'")
            }
            return LayerKeyPath.parseSettableEmitterCell(text).mapError { e in
                Diagnostic(node.location, e.message + (Suggestion.closest(to: parts.last ?? "", in: e.candidates).map { "; did you mean '\($0)'?" } ?? ""))
            }
        }
        return keyPath(text, at: node)
    }

    /// A `set:` value: a key path's value (checked as animation values are),
    /// `contents` (decoded now), or a whole property of another form.
    mutating func changeValue(_ node: YAMLNode, _ keyPath: LayerKeyPath) -> PropertyValue? {
        if keyPath.property == .contents { return contentsValue(node).map { .animatable($0) } }
        if keyPath.property.animation.isAddressable {
            return take(valueForAnimation(node, keyPath, isDelta: false)).map { .animatable($0) }
        }
        return propertyValue(node, keyPath.property)
    }

    /// The types that own `property`, quoted ("'shape'"), when layers of
    /// `type` do not have it; nil when they do.
    static func owners(of property: LayerProperty, unlike type: LayerType) -> String? {
        guard let types = property.layerTypes, !types.contains(type) else { return nil }
        return Suggestion.list(types.map(\.rawValue))
    }
}

/// Counts against the timeline's limits while it is built.
struct TimelineBudget {
    var transactions = 0
    var changes = 0
    var reported = false
}
