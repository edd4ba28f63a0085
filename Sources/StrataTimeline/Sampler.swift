import StrataModel

/// Samples a scene at a time: a pure function of (scene, time).
/// A scene with a `timeline` is compiled first (`TimelineCompiler.compile`);
/// the sampler reads what the compiler made. Frames are sampled from the
/// compiled layers (`CompiledLayers.renderTree(at:)`); the presentation
/// tree is what `strata inspect` shows, off a frame's path.
public enum Sampler {
    /// The presentation tree at `time` (seconds of scene time) of a laid-out scene.
    public static func presentation(of scene: Scene, at time: Double) -> PresentationLayer {
        presentation(of: TimelineCompiler.compile(scene), at: time)
    }

    /// The presentation tree at `time` of a scene whose timeline is compiled.
    public static func presentation(of timeline: CompiledTimeline, at time: Double) -> PresentationLayer {
        sample(timeline.scene.root, path: "", treePath: [], timeline: timeline, parentTime: time,
               context: SampleContext(sceneTime: time))
    }

    /// The render tree at `time`, compiling the scene's layers first (a
    /// renderer of many frames compiles once: `CompiledLayers`).
    public static func renderTree(of scene: Scene, at time: Double) -> RenderTree {
        CompiledLayers(scene).renderTree(at: time)
    }

    /// `treePath`: sublayer indices from the root (nil inside a mask), the key of the timeline's output.
    /// `previous`: the sublayer before this one, which a sequence item's entrance transitions from.
    static func sample(_ layer: Layer, path: String, treePath: [Int]?, timeline: CompiledTimeline,
                       parentTime: Double, context: SampleContext, previous: Layer? = nil) -> PresentationLayer {
        let output = timeline[treePath]
        let model = layer.properties.committing(output.modelChanges, at: context)
        guard let localTime = layer.timing.activeTime(parentTime) else {
            // A composition outside its active interval: not drawn, its scene not playing.
            var result = PresentationLayer(path: path, type: layer.type, properties: model, model: model,
                                           localTime: layer.timing.localTime(parentTime), timing: layer.timing,
                                           activeAnimations: [], sublayers: [])
            result.isActive = false
            result.scene = layer.composition
            return result
        }
        var properties = model
        let active = AnimationEvaluator.apply(layer.animations, layerTime: localTime, model: model,
                                              to: &properties, sequenceLimit: context.sequenceLimit)
        let inner = layer.composition != nil ? SampleContext(sceneTime: localTime) : context
        let children = layer.sublayers.enumerated().map { index, sub in
            let name = sub.name ?? String(index)
            return sample(sub, path: path.isEmpty ? name : path + "/" + name, treePath: treePath.map { $0 + [index] },
                          timeline: timeline, parentTime: localTime, context: inner,
                          previous: index > 0 ? layer.sublayers[index - 1] : nil)
        }
        var result = PresentationLayer(path: path, type: layer.type, properties: properties, model: model,
                                       localTime: localTime, timing: layer.timing, activeAnimations: active,
                                       sublayers: children)
        // The mask lives in this layer's time and bounds space.
        result.mask = layer.mask.map {
            sample($0, path: (path.isEmpty ? "" : path + "/") + "mask", treePath: nil, timeline: timeline,
                   parentTime: localTime, context: context)
        }
        result.transition = activeTransition(of: layer, output.transitions, path: path, treePath: treePath,
                                             timeline: timeline, localTime: localTime, context: context)
            ?? activeEntrance(of: layer, path: path, previous: previous, treePath: treePath, timeline: timeline,
                              parentTime: parentTime, context: context)
        result.content = content(type: layer.type, properties: properties, localTime: localTime,
                                 emitter: (layer.properties, layer.animations, output.modelChanges),
                                 sequenceLimit: context.sequenceLimit)
        result.scene = layer.composition
        return result
    }
}

/// What a sample sees besides the time: the scene time (model changes
/// happen at scene times) and which transactions have committed.
struct SampleContext {
    /// Seconds of scene time.
    var sceneTime: Double
    /// Only transactions before this one (commit order) apply.
    var sequenceLimit: Int = .max
}
