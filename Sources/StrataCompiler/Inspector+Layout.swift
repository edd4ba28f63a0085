import StrataModel

extension Inspector {
    /// `"layout"` entries by layer path, for layers with constraints or an
    /// autoresizing mask: what laid out the frame `inspect` shows.
    static func layoutEntries(_ root: Layer) -> [String: JSON] {
        var result: [String: JSON] = [:]
        func visit(_ layer: Layer, _ path: String) {
            var pairs: [(String, JSON)] = []
            if !layer.constraints.isEmpty {
                pairs.append(("constraints", .array(layer.constraints.map { c in
                    .object([("attribute", .string(c.attribute.rawValue)), ("relativeTo", .string(c.source.description)),
                             ("target", .string(c.target.rawValue)), ("scale", .number(c.scale)), ("offset", .number(c.offset))])
                })))
            }
            if !layer.autoresizingMask.isEmpty {
                pairs.append(("autoresizingMask", .array(layer.autoresizingMask.names.map(JSON.string))))
            }
            if !pairs.isEmpty { result[path] = .object(pairs) }
            for (i, sub) in layer.sublayers.enumerated() {
                let name = sub.name ?? String(i)
                visit(sub, path.isEmpty ? name : path + "/" + name)
            }
        }
        visit(root, "")
        return result
    }

    /// `entry` with a `"layout"` key appended when the layer has one.
    static func adding(layout: JSON?, to entry: JSON) -> JSON {
        guard let layout, case .object(var pairs) = entry else { return entry }
        pairs.append(("layout", layout))
        return .object(pairs)
    }
}
