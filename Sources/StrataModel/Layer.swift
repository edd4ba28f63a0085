/// The layer types of the scene format (`type:`).
public enum LayerType: String, Sendable, Hashable, CaseIterable {
    case layer, shape, text, gradient, replicator, transform, scroll, emitter, lottie
}

/// One layer of the scene's model tree, fully resolved: defaults applied,
/// `frame:` already turned into bounds and position.
public struct Layer: Sendable {
    /// Unique among siblings, or nil (then addressed by index).
    public var name: String?
    public var type: LayerType = .layer
    /// Model values.
    public var properties = LayerProperties()
    public var timing = LayerTiming()
    public var animations: [Animation] = []
    public var sublayers: [Layer] = []
    /// Where the layer was written.
    public var location: SourceLocation
    /// Constraints laid out by the superlayer (CAConstraintLayoutManager); see docs/layout.md.
    public var constraints: [LayoutConstraint] = []
    /// How the layer follows its superlayer's size changes (CALayer autoresizing).
    public var autoresizingMask: AutoresizingMask = []
    /// The `mask:` layer (empty or one element; an array because a struct
    /// cannot hold an optional of itself). Its geometry is in this layer's
    /// bounds space; it has its own sublayers and animations.
    public var mask: [Layer] = []
    /// `actions`: what a transaction's change of a key runs instead of the
    /// default implicit animation (key: a property name).
    public var actions: [String: LayerAction] = [:]
    /// CATransitions added as explicit animations (entries of `animations:`
    /// whose type is a transition's, `isExplicit`); the timeline compiler
    /// places them in its output beside the timeline's (`TimelineOutput`).
    public var transitions: [LayerTransition] = []
    /// The scene this layer shows (`scene:`, a `sequence:` item), whose
    /// layers are `sublayers`; nil for other layers. See `Composition`.
    public var composition: Composition?

    public init(name: String? = nil, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}
