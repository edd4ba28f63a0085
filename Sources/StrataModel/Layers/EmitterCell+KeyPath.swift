/// Core Animation's animatable cell key paths, `emitterCells.<cellName>.<key>`
/// (docs/layer-types.md): the keys of `CellKey.animatable`.
extension EmitterProperties {
    /// The index of the first cell named `name`.
    public func cellIndex(named name: String) -> Int? {
        cells.firstIndex { $0.name == name }
    }
}

extension LayerKeyPath {
    /// `emitterCells.<name>.<key>`, or for a sub-cell
    /// `emitterCells.<name>.emitterCells.<subName>.<key>` (Core Animation's
    /// nesting): the cell names from the emitter down, and the key; else nil.
    public var emitterCell: (path: [String], key: CellKey)? {
        guard property == .emitterCells, let key = cellKey, !fields.isEmpty else { return nil }
        return (fields, key)
    }

    /// Parses the part after `emitterCells.`: cell names joined by
    /// `.emitterCells.`, then an animatable key.
    static func parseEmitterCell(_ path: inout LayerKeyPath, _ rest: [String]) -> KeyPathError? {
        parseCellPath(&path, rest, animatableOnly: true)
    }

    /// A cell key path a transaction may set: any key of the cell table.
    public static func parseSettableEmitterCell(_ text: String) -> Result<LayerKeyPath, KeyPathError> {
        var path = LayerKeyPath(property: .emitterCells, fields: [], transformComponent: nil, axis: nil, text: text)
        let rest = Array(text.split(separator: ".", omittingEmptySubsequences: false).map(String.init).dropFirst())
        if let e = parseCellPath(&path, rest, animatableOnly: false) { return .failure(e) }
        return .success(path)
    }

    private static func parseCellPath(_ path: inout LayerKeyPath, _ rest: [String], animatableOnly: Bool) -> KeyPathError? {
        var names: [String] = []
        var i = 0
        while i < rest.count - 1 {
            if !names.isEmpty {
                guard rest[i] == LayerProperty.emitterCells.name, i + 1 < rest.count - 1 else { break }
                i += 1
            }
            guard !rest[i].isEmpty else { break }
            names.append(rest[i])
            i += 1
        }
        guard !names.isEmpty, i == rest.count - 1 else {
            return KeyPathError(message: "'\(path.text)' is not a cell key path; write 'emitterCells.<cellName>.<key>' (a sub-cell: 'emitterCells.<cellName>.emitterCells.<subName>.<key>')",
                                candidates: [])
        }
        let keys = animatableOnly ? CellKey.animatable : CellKey.all
        guard let key = CellKey.named(rest[i]), keys.contains(key) else {
            let what = animatableOnly && CellKey.named(rest[i]) != nil ? "an animatable" : "a"
            return KeyPathError(message: "'\(rest[i])' in '\(path.text)' is not \(what) cell key", candidates: keys.map(\.name))
        }
        path.fields = names
        path.cellKey = key
        return nil
    }

    /// The value kind of a cell key path.
    var emitterCellValueKind: ValueKind { cellKey?.form.valueKind ?? .scalar }
}

extension EmitterCell {
    /// The cell at `path` (names from this list down through sub-cells).
    public static func cell(at path: ArraySlice<String>, in cells: [EmitterCell]) -> EmitterCell? {
        guard let name = path.first, let cell = cells.first(where: { $0.name == name }) else { return nil }
        return path.count == 1 ? cell : Self.cell(at: path.dropFirst(), in: cell.cells)
    }

    /// Changes the cell at `path`; false when there is none.
    @discardableResult
    public static func modify(at path: ArraySlice<String>, in cells: inout [EmitterCell], _ body: (inout EmitterCell) -> Void) -> Bool {
        guard let name = path.first, let i = cells.firstIndex(where: { $0.name == name }) else { return false }
        if path.count == 1 {
            body(&cells[i])
            return true
        }
        return modify(at: path.dropFirst(), in: &cells[i].cells, body)
    }
}

extension EmitterCell {
    /// The largest magnitude the cell key `key` takes: its model value, or
    /// any value an animation of `emitterCells.<path>.<key>` names (`from`,
    /// `to`, keyframe values; `by` adds). Bounds particle counts and lifetimes.
    public func largestValue(ofKey key: CellKey, path: [String], animations: [Animation]) -> Double {
        var largest: Double = 0
        if case .scalar(let x) = key.value(of: self) { largest = abs(x) }
        for a in animations {
            guard let c = a.keyPath.emitterCell, c.path == path, c.key == key else { continue }
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
