import StrataModel

/// `emitterCells.<cellName>.<key>` (CAEmitterLayer's cell key paths): reads
/// and writes one key of the first cell with that name. A layer without
/// such a cell reads the cell defaults and ignores writes (the parser
/// rejects unknown cell names, at the key path).
extension LayerProperties {
    func emitterCellValue(_ name: String, _ key: CellKey) -> AnimatableValue {
        let cells = emitter?.cells ?? []
        return key.value(of: cells.first { $0.name == name } ?? EmitterCell())
    }

    mutating func setEmitterCellValue(_ value: AnimatableValue, _ name: String, _ key: CellKey) {
        guard var e = emitter, let i = e.cellIndex(named: name) else { return }
        key.set(value, on: &e.cells[i])
        emitter = e
    }
}
