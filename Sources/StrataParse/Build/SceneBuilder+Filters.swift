import StrataModel

/// `filters` and `backgroundFilters`: lists of CIFilter mappings
/// (docs/compositing.md#filters).
extension SceneBuilder {
    mutating func buildFilters(_ list: YAMLNode) -> [LayerFilter]? {
        guard let items = take(Values.list(list, of: "filters")) else { return nil }
        var filters: [LayerFilter] = []
        for item in items {
            guard let m = MappingReader(item, KeyTables.layerFilter, sink: &sink) else { continue }
            // The table requires `filter` (the reader reports it missing).
            guard let kindNode = m["filter"] else { continue }
            guard let kindName = take(Values.choice(kindNode, LayerFilter.Kind.allCases.map(\.rawValue), what: "filter")),
                  let kind = LayerFilter.Kind(rawValue: kindName) else { continue }
            var f = LayerFilter(kind, name: read(m, "name") { Values.name($0, what: "filter name") })
            var valid = true
            for key in ["inputRadius", "inputSaturation", "inputBrightness", "inputContrast"] {
                guard let at = m.keyNode(key) else { continue }
                guard kind.inputKeys.contains(key) else {
                    sink.error(at.location, "\(kind.rawValue) has no '\(key)'; its keys are \(Suggestion.list(kind.inputKeys))")
                    valid = false
                    continue
                }
                switch key {
                case "inputRadius": if let v = read(m, key, { Values.length($0, m.table.bound(of: key)) }) { f.inputRadius = v }
                case "inputSaturation": if let v = number(m, key) { f.inputSaturation = v }
                case "inputBrightness": if let v = number(m, key) { f.inputBrightness = v }
                default: if let v = number(m, key) { f.inputContrast = v }
                }
            }
            if valid { filters.append(f) }
        }
        return filters
    }
}
