import StrataModel

extension SceneBuilder {
    /// `golden.variants`: names of `canvas.variants` whose frames are checked
    /// too (docs/golden-testing.md). An empty list checks the authored size only.
    mutating func buildGoldenVariants(_ node: YAMLNode, canvas: Canvas?) -> [(name: String, location: SourceLocation)]? {
        guard let items = take(Values.list(node, of: "variant names")) else { return nil }
        let known = canvas?.variants.map(\.name) ?? []
        var result: [(name: String, location: SourceLocation)] = []
        for item in items {
            guard let name = take(Values.name(item, what: "variant name")) else { continue }
            if canvas != nil, !known.contains(name) {
                let hint = Suggestion.hint(for: name, in: known)
                let rest = known.isEmpty ? "; the canvas defines no variants"
                    : hint.isEmpty ? "; canvas.variants has \(Suggestion.list(known).replacingOccurrences(" or ", " and "))" : hint
                sink.error(item.location, "no canvas variant named '\(YAMLNode.clip(name))'" + rest)
                continue
            }
            if let first = result.first(where: { $0.name == name }) {
                sink.warning(item.location, "variant '\(name)' is already listed",
                             notes: [DiagnosticNote(first.location, "variant '\(name)' is first listed here")])
                continue
            }
            result.append((name, item.location))
        }
        return result
    }
}
