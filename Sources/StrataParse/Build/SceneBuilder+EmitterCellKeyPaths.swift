import StrataModel

/// Animations and transactions of `emitterCells.<cellName>.<key>`
/// (docs/layer-types.md), sub-cells through `.emitterCells.<subName>`.
extension SceneBuilder {
    /// True when the emitter being built has a cell at `path`; else a
    /// located error with the closest name.
    mutating func checkEmitterCellName(_ path: [String], at location: SourceLocation) -> Bool {
        Self.checkCellPath(path, in: layerModel.emitter?.cells ?? [], at: location, sink: &sink)
    }

    /// The same for a transaction's target layer.
    static func hasCell(_ path: [String], in layer: Layer, at node: YAMLNode, sink: inout DiagnosticSink) -> Bool {
        checkCellPath(path, in: layer.properties.emitter?.cells ?? [], at: node.location, sink: &sink)
    }

    static func checkCellPath(_ path: [String], in cells: [EmitterCell], at location: SourceLocation,
                              sink: inout DiagnosticSink) -> Bool {
        var level = cells
        var walked: [String] = []
        for name in path {
            if let cell = level.first(where: { $0.name == name }) {
                level = cell.cells
                walked.append(name)
                continue
            }
            let names = level.compactMap(\.name)
            let owner = walked.isEmpty ? "emitter" : "cell '\(walked.joined(separator: "."))'"
            let whose = walked.isEmpty ? "emitter cell" : "sub-cell of '\(walked.last!)'"
            let known = names.isEmpty ? "; the \(owner) has no named \(walked.isEmpty ? "cells" : "sub-cells") (give a cell a 'name')"
                : Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" }
                    ?? "; its \(walked.isEmpty ? "cells" : "sub-cells") are \(Suggestion.list(names))"
            sink.error(location, "no \(whose) named '\(name)'\(known)")
            return false
        }
        return true
    }
}
