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
}

extension CompiledLayers {
    /// The render nodes of every copy, copy by copy (each copy's sublayers in
    /// zPosition, then list order), in the replicator's space. Copy i's
    /// sublayers are sampled `i * instanceDelay` seconds earlier; with no
    /// delay every copy shows the sublayers sampled once.
    func replicatedChildren(of index: Int, _ p: LayerProperties, localTime: Double,
                            sublayerTransform: Transform3D, context: SampleContext) -> [RenderNode] {
        let r = p.replicator ?? ReplicatorProperties()
        let count = Sampler.instanceCount(r)
        let delayed = r.instanceDelay != 0 && r.instanceDelay.isFinite
        let b = p.bounds
        let toCentre = Transform3D.translation(-b.midX, -b.midY), fromCentre = Transform3D.translation(b.midX, b.midY)
        var power = Transform3D.identity  // instanceTransform^i
        var nodes: [RenderNode] = []
        var undelayed: [RenderNode] = []
        for i in 0..<count {
            if i == 0 { undelayed = sampledSublayers(of: index, parentTime: localTime, context: context) }
            let sublayers = i == 0 || !delayed ? undelayed
                : sampledSublayers(of: index, parentTime: localTime - Double(i) * r.instanceDelay, context: context)
            let placement = (i == 0 ? .identity : toCentre * power * fromCentre) * sublayerTransform
            let tint = r.color(ofInstance: i)
            for sub in sublayers {
                var node = sub
                node.transform = sub.transform * placement
                if tint != .white { node.multiplyColors(by: tint) }
                nodes.append(node)
            }
            power = power * r.instanceTransform
        }
        return r.preservesDepth ? [depthContext(of: index, bounds: b, holding: nodes)] : nodes
    }

    /// preservesDepth: the copies keep their 3D placement and are depth
    /// sorted together, as the sublayers of a CATransformLayer are. One
    /// transform-layer node in the replicator's bounds space holds them all;
    /// the replicator's own background, border and mask still draw flat.
    func depthContext(of index: Int, bounds: Rect, holding nodes: [RenderNode]) -> RenderNode {
        var context = RenderNode(path: layers[index].path, bounds: bounds, transform: .identity,
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
