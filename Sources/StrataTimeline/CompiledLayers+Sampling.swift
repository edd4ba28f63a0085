import StrataModel

/// One frame of a compiled scene: a pure function of (compiled scene, time).
///
/// Per layer and frame: its local time; then its presentation values, which
/// for a still layer are its model and otherwise its model with the
/// timeline's changes by then and its animations applied; then its render
/// node, where what is constant (placement, drawing, image) was computed at
/// compile time. No presentation tree, path string or animation list is built.
///
/// A layer's node leaves `sample` with `transform` holding the layer's own
/// placement (`toSuperlayer`); its superlayer multiplies in the
/// sublayerTransform its sublayers go through (`place`), which a
/// replicator does once per copy.
extension CompiledLayers {
    /// The render tree at `time` seconds of scene time.
    public func renderTree(at time: Double) -> RenderTree {
        let root = placedInIdentity(0, parentTime: time, context: SampleContext(sceneTime: time))
            ?? RenderNode(path: "", bounds: .zero, transform: .identity, opacity: 0, backgroundColor: nil,
                          cornerRadius: 0, borderWidth: 0, borderColor: .clear, masksToBounds: false, children: [])
        return RenderTree(size: size, scale: scale, root: root)
    }

    /// The layer's node placed in a space whose sublayerTransform is the
    /// identity (the root, a mask); nil when it draws nothing.
    func placedInIdentity(_ index: Int, parentTime: Double, context: SampleContext) -> RenderNode? {
        guard var node = sampleOne(index, parentTime: parentTime, context: context) else { return nil }
        node.transform = node.transform * .identity
        return node
    }

    /// The layer's node, unplaced; nil when it draws nothing.
    func sampleOne(_ index: Int, parentTime: Double, context: SampleContext,
                   ignoringTransitions: Bool = false) -> RenderNode? {
        var nodes: [RenderNode] = [], zPositions: [Double] = []
        sample(index, parentTime: parentTime, context: context, ignoringTransitions: ignoringTransitions,
               into: &nodes, zPositions: &zPositions)
        return nodes.first
    }

    /// Appends the node of the layer at `index` at its superlayer's time
    /// `parentTime`, and its zPosition, unless it draws nothing (hidden).
    /// Layers are read in place (`layers[index].field`): a compiled layer is
    /// large to copy.
    func sample(_ index: Int, parentTime: Double, context: SampleContext, ignoringTransitions: Bool = false,
                into nodes: inout [RenderNode], zPositions: inout [Double]) {
        // A composition outside its active interval (without fill) draws nothing.
        guard let localTime = layers[index].timing.activeTime(parentTime) else { return }
        if !ignoringTransitions, !layers[index].transitions.isEmpty,
           let (node, z) = activeTransition(of: index, parentTime: parentTime, localTime: localTime, context: context) {
            nodes.append(node)
            zPositions.append(z)
            return
        }
        if layers[index].onlyFades {
            appendFaded(index, localTime: localTime, context: context, to: &nodes)
            zPositions.append(layers[index].model.zPosition)
            return
        }
        if layers[index].isStill {
            guard !layers[index].model.hidden else { return }
            nodes.append(node(of: index, layers[index].model, localTime: localTime, context: context))
            zPositions.append(layers[index].model.zPosition)
            return
        }
        let p = presentation(of: index, localTime: localTime, context: context)
        guard !p.hidden else { return }
        nodes.append(node(of: index, p, localTime: localTime, context: context))
        zPositions.append(p.zPosition)
    }

    /// The presentation values of a layer: its model at the context's scene
    /// time, then its animations.
    func presentation(of index: Int, localTime: Double, context: SampleContext) -> LayerProperties {
        if layers[index].isStill { return layers[index].model }
        if layers[index].modelChanges.isEmpty {
            var p = layers[index].model
            AnimationEvaluator.apply(layers[index].animations, layerTime: localTime, model: layers[index].model,
                                     to: &p, sequenceLimit: context.sequenceLimit, record: false)
            return p
        }
        let model = layers[index].model(at: context)
        var p = model
        AnimationEvaluator.apply(layers[index].animations, layerTime: localTime, model: model, to: &p,
                                 sequenceLimit: context.sequenceLimit, record: false)
        return p
    }

