import StrataLayout
import StrataModel

/// `constraints` and `autoresizingMask` (docs/layout.md). One layer's list is
/// checked as it is read (at most two constraints per axis, one per
/// attribute); names and cycles once all siblings are built.
extension SceneBuilder {
    /// A `constraints` list.
    mutating func buildConstraints(_ node: YAMLNode) -> [LayoutConstraint] {
        guard let items = take(Values.list(node, of: "constraints")) else { return [] }
        var result: [LayoutConstraint] = []
        for item in items {
            guard let c = buildConstraint(item) else { continue }
            let sameAxis = result.filter { $0.attribute.axis == c.attribute.axis }
            if let same = sameAxis.first(where: { $0.attribute == c.attribute }) {
                sink.error(c.location, "'\(c.attribute.rawValue)' is already constrained; a layer takes one constraint per attribute",
                           notes: [DiagnosticNote(same.location, "'\(c.attribute.rawValue)' is first constrained here")])
                continue
            }
            if sameAxis.count >= 2 {
                let earlier = sameAxis.map { "'\($0.attribute.rawValue)'" }.joined(separator: " and ")
                sink.error(c.location, "a third constraint on the \(c.attribute.axis.name) axis ('\(c.attribute.rawValue)'); Core Animation takes at most two per axis, here \(earlier)",
                           notes: sameAxis.map { DiagnosticNote($0.location, "'\($0.attribute.rawValue)' is constrained here") })
                continue
            }
            result.append(c)
        }
        return result
    }

    /// One `{attribute, relativeTo, target, scale, offset}` mapping.
    mutating func buildConstraint(_ node: YAMLNode) -> LayoutConstraint? {
        guard let m = MappingReader(node, KeyTables.constraint, sink: &sink) else { return nil }
        let attribute = m["attribute"].flatMap { take(Values.choice($0, LayoutAttribute.self, what: "constraint attribute")) }
        let target = m["target"].flatMap { take(Values.choice($0, LayoutAttribute.self, what: "constraint target")) }
        let sourceName = m["relativeTo"].flatMap { take(Values.name($0, what: "layer name")) }
        let scale = number(m, "scale") ?? 1
        let offset = read(m, "offset") { Values.length($0, m.table.bound(of: "offset")) } ?? 0
        guard let attribute, let target, let sourceName, let sourceNode = m["relativeTo"] else { return nil }
        let source: LayoutConstraint.Source = sourceName == "superlayer" ? .superlayer : .sibling(sourceName)
        return LayoutConstraint(attribute, relativeTo: source, target, scale: scale, offset: offset,
                                location: node.useLocation, sourceLocation: sourceNode.location)
    }

    /// A name or a list of names of `AutoresizingMask.named`.
    mutating func buildAutoresizingMask(_ node: YAMLNode) -> AutoresizingMask? {
        let names = KeyTables.autoresizingNames
        let items = node.sequence ?? [node]
        var mask: AutoresizingMask = []
        var ok = true
        for item in items {
            guard let s = item.scalar, case .string = s.value else {
                sink.error(item.location, "expected an autoresizingMask name (\(Suggestion.list(names))) or a list of them, found \(Values.found(item))")
                ok = false
                continue
            }
            guard let name = take(Values.choice(item, names, what: "autoresizingMask value")) else { ok = false; continue }
            let option = AutoresizingMask.named.first { $0.name == name }!.mask
            if mask.contains(option) { sink.warning(item.location, "'\(name)' is listed twice") }
            mask.insert(option)
        }
        return ok ? mask : nil
    }

    /// Checks what only the whole sibling list shows: every `relativeTo`
    /// names a sibling, and the constraints do not form a cycle.
    mutating func checkConstraints(of siblings: [Layer]) {
        guard siblings.contains(where: { !$0.constraints.isEmpty }) else { return }
        let names = siblings.compactMap(\.name)
        let graph = ConstraintGraph(sublayers: siblings)
        for (j, layer) in siblings.enumerated() {
            for (ci, c) in layer.constraints.enumerated() where graph.resolved[j][ci] == .unknown {
                let hint = Suggestion.hint(for: c.source.description, in: names + ["superlayer"])
                let rest = hint.isEmpty
                    ? "; relativeTo takes 'superlayer' or the name of a layer in the same sublayers list" + (names.isEmpty || names.count > 10 ? "" : " (\(Suggestion.list(names)))")
                    : hint
                sink.error(c.sourceLocation, "no sibling layer named '\(YAMLNode.clip(c.source.description))'" + rest)
            }
        }
        for cycle in graph.cycles {
            func layerName(_ i: Int) -> String { siblings[i].name ?? "sublayer \(i)" }
            func step(_ e: ConstraintGraph.Edge) -> String {
                let c = siblings[e.layer].constraints[e.constraint]
                return "\(layerName(e.layer)).\(c.attribute.rawValue) reads \(layerName(e.from.layer)).\(c.target.rawValue)"
            }
            // A huge cycle (generated scenes) is named in part, so that one mistake is not megabytes of messages.
            let limit = Self.maxListedInCycle
            var quoted = cycle.layers.prefix(limit).map { "'\(layerName($0))'" }
            if cycle.layers.count > limit { quoted.append("\(cycle.layers.count - limit) more layers") }
            let who = cycle.layers.count == 1 ? "constraints of \(quoted[0]) form a cycle"
                : "constraints form a cycle among \(quoted.dropLast().joined(separator: ", ")) and \(quoted.last!)"
            var steps = cycle.path.prefix(limit).map(step)
            if cycle.path.count > limit { steps.append("... (\(cycle.path.count - limit) more)") }
            let first = cycle.path[0]
            let others = cycle.edges.filter { $0 != first }
            var notes = others.prefix(limit).map { e in
                DiagnosticNote(siblings[e.layer].constraints[e.constraint].location,
                               "this constraint of '\(layerName(e.layer))' is part of the cycle")
            }.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
            if others.count > limit, let next = others.dropFirst(limit).first {
                notes.append(DiagnosticNote(siblings[next.layer].constraints[next.constraint].location,
                                            "\(others.count - limit) more constraints from here on are part of the cycle"))
            }
            sink.error(siblings[first.layer].constraints[first.constraint].location,
                       who + ": " + steps.joined(separator: ", ") + "; no order lays them out", notes: notes)
        }
    }

    /// Layers, steps and notes listed for one cycle.
    static let maxListedInCycle = 20
}
