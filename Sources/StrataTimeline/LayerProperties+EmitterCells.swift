import StrataModel

/// `emitterCells.<cellName>.<key>` (CAEmitterLayer's cell key paths; sub-cells
/// through `.emitterCells.`): reads and writes one key of the cell at that path. A layer without
/// such a cell reads the cell defaults and ignores writes (the parser
/// rejects unknown cell names, at the key path).
extension LayerProperties {
    func emitterCellValue(_ path: [String], _ key: CellKey) -> AnimatableValue {
        key.value(of: EmitterCell.cell(at: path[...], in: emitter?.cells ?? []) ?? EmitterCell())
    }

    mutating func setEmitterCellValue(_ value: AnimatableValue, _ path: [String], _ key: CellKey) {
        guard var e = emitter else { return }
        if EmitterCell.modify(at: path[...], in: &e.cells, { key.set(value, on: &$0) }) { emitter = e }
    }
}
