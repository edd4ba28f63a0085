import StrataModel

/// What `TimelineCompiler.compile` makes of a scene's `timeline`: the scene
/// with the timeline's animations on its layers (and no timeline left), and
/// beside it, per layer, the model changes and transitions it starts.
public struct CompiledTimeline: Sendable {
    /// The scene, its layers carrying the timeline's animations; `timeline` is empty.
    public var scene: Scene
    /// By index path from the root (sublayer indices; masks have no timeline).
    public var layers: [[Int]: TimelineOutput]

    public init(scene: Scene, layers: [[Int]: TimelineOutput] = [:]) {
        self.scene = scene
        self.layers = layers
    }

    /// The output for the layer at `path` (nothing for masks: nil).
    public subscript(path: [Int]?) -> TimelineOutput {
        path.flatMap { layers[$0] } ?? TimelineOutput()
    }
}

/// What the timeline compiler made for one layer besides animations.
public struct TimelineOutput: Sendable {
    /// Model values set by the timeline, in commit order.
    public var modelChanges: [ModelChange]
    /// Transitions started by the timeline, in commit order.
    public var transitions: [LayerTransition]

    public init(modelChanges: [ModelChange] = [], transitions: [LayerTransition] = []) {
        self.modelChanges = modelChanges
        self.transitions = transitions
    }
}

extension LayerProperties {
    /// The model values at a scene time: these written values with the
    /// timeline's `changes` committed by then (in commit order) applied.
    func committing(_ changes: [ModelChange], at context: SampleContext) -> LayerProperties {
        var p = self
        for change in changes {
            // Changes are in commit order, so times never decrease.
            guard change.time <= context.sceneTime else { break }
            if change.sequence < context.sequenceLimit { p.apply(change.value, at: change.keyPath) }
        }
        return p
    }
}
