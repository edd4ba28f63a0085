import StrataModel

extension SceneBuilder {
    /// A layer's `actions`: property name -> animation, transition, or null.
    mutating func buildActions(_ node: YAMLNode) -> [String: LayerAction] {
        guard let pairs = namedMapping(node, what: "action key") else { return [:] }
        // Any property a transaction can set has an action (its cells' keys are set by key path).
        let settable = LayerProperty.all.filter { $0 != .emitterCells }
        let keys = settable.map(\.name)
        var actions: [String: LayerAction] = [:]
        for pair in pairs {
            let key = pair.name
            guard let property = LayerProperty.named(key), property != .emitterCells else {
                let hint = Suggestion.hint(for: key, in: keys)
                let why = KeyTables.layer.spec(key) != nil && hint.isEmpty ? " ('\(key)' is not a property a transaction changes)" : ""
                sink.error(pair.key.location, "unknown action key '\(YAMLNode.clip(key))'\(hint)\(why)")
                continue
            }
            let value = pair.value
            if value.isNull {
                actions[key] = LayerAction.none
            } else if value.mapping != nil, let t = value["type"], let name = t.scalar?.text,
                      Transition.Kind(rawValue: name) != nil {
                if let transition = buildTransition(value) { actions[key] = .transition(transition) }
            } else if !property.animation.isAnimatable {
                sink.error(value.location, "'\(key)' is not animatable: its action can be a transition or null")
            } else if let built = buildAnimation(value, depth: 0, action: ActionContext(keyPath: .root(property))) {
                actions[key] = .animation(ActionAnimation(animation: built.animation, hasDuration: built.hasDuration,
                                                          hasTimingFunction: built.hasTimingFunction))
            }
        }
        return actions
    }

    /// CATransition: `type` (required), `subtype`, `duration`, `timingFunction`,
    /// `startProgress`, `endProgress`.
    mutating func buildTransition(_ node: YAMLNode, table: KeyTable = KeyTables.transition) -> Transition? {
        guard let m = MappingReader(node, table, sink: &sink) else { return nil }
        guard let kind = read(m, "type", { Values.choice($0, Transition.Kind.self, what: "transition type") }) else { return nil }
        var t = Transition(type: kind, location: node.useLocation)
        if let v = read(m, "subtype", { Values.choice($0, Transition.Subtype.self, what: "transition subtype") }) {
            t.subtype = v
            if kind == .fade, let k = m.keyNode("subtype") {
                sink.warning(k.location, "'subtype' has no effect on a fade")
            }
        }
        t.duration = time(m, "duration")
        t.timingFunction = read(m, "timingFunction", Self.timingFunction)
        if let v = number(m, "startProgress", what: "a progress") { t.startProgress = v }
        if let v = number(m, "endProgress", what: "a progress") { t.endProgress = v }
        if t.endProgress < t.startProgress, let k = m["endProgress"] ?? m["startProgress"] {
            sink.error(k.location, "endProgress (\(Values.format(t.endProgress))) must not be below startProgress (\(Values.format(t.startProgress)))")
        }
        return t
    }
}
