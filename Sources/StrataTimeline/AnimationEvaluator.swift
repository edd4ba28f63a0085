import StrataModel

/// Applies a layer's explicit animations to its presentation values.
///
/// Animations apply in list order: each one reads the value the ones before
/// it left (so later ones win), additive ones add to it. A missing `from` or
/// `to` is the model value, read at each frame (the contract's rule).
enum AnimationEvaluator {
    static func apply(_ animations: [Animation], layerTime: Double, model: LayerProperties,
                      to properties: inout LayerProperties) -> [ActiveAnimation] {
        var active: [ActiveAnimation] = []
        for animation in animations {
            guard let sample = animation.timing.sample(layerTime: layerTime,
                                                       removedOnCompletion: animation.removedOnCompletion)
            else { continue }
            let progress = animation.timingFunction.evaluate(sample.fraction)
            let underlying = model.value(at: animation.keyPath)
            var value: AnimatableValue
            switch animation.kind {
            case .basic(let from, let to, let by):
                let (start, end) = endpoints(from: from, to: to, by: by, underlying: underlying)
                value = start.interpolated(to: end, progress)
                if animation.cumulative, sample.iteration > 0 {
                    value = end.subtracting(start).repeated(sample.iteration, onto: value)
                }
            }
            if animation.additive {
                value = properties.value(at: animation.keyPath).adding(value)
            }
            properties.setValue(value, at: animation.keyPath)
            active.append(ActiveAnimation(keyPath: animation.keyPath.text, fraction: sample.fraction,
                                          progress: progress, iteration: sample.iteration, value: value))
        }
        return active
    }

    /// CABasicAnimation's from/to/by rules. With `additive`, the underlying
    /// value is zero-like for the ends that are missing (the animation adds).
    static func endpoints(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
                          underlying: AnimatableValue) -> (AnimatableValue, AnimatableValue) {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, f.adding(b))
        case (nil, let t?, let b?): return (t.subtracting(b), t)
        case (let f?, nil, nil): return (f, underlying)
        case (nil, let t?, nil): return (underlying, t)
        case (nil, nil, let b?): return (underlying, underlying.adding(b))
        case (nil, nil, nil): return (underlying, underlying)
        }
    }
}
