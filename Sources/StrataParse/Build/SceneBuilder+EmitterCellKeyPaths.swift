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

    /// The largest magnitude a cell key takes: its value, or any value an
    /// animation of it names (for the particle limit).
    static func largestCellValue(_ cell: EmitterCell, _ key: String, _ animations: [Animation]) -> Double {
        var v = abs(cell.value(ofKey: key).flatMap { if case .scalar(let x) = $0 { x } else { nil } } ?? 0)
        for a in animations {
            guard let c = a.keyPath.emitterCell, c.name == cell.name, c.key == key else { continue }
            if case .keyframe(let k) = a.kind {
                for case .scalar(let x) in k.values { v = max(v, abs(x)) }
            }
            guard case .basic(let from, let to, let by) = a.kind else { continue }
            for case .scalar(let x)? in [from, to] { v = max(v, abs(x)) }
            if case .scalar(let x)? = by { v += abs(x) }
        }
        return v
    }
}
