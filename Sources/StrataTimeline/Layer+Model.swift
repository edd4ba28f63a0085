import StrataModel

extension Layer {
    /// The model values at a scene time: the written values with the
    /// timeline's changes committed by then (in commit order) applied.
    func model(at context: SampleContext) -> LayerProperties {
        var p = properties
        for change in modelChanges {
            // Changes are in commit order, so times never decrease.
            guard change.time <= context.sceneTime else { break }
            if change.sequence < context.sequenceLimit { p.apply(change.value, at: change.keyPath) }
        }
        return p
    }
}
