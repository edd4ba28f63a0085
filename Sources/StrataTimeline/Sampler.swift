import StrataModel

/// Samples a scene at a time: a pure function of (scene, time).
public enum Sampler {
    /// The presentation tree at `time` (seconds of scene time).
    public static func presentation(of scene: Scene, at time: Double) -> PresentationLayer {
        sample(scene.root, path: "", parentTime: time)
    }

    /// The render tree at `time`: presentation values resolved into what the renderer draws.
    public static func renderTree(of scene: Scene, at time: Double) -> RenderTree {
        let root = presentation(of: scene, at: time)
        let node = renderNode(root, parentSublayerTransform: .identity)
            ?? RenderNode(path: "", bounds: .zero, transform: .identity, opacity: 0, backgroundColor: nil,
                          cornerRadius: 0, borderWidth: 0, borderColor: .clear, masksToBounds: false, children: [])
        return RenderTree(size: scene.canvas.size, scale: scene.canvas.scale, root: node)
    }

    static func sample(_ layer: Layer, path: String, parentTime: Double) -> PresentationLayer {
        let localTime = layer.timing.localTime(parentTime)
        var properties = layer.properties
        let active = AnimationEvaluator.apply(layer.animations, layerTime: localTime,
                                              model: layer.properties, to: &properties)
        let children = layer.sublayers.enumerated().map { index, sub in
            let name = sub.name ?? String(index)
            return sample(sub, path: path.isEmpty ? name : path + "/" + name, parentTime: localTime)
        }
        var result = PresentationLayer(path: path, type: layer.type, properties: properties, model: layer.properties,
                                       localTime: localTime, timing: layer.timing, activeAnimations: active,
                                       sublayers: children)
        result.content = content(of: layer, properties: properties, localTime: localTime)
        if layer.type == .replicator { result.instances = instances(of: layer, path: path, properties: properties, localTime: localTime) }
        return result
    }

    /// Nil for layers that draw nothing (hidden).
    static func renderNode(_ layer: PresentationLayer, parentSublayerTransform: Transform3D) -> RenderNode? {
        let p = layer.properties
        guard !p.hidden else { return nil }
        let ownSublayerTransform = p.sublayerTransformAboutAnchor
        // Siblings draw in zPosition order, then list order (a stable sort).
        let ordered = layer.sublayers.enumerated().sorted {
            ($0.element.properties.zPosition, $0.offset) < ($1.element.properties.zPosition, $1.offset)
        }
        let children = layer.type == .replicator
            ? replicatedChildren(of: layer, sublayerTransform: ownSublayerTransform)
            : ordered.compactMap { renderNode($0.element, parentSublayerTransform: ownSublayerTransform) }
        var node = RenderNode(path: layer.path, bounds: p.bounds,
                          transform: p.toSuperlayer() * parentSublayerTransform,
                          opacity: min(max(p.opacity, 0), 1), backgroundColor: p.backgroundColor,
                          cornerRadius: max(0, p.cornerRadius), borderWidth: max(0, p.borderWidth),
                          borderColor: p.borderColor, masksToBounds: p.masksToBounds, children: children)
        node.content = layer.content
        return node
    }
}
