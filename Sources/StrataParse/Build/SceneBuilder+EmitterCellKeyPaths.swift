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
}
