import StrataModel

extension SceneBuilder {
    /// Whether an `animations:` item is a CATransition: its `type` names one
    /// (`fade`, `moveIn`, `push`, `reveal`).
    static func isTransition(_ node: YAMLNode) -> Bool {
        guard let name = node["type"]?.scalar?.text else { return false }
        return Transition.Kind(rawValue: name) != nil
    }

    /// A CATransition added to the layer (`layer.add(transition, forKey:)`):
    /// from `beginTime` (layer time) for `duration` (default 0.25 s, linear),
    /// between the layer as it was just before it began and the live layer.
    /// The compiler finds the scene time it begins at (TimelineCompiler).
    mutating func buildExplicitTransition(_ node: YAMLNode) -> LayerTransition? {
        guard let m = MappingReader(node, KeyTables.explicitTransition, sink: &sink),
              let kind = read(m, "type", { Values.choice($0, Transition.Kind.self, what: "transition type") }) else { return nil }
        var t = Transition(type: kind, location: node.useLocation)
        if let v = read(m, "subtype", { Values.choice($0, Transition.Subtype.self, what: "transition subtype") }) {
            t.subtype = v
            if kind == .fade, let k = m.keyNode("subtype") { sink.warning(k.location, "'subtype' has no effect on a fade") }
        }
        t.duration = time(m, "duration") ?? Transaction.defaultDuration
        t.timingFunction = read(m, "timingFunction", Self.timingFunction) ?? .linear
        if let v = number(m, "startProgress", what: "a progress") { t.startProgress = v }
        if let v = number(m, "endProgress", what: "a progress") { t.endProgress = v }
        if t.endProgress < t.startProgress, let k = m["endProgress"] ?? m["startProgress"] {
            sink.error(k.location, "endProgress (\(Values.format(t.endProgress))) must not be below startProgress (\(Values.format(t.startProgress)))")
            return nil
        }
        var timing = MediaTiming()
        timing.beginTime = time(m, "beginTime") ?? 0
        timing.duration = t.duration ?? Transaction.defaultDuration
        var item = LayerTransition(transition: t, timing: timing, timingFunction: t.timingFunction ?? .linear, sequence: 0,
                                   commitTime: 0, parentTimeAtCommit: 0)
        item.isExplicit = true
        return item
    }
}
