import StrataModel

extension SceneBuilder {
    /// The `timeline:` list: transactions, each located, with layer paths
    /// resolved against the built layer tree. Returned sorted by `at`
    /// (file order at equal times), the order they commit in.
    mutating func buildTimeline(_ node: YAMLNode, root: Layer) -> [Transaction] {
        guard let items = take(Values.list(node, of: "transactions")) else { return [] }
        var budget = TimelineBudget()
        let list = items.compactMap { buildTransaction($0, root: root, nested: false, budget: &budget) }
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
                  let keyPath = take(Self.settableKeyPath(keyText, at: pair.key)),
                  let value = keyPath.property == .contents ? contentsValue(pair.value)
                      : take(valueForAnimation(pair.value, keyPath, isDelta: false)) else { continue }
            let target = indices.reduce(root) { $0.sublayers[$1] }
            if let owners = Self.owners(of: keyPath.property, unlike: target.type) {
                sink.error(pair.key.location, "'\(keyPath.property.name)' is a key of \(owners) layers, not of type '\(target.type.rawValue)'")
                continue
            }
            if keyPath.emitterCell != nil {
                // The emitter samples births against its written cells: a
                // change at a scene time would reach particles born before it.
                sink.error(pair.key.location, "setting emitter cell keys in a transaction is not supported yet; animate '\(keyPath.text)' instead")
                continue
            }
            changes.append(PropertyChange(layer: indices, layerPath: layerText, keyPath: keyPath, value: value,
                                          location: pair.key.location))
        }
        return changes
    }

    /// A layer path (`card/badge`, `card/0`) as sublayer indices from the root.
    static func resolveLayerPath(_ text: String, in root: Layer, at node: YAMLNode) -> Parsed<[Int]> {
        var layer = root
        var indices: [Int] = []
        var walked = ""
        for part in text.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
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

    /// A key path a transaction can set: any property key path, animatable or not.
    static func settableKeyPath(_ text: String, at node: YAMLNode) -> Parsed<LayerKeyPath> {
        let root = String(text.prefix { $0 != "." })
        if let p = LayerProperty.named(root), !p.animation.isAddressable {
            return Values.fail(node, p.layerTypes != nil ? "setting '\(root)' in a transaction is not supported yet"
                                                          : "'\(root)' cannot be changed by a transaction")
        }
        if LayerProperty.named(root) == nil, KeyTables.layer.spec(root) != nil {
            return Values.fail(node, "'\(root)' cannot be changed by a transaction")
        }
        return keyPath(text, at: node)
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
