/// Core Animation's animatable cell key paths, `emitterCells.<cellName>.<key>`
/// (docs/layer-types.md): the keys of `CellKey.animatable`.
extension EmitterProperties {
    /// The index of the first cell named `name`.
    public func cellIndex(named name: String) -> Int? {
        cells.firstIndex { $0.name == name }
    }
}

extension LayerKeyPath {
    /// `emitterCells.<name>.<key>`: the cell's name and key, else nil.
    public var emitterCell: (name: String, key: CellKey)? {
        guard property == .emitterCells, let key = cellKey, let name = fields.first else { return nil }
        return (name, key)
    }

    /// Parses the part after `emitterCells.`: a cell name and an animatable key.
    static func parseEmitterCell(_ path: inout LayerKeyPath, _ rest: [String]) -> KeyPathError? {
        guard rest.count == 2, !rest[0].isEmpty else {
            return KeyPathError(message: "'\(path.text)' is not a cell key path; write 'emitterCells.<cellName>.<key>'",
                                candidates: [])
        }
        guard let key = CellKey.named(rest[1]), key.animates else {
            return KeyPathError(message: "'\(rest[1])' in '\(path.text)' is not an animatable cell key",
                                candidates: CellKey.animatable.map(\.name))
        }
        path.fields = rest
        path.cellKey = key
        return nil
    }

    /// The value kind of a cell key path.
    var emitterCellValueKind: ValueKind { cellKey?.form.valueKind ?? .scalar }
}

extension EmitterCell {
    /// The largest magnitude the cell key `key` takes: its model value, or
    /// any value an animation of `emitterCells.<name>.<key>` names (`from`,
    /// `to`, keyframe values; `by` adds). Bounds particle counts and lifetimes.
    public func largestValue(ofKey key: CellKey, animations: [Animation]) -> Double {
        var largest: Double = 0
        if case .scalar(let x) = key.value(of: self) { largest = abs(x) }
        for a in animations {
            guard let c = a.keyPath.emitterCell, c.name == name, c.key == key else { continue }
            if case .keyframe(let k) = a.kind {
                for case .scalar(let x) in k.values { largest = max(largest, abs(x)) }
            }
            guard case .basic(let from, let to, let by) = a.kind else { continue }
            for case .scalar(let x)? in [from, to] { largest = max(largest, abs(x)) }
            if case .scalar(let x)? = by { largest += abs(x) }
        }
        return largest
    }
}
