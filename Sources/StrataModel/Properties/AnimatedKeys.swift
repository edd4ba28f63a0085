/// The properties of one layer that may change over a scene: those some
/// animation (explicit, implicit, an action's), or some timeline change,
/// targets. Every other property keeps its model value for the whole scene,
/// so a renderer that keeps work between frames can build what depends only
/// on constant properties once (`invalidation` says what may go stale).
///
/// Read it from a compiled scene (`CompiledLayer.animatedKeys`), where
/// transactions have become model changes and animations. Transitions are
/// not properties: a compiled layer's `transitions` say when its subtree
/// is drawn twice.
public struct AnimatedKeys: Sendable, Hashable {
    /// One bit per entry of `LayerProperty.all`, by index.
    private var words: [UInt64]

    public init() {
        words = Array(repeating: 0, count: (LayerProperty.all.count + 63) / 64)
    }

    public init(_ properties: [LayerProperty]) {
        self.init()
        for p in properties { insert(p) }
    }

    /// Adds `property` and what a write of it also changes.
    public mutating func insert(_ property: LayerProperty) {
        words[property.index / 64] |= 1 << UInt64(property.index % 64)
        for other in property.alsoChanges {
            if let o = LayerProperty.named(other), !contains(o) { insert(o) }
        }
    }

    public func contains(_ property: LayerProperty) -> Bool {
        words[property.index / 64] & (1 << UInt64(property.index % 64)) != 0
    }

    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The properties, in table order.
    public var properties: [LayerProperty] { LayerProperty.all.filter(contains) }

    /// What changes of these properties invalidate, together.
    public var invalidation: Invalidation {
        properties.reduce(into: Invalidation()) { $0.formUnion($1.invalidates) }
    }
}

extension AnimatedKeys {
    /// The properties that `animations` (explicit, implicit, an action's)
    /// and timeline `modelChanges` of one layer target.
    public init(animations: [Animation], modelChanges: [ModelChange]) {
        self.init()
        func add(_ animation: Animation) {
            switch animation.kind {
            case .group(let children):
                children.forEach(add)
            case .keyframe(let k):
                insert(animation.keyPath.property)
                // rotationMode turns the layer as it moves along the path.
                if k.rotationMode != nil { insert(.transform) }
            case .basic, .spring:
                insert(animation.keyPath.property)
            }
        }
        animations.forEach(add)
        for change in modelChanges { insert(change.keyPath.property) }
    }
}
