import StrataModel

/// CAReplicatorLayer: `instanceCount` copies of the sublayers. Copy i is
/// transformed by `instanceTransform` applied i times about the centre of
/// the replicator's bounds, runs `i * instanceDelay` seconds behind, and
/// has its colors multiplied by `instanceColor` plus i times the offsets.
/// Nested replicators multiply: a replicator inside a copy makes copies of
/// its own.
extension Sampler {
    /// The number of copies actually made (the parser rejects counts past the limit).
    static func instanceCount(_ r: ReplicatorProperties) -> Int {
        min(max(r.instanceCount, 0), Limits.maxInstanceCount)
    }

    /// Copies 1..<count resampled at their delayed times (empty when the delay is 0).
    static func instances(of layer: Layer, path: String, properties: LayerProperties,
                          localTime: Double, context: SampleContext) -> [[PresentationLayer]] {
        guard !properties.hidden, let r = properties.replicator, r.instanceDelay != 0, r.instanceDelay.isFinite
        else { return [] }
        let count = instanceCount(r)
        guard count > 1 else { return [] }
        return (1..<count).map { i in
            let time = localTime - Double(i) * r.instanceDelay
            return layer.sublayers.enumerated().map { index, sub in
                let name = sub.name ?? String(index)
                return sample(sub, path: path.isEmpty ? name : path + "/" + name, parentTime: time, context: context)
            }
        }
    }

    /// The render nodes of every copy, copy by copy (each copy's sublayers in
    /// zPosition, then list order), in the replicator's space.
    static func replicatedChildren(of layer: PresentationLayer, sublayerTransform: Transform3D,
                                   library: ContentsLibrary = .empty) -> [RenderNode] {
        let r = layer.properties.replicator ?? ReplicatorProperties()
        let count = instanceCount(r)
        let b = layer.properties.bounds
        let toCentre = Transform3D.translation(-b.midX, -b.midY), fromCentre = Transform3D.translation(b.midX, b.midY)
        var power = Transform3D.identity  // instanceTransform^i
        var nodes: [RenderNode] = []
        for i in 0..<count {
            let sublayers = i == 0 || layer.instances.count < i ? layer.sublayers : layer.instances[i - 1]
            let ordered = sublayers.enumerated().sorted {
                ($0.element.properties.zPosition, $0.offset) < ($1.element.properties.zPosition, $1.offset)
            }
            let placement = (i == 0 ? .identity : toCentre * power * fromCentre) * sublayerTransform
            let tint = r.color(ofInstance: i)
            for (_, sub) in ordered {
                guard var node = renderNode(sub, parentSublayerTransform: placement, library: library) else { continue }
                if tint != .white { node.multiplyColors(by: tint) }
                nodes.append(node)
            }
            power = power * r.instanceTransform
        }
        return r.preservesDepth ? [depthContext(of: layer, holding: nodes)] : nodes
    }

    /// preservesDepth: the copies keep their 3D placement and are depth
    /// sorted together, as the sublayers of a CATransformLayer are. One
    /// transform-layer node in the replicator's bounds space holds them all;
    /// the replicator's own background, border and mask still draw flat.
    static func depthContext(of layer: PresentationLayer, holding nodes: [RenderNode]) -> RenderNode {
        var context = RenderNode(path: layer.path, bounds: layer.properties.bounds, transform: .identity,
                                 opacity: 1, backgroundColor: nil, cornerRadius: 0, borderWidth: 0,
                                 borderColor: .clear, masksToBounds: false, children: nodes)
        context.isTransformLayer = true
        return context
    }
}

extension RenderNode {
    /// Multiplies every color this node and its subtree draw by `c`
    /// (component-wise, alpha too): a replicator's instance color.
    public mutating func multiplyColors(by c: Color) {
        func m(_ x: Color) -> Color { Color(x.red * c.red, x.green * c.green, x.blue * c.blue, x.alpha * c.alpha) }
        if let bg = backgroundColor { backgroundColor = m(bg) }
        borderColor = m(borderColor)
        switch content {
        case .none: break
        case .shape(var s):
            s.fillColor = s.fillColor.map(m)
            s.strokeColor = s.strokeColor.map(m)
            content = .shape(s)
        case .text(var t):
            t.foregroundColor = m(t.foregroundColor)
            content = .text(t)
        case .gradient(var g):
            g.colors = g.colors.map(m)
            content = .gradient(g)
        case .particles(var p):
            for i in p.particles.indices { p.particles[i].color = m(p.particles[i].color) }
            content = .particles(p)
        }
        for i in children.indices { children[i].multiplyColors(by: c) }
    }
}