    /// Appends the node of a layer that only fades (`CompiledLayer.onlyFades`):
    /// its node made once, copied straight into `nodes`, its opacity
    /// evaluated alone, its sublayers sampled.
    func appendFaded(_ index: Int, localTime: Double, context: SampleContext, to nodes: inout [RenderNode]) {
        // The model's opacity is all these animations read of the model: no copy of its properties.
        let model = OpacityTarget(opacity: layers[index].model.opacity)
        var target = model
        AnimationEvaluator.apply(layers[index].animations, layerTime: localTime, model: model, to: &target,
                                 sequenceLimit: context.sequenceLimit, record: false)
        nodes.append(fadingNodes[index].unsafelyUnwrapped)
        let last = nodes.count - 1
        nodes[last].opacity = min(max(target.opacity, 0), 1)
        if !layers[index].sublayers.isEmpty {
            nodes[last].children = sublayerNodes(of: index, parentTime: localTime,
                                                 in: layers[index].constantPlacement!.sublayerTransform,
                                                 context: sublayerContext(of: index, localTime: localTime, context))
        }
    }

    /// The node of a visible layer with presentation values `p` at
    /// `localTime`, its transform its own placement.
    func node(of index: Int, _ p: LayerProperties, localTime: Double, context: SampleContext) -> RenderNode {
        let placement = layers[index].constantPlacement ?? Placement(p)
        var node = ownNode(of: index, p, placement: placement, localTime: localTime, context: context)
        node.children = layers[index].type == .replicator
            ? replicatedChildren(of: index, p, localTime: localTime, sublayerTransform: placement.sublayerTransform,
                                 context: context)
            : sublayerNodes(of: index, parentTime: localTime, in: placement.sublayerTransform,
                            context: sublayerContext(of: index, localTime: localTime, context))
        return node
    }

    /// What the sublayers of a layer at `localTime` see: a composition's
    /// are a scene of their own, whose scene time is the layer's local
    /// time and whose transactions are its own (`Composition`).
    func sublayerContext(of index: Int, localTime: Double, _ context: SampleContext) -> SampleContext {
        layers[index].opensScope ? SampleContext(sceneTime: localTime) : context
    }

    /// The node of a visible layer with presentation values `p`, without its sublayers.
    func ownNode(of index: Int, _ p: LayerProperties, placement: Placement, localTime: Double,
                 context: SampleContext) -> RenderNode {
        let type = layers[index].type
        var node = RenderNode(path: layers[index].path, bounds: p.bounds, transform: placement.toSuperlayer,
                              opacity: min(max(p.opacity, 0), 1), backgroundColor: p.backgroundColor,
                              cornerRadius: max(0, p.cornerRadius), borderWidth: max(0, p.borderWidth),
                              borderColor: p.borderColor, masksToBounds: p.masksToBounds, children: [])
        node.location = layers[index].location
        node.animatesGeometry = layers[index].animatesGeometry
        applyCompositing(index, p, localTime: localTime, context: context, to: &node)
        if let content = layers[index].constantContent {
            node.content = content
        } else {
            node.content = Sampler.content(type: type, properties: p, localTime: localTime,
                                           emitter: (layers[index].model, layers[index].animations,
                                                     layers[index].modelChanges),
                                           sequenceLimit: context.sequenceLimit)
        }
        return node
    }

    /// The visible sublayers of a layer at its local time `parentTime`,
    /// unplaced, in draw order.
    func sampledSublayers(of index: Int, parentTime: Double, context: SampleContext) -> [RenderNode] {
        if layers[index].hasEntrances { return sampledSequence(of: index, parentTime: parentTime, context: context) }
        var nodes: [RenderNode] = [], zPositions: [Double] = []
        nodes.reserveCapacity(layers[index].sublayers.count)
        for sub in layers[index].sublayers {
            sample(sub, parentTime: parentTime, context: context, into: &nodes, zPositions: &zPositions)
        }
        // Siblings draw in zPosition order, then list order (a stable sort).
        guard zip(zPositions, zPositions.dropFirst()).contains(where: { $0 > $1 }) else { return nodes }
        return zPositions.indices.sorted { (zPositions[$0], $0) < (zPositions[$1], $1) }.map { nodes[$0] }
    }

    /// The visible sublayers placed by the layer's `sublayerTransform`, in draw order.
    func sublayerNodes(of index: Int, parentTime: Double, in sublayerTransform: Transform3D,
                       context: SampleContext) -> [RenderNode] {
        var nodes = sampledSublayers(of: index, parentTime: parentTime, context: context)
        for i in nodes.indices { nodes[i].transform = nodes[i].transform * sublayerTransform }
        return nodes
    }
}

extension CompiledLayer {
    /// The model values at the context's scene time (the timeline's changes by then).
    func model(at context: SampleContext) -> LayerProperties { model.committing(modelChanges, at: context) }
}
