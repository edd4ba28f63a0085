import StrataModel

/// Animations of `emitterCells.<cellName>.<key>` (docs/layer-types.md).
extension SceneBuilder {
    /// True when the emitter being built has a cell named `name`; else a
    /// located error with the closest name.
    mutating func checkEmitterCellName(_ name: String, at location: SourceLocation) -> Bool {
        let names = (layerModel.emitter?.cells ?? []).compactMap(\.name)
        guard !names.contains(name) else { return true }
        let known = names.isEmpty ? "; the emitter has no named cells (give a cell a 'name')"
            : Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" }
                ?? "; its cells are \(Suggestion.list(names))"
        sink.error(location, "no emitter cell named '\(name)'\(known)")
        return false
    }

    /// A from / to / by value of a cell key: angles (bare numbers are
    /// degrees) for the emission angles and spins, numbers 0 or more for
    /// birthRate and lifetime (any for `by`); nil for colors (read like
    /// every color).
    static func emitterCellValue(_ node: YAMLNode, key: String, isDelta: Bool) -> Parsed<AnimatableValue>? {
        switch EmitterCell.kind(ofKey: key) {
        case .angle?: return Values.angle(node).map { .scalar($0) }
        case .number(let nonNegative)?:
            return Values.number(node, nonNegative && !isDelta ? .nonNegative : .any).map { .scalar($0) }
        case .color?, nil: return nil
        }
    }
}
