import StrataModel

/// Applies a layer's explicit animations to its presentation values.
///
/// Animations apply in list order: each one reads the value the ones before
/// it left (so later ones win), additive ones add to it. A missing `from` or
/// `to` is the model value, read at each frame (the contract's rule).
/// Groups apply their animations in order at the group's place in the list.
///
/// The values animated are any `AnimationTarget`: a layer's whole
/// presentation values, or one key's value alone (`OpacityTarget`: a frame
/// of a layer that only fades copies no `LayerProperties`).
enum AnimationEvaluator {
    /// `sequenceLimit`: only animations added by transactions before it
    /// apply (Int.max: all; a transition's old state uses its own transaction).
    /// With `record` false (a frame's sampling) nothing is listed.
    @discardableResult
    static func apply<Target: AnimationTarget, Model: KeyPathValues>(_ animations: [Animation], layerTime: Double,
                      model: Model,
                      to properties: inout Target, sequenceLimit: Int = .max,
                      record: Bool = true) -> [ActiveAnimation] {
        var active: [ActiveAnimation] = []
        // In place: `for animation in animations`, or passing `animations[i]`, copies each one
        // (a dozen retains) every frame.
        animations.withUnsafeBufferPointer { animations in
            for i in animations.indices
            where animations[i].lifetime.applies(layerTime: layerTime, sequenceLimit: sequenceLimit) {
                apply(animations.baseAddress! + i, time: layerTime, model: model, to: &properties, active: &active,
                      depth: 0, record: record)
            }
        }
        return active
    }

    /// One animation at `time` (its parent's time: the layer's, or a group's),
    /// read in place through `animation`: passed as a value, the animation
    /// was copied (a dozen retains) for every layer every frame.
    static func apply<Target: AnimationTarget, Model: KeyPathValues>(_ animation: UnsafePointer<Animation>, time: Double,
                      model: Model,
                      to properties: inout Target, active: inout [ActiveAnimation], depth: Int,
                      record: Bool) {
        guard let sample = animation.pointee.timing.sample(layerTime: time,
                                                           removedOnCompletion: animation.pointee.removedOnCompletion)
        else { return }
        let progress = animation.pointee.timingFunction.evaluate(sample.fraction)
        let duration = animation.pointee.timing.effectiveDuration
        if case .group(let children) = animation.pointee.kind {
            applyGroup(children, progress: progress, duration: duration, model: model,
                       to: &properties, active: &active, depth: depth, record: record)
            return
        }
        var value: AnimatableValue
        var shown = progress
        var angle: Double?
        var settling: Double?
        var elapsed = sample.fraction * duration
        // A value function's values are numbers: a missing end is the model's matching component.
        func underlying() -> AnimatableValue {
            let v = model.value(at: animation.pointee.keyPath)
            guard let f = animation.pointee.valueFunction, case .transform(let t) = v else { return v }
            return f.value(of: t)
        }
        switch animation.pointee.kind {
        case .basic(let from, let to, let by):
            let (start, end) = endpoints(from: from, to: to, by: by, underlying: underlying())
            value = start.interpolated(to: end, progress)
            if animation.pointee.cumulative, sample.iteration > 0 {
                value = end.subtracting(start).repeated(sample.iteration, onto: value)
            }
        case .spring(let spring):
            let (start, end) = endpoints(from: spring.from, to: spring.to, by: spring.by, underlying: underlying())
            // Physical time: the spring is not stretched to the duration.
            elapsed = progress * duration
            shown = spring.progress(at: elapsed)
            settling = spring.settlingDuration
            value = start.interpolated(to: end, shown)
            if animation.pointee.cumulative, sample.iteration > 0 {
                value = end.subtracting(start).repeated(sample.iteration, onto: value)
            }
        case .keyframe(let keyframes):
            guard let s = keyframes.sample(progress) else { return }
            value = s.value.fitted(to: animation.pointee.keyPath.valueKind)
            angle = s.angle
            if animation.pointee.cumulative, sample.iteration > 0, let first = keyframes.firstValue, let last = keyframes.lastValue {
                let kind = animation.pointee.keyPath.valueKind
                let step = last.fitted(to: kind).subtracting(first.fitted(to: kind))
                value = step.repeated(sample.iteration, onto: value)
            }
        case .group:
            return
        }
        var drawn = value
        if let f = animation.pointee.valueFunction {
            guard let t = f.transform(for: value) else { return }
            drawn = .transform(t)
        }
        if animation.pointee.additive {
            drawn = properties.value(at: animation.pointee.keyPath).adding(drawn)
        }
        properties.setValue(drawn, at: animation.pointee.keyPath)
        if let angle { properties.turn(by: angle) }
        guard record else { return }
        var entry = ActiveAnimation(keyPath: animation.pointee.keyPath, fraction: sample.fraction,
                                    progress: shown, iteration: sample.iteration,
                                    value: animation.pointee.valueFunction == nil ? drawn : value)
        entry.kind = animation.pointee.kindName
        entry.time = elapsed
        entry.duration = duration
        entry.groupDepth = depth
        entry.settlingDuration = settling
        entry.transaction = animation.pointee.lifetime.addedBy
        active.append(entry)
    }

    /// A group's animations in the group's time: progress x duration, held
    /// within [0, duration] (the group clips them). Children are never
    /// "removed" (only the group is on the layer): their fillMode alone
    /// decides whether they hold after they end. At the group's end an
    /// animation that runs that long holds its value there (its left limit)
    /// rather than ending, so a group filling forwards keeps its last frame.
    static func applyGroup<Target: AnimationTarget, Model: KeyPathValues>(_ children: [Animation], progress: Double,
                           duration: Double, model: Model, to properties: inout Target, active: inout [ActiveAnimation], depth: Int,
                           record: Bool) {
        let groupTime = min(max(progress * duration, 0), duration)
        for var child in children {
            child.removedOnCompletion = false
            if groupTime >= duration, child.timing.endTime >= duration {
                child.timing.fillMode = child.timing.fillMode == .backwards || child.timing.fillMode == .both ? .both : .forwards
            }
            withUnsafePointer(to: child) { child in
                apply(child, time: groupTime, model: model, to: &properties, active: &active, depth: depth + 1,
                      record: record)
            }
        }
    }

    /// CABasicAnimation's from/to/by rules. With `additive`, the underlying
    /// value is zero-like for the ends that are missing (the animation adds).
    /// The underlying (model) value is read only when an end is missing.
    static func endpoints(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
                          underlying read: @autoclosure () -> AnimatableValue) -> (AnimatableValue, AnimatableValue) {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, f.adding(b))
        case (nil, let t?, let b?): return (t.subtracting(b), t)
        case (let f?, nil, nil): return (f, read())
        case (nil, let t?, nil): return (read(), t)
        case (nil, nil, let b?):
            let underlying = read()
            return (underlying, underlying.adding(b))
        case (nil, nil, nil):
            let underlying = read()
            return (underlying, underlying)
        }
    }
}

extension AnimatableValue {
    /// A path's point as the key path's kind (`transform.translation` takes a size).
    func fitted(to kind: ValueKind) -> AnimatableValue {
        if kind == .size, case .point(let p) = self { return .size(Size(p.x, p.y)) }
        return self
    }
}
