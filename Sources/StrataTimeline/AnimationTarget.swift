import StrataModel

/// Values read by key path: what `AnimationEvaluator` reads a missing
/// animation end from (the model).
protocol KeyPathValues {
    func value(at path: LayerKeyPath) -> AnimatableValue
}

/// What `AnimationEvaluator` reads the values it animates from and writes
/// them to, by key path.
protocol AnimationTarget: KeyPathValues {
    mutating func setValue(_ value: AnimatableValue, at path: LayerKeyPath)
    /// rotationMode: turns the layer by `angle` radians to its path's tangent.
    mutating func turn(by angle: Double)
}

extension LayerProperties: AnimationTarget {
    /// About the anchor point, in the superlayer's space (after the layer's own transform).
    mutating func turn(by angle: Double) { transform = transform * Transform3D.rotation(angle, 0, 0, 1) }
}

/// A layer's opacity alone, for a layer whose animations all target the
/// whole `opacity` key (`CompiledLayer.onlyFades`): reads and writes as
/// `LayerProperties` would (a value of another kind than a number is
/// ignored, as the property's setter ignores it), without copying them.
/// Its model's opacity alone is also what such animations read as the model.
struct OpacityTarget: AnimationTarget {
    var opacity: Double

    func value(at path: LayerKeyPath) -> AnimatableValue { .scalar(opacity) }

    mutating func setValue(_ value: AnimatableValue, at path: LayerKeyPath) {
        if let x = Double(animatable: value) { opacity = x }
    }

    /// Never called: `CompiledLayer.fadesWhole` admits no animation with a rotationMode.
    mutating func turn(by angle: Double) { preconditionFailure("an opacity animation turned its layer") }
}
