import StrataModel

/// Samples a scene at a time: a pure function of (scene, time).
/// A scene with a `timeline` is compiled first (`TimelineCompiler.compile`);
/// the sampler reads what the compiler left on the layers.
public enum Sampler {
    /// The presentation tree at `time` (seconds of scene time).
    public static func presentation(of scene: Scene, at time: Double) -> PresentationLayer {
        sample(scene.root, path: "", parentTime: time, context: SampleContext(sceneTime: time))
    }

    /// The render tree at `time`: presentation values resolved into what the renderer draws.
    public static func renderTree(of scene: Scene, at time: Double) -> RenderTree {
        let root = presentation(of: scene, at: time)
        let node = renderNode(root, parentSublayerTransform: .identity, library: ContentsLibrary(scene))
            ?? RenderNode(path: "", bounds: .zero, transform: .identity, opacity: 0, backgroundColor: nil,
                          cornerRadius: 0, borderWidth: 0, borderColor: .clear, masksToBounds: false, children: [])
        return RenderTree(size: scene.canvas.size, scale: scene.canvas.scale, root: node)
    }

    static func sample(_ layer: Layer, path: String, parentTime: Double, context: SampleContext) -> PresentationLayer {
        let localTime = layer.timing.localTime(parentTime)
        let model = layer.model(at: context)
        var properties = model
        let active = AnimationEvaluator.apply(layer.animations, layerTime: localTime, model: model,
                                              to: &properties, sequenceLimit: context.sequenceLimit)
        let children = layer.sublayers.enumerated().map { index, sub in
            let name = sub.name ?? String(index)
            return sample(sub, path: path.isEmpty ? name : path + "/" + name, parentTime: localTime, context: context)
        }
        var result = PresentationLayer(path: path, type: layer.type, properties: properties, model: model,
                                       localTime: localTime, timing: layer.timing, activeAnimations: active,
                                       sublayers: children)
        // The mask lives in this layer's time and bounds space.
        result.mask = layer.mask.map {
            sample($0, path: (path.isEmpty ? "" : path + "/") + "mask", parentTime: localTime, context: context)
        }
        result.transition = activeTransition(of: layer, path: path, localTime: localTime, context: context)
        result.content = content(of: layer, properties: properties, localTime: localTime)
        if layer.type == .replicator { result.instances = instances(of: layer, path: path, properties: properties, localTime: localTime, context: context) }
        return result
    }

    /// Nil for layers that draw nothing (hidden).
    static func renderNode(_ layer: PresentationLayer, parentSublayerTransform: Transform3D,
                           library: ContentsLibrary = .empty) -> RenderNode? {
        if let transition = layer.transition {
            return transitionNode(layer, transition, parentSublayerTransform: parentSublayerTransform, library: library)
        }
        let p = layer.properties
        guard !p.hidden else { return nil }
        let ownSublayerTransform = p.sublayerTransformForSublayers
        // Siblings draw in zPosition order, then list order (a stable sort).
        let ordered = layer.sublayers.enumerated().sorted {
            ($0.element.properties.zPosition, $0.offset) < ($1.element.properties.zPosition, $1.offset)
        }
        let children = layer.type == .replicator
            ? replicatedChildren(of: layer, sublayerTransform: ownSublayerTransform, library: library)
            : ordered.compactMap { renderNode($0.element, parentSublayerTransform: ownSublayerTransform, library: library) }
        var node = RenderNode(path: layer.path, bounds: p.bounds,
                          transform: p.toSuperlayer() * parentSublayerTransform,
                          opacity: min(max(p.opacity, 0), 1), backgroundColor: p.backgroundColor,
                          cornerRadius: max(0, p.cornerRadius), borderWidth: max(0, p.borderWidth),
                          borderColor: p.borderColor, masksToBounds: p.masksToBounds, children: children)
        applyCompositing(layer, to: &node, library: library)
        node.content = layer.content
        return node
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
