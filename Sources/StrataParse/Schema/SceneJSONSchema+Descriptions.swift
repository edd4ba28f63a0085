import StrataModel

/// The schema's descriptions, as editors show them on hover: the layer
/// types that have the key, its unit and range from its schema (points,
/// seconds, degrees; "0 to 1"), then what it means and its default.
extension SchemaGenerator {
    static func description(_ spec: KeySpec) -> String {
        var text = [valuePhrase(spec.schema), spec.doc].filter { !$0.isEmpty }.joined(separator: "; ")
        if case .typeSpecific(let types) = spec.status {
            text = types.map { "'\($0.rawValue)'" }.joined(separator: ", ") + " layers: " + text
        }
        return text
    }

    /// "points, 0 or more", "seconds, greater than 0 and at most 86,400", "degrees", "0 to 1".
    static func valuePhrase(_ s: ValueSchema) -> String {
        func with(_ unit: String, _ b: Bound) -> String { [unit, range(b)].filter { !$0.isEmpty }.joined(separator: ", ") }
        switch s {
        case .number(let b): return range(b)
        case .integer(let b): return with("whole number", b)
        case .length(let b): return with("points", b)
        case .time(let b): return with("seconds", b)
        case .angle: return "degrees"
        case .size(let b): return range(b).isEmpty ? "" : "each " + range(b)
        case .anyOf(let options):
            let first = options.lazy.map(valuePhrase).first { !$0.isEmpty } ?? ""
            let null = options.contains { if case .null = $0 { true } else { false } }
            return null && !first.isEmpty ? first + ", or null" : first
        default: return ""
        }
    }

    /// "0 to 1", "0 or more", "greater than 0 and at most 8", or "" for any number.
    static func range(_ b: Bound) -> String {
        if let lo = b.min, let hi = b.max, b.minInclusive, b.maxInclusive {
            return "\(PropertyText.grouped(lo)) to \(PropertyText.grouped(hi))"
        }
        return b.phrase(PropertyText.grouped)
    }
}
