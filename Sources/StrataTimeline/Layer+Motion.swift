import StrataModel

extension Layer {
    /// Whether anything in the scene moves this layer on the canvas: an
    /// animation (explicit, or implicit from a transaction) of a key that
    /// places it or its sublayers, or a transition that slides its content.
    /// Decided once for the whole scene, so a layer keeps one way of being
    /// drawn from its first frame to its last.
    var animatesGeometry: Bool {
        animations.contains(where: \.animatesGeometry)
            || transitions.contains { $0.transition.type != .fade }
    }
}

extension Animation {
    /// Whether the animation changes where the layer (or its sublayers) lands.
    var animatesGeometry: Bool {
        if case .group(let children) = kind { return children.contains(where: \.animatesGeometry) }
        switch keyPath.property {
        case .bounds, .position, .anchorPoint, .anchorPointZ, .zPosition, .transform, .sublayerTransform,
             .instanceTransform, .scrollPoint:
            return true
        default:
            return false
        }
    }
}
