import StrataModel

extension Layer {
    /// Whether anything in the scene moves this layer on the canvas: an
    /// animation (explicit, or implicit from a transaction) or a model
    /// change of a property that places it or its sublayers, or a transition
    /// that slides its content. Decided once for the whole scene, so a layer
    /// keeps one way of being drawn from its first frame to its last.
    var animatesGeometry: Bool {
        animations.contains(where: \.animatesGeometry)
            || modelChanges.contains { LayerProperty.placing.contains($0.keyPath.property) }
            || transitions.contains { $0.transition.type != .fade }
    }
}

extension Animation {
    /// Whether the animation changes where the layer (or its sublayers) lands.
    var animatesGeometry: Bool {
        if case .group(let children) = kind { return children.contains(where: \.animatesGeometry) }
        return LayerProperty.placing.contains(keyPath.property)
    }
}

extension LayerProperty {
    /// The properties that place a layer or its sublayers on the canvas,
    /// from the property table: those a layout reads (bounds, position,
    /// anchorPoint, transform; scrollPoint through bounds), every transform
    /// (sublayerTransform, instanceTransform), and the depth that perspective
    /// and sibling order read.
    static let placing = AnimatedKeys(all.filter {
        $0.invalidates.contains(.layout) || $0.form == .transform || $0.name == "zPosition" || $0.name == "anchorPointZ"
    })
}
