import StrataModel

/// One layer of the presentation tree at a time: what `strata inspect`
/// prints (frames are sampled from `CompiledLayers` instead).
public struct PresentationLayer: Sendable {
    /// Path from the root ("" for the root, `card/badge` below it; unnamed layers by index).
    public var path: String
    public var type: LayerType
    /// Presentation values (model plus active animations).
    public var properties: LayerProperties
    /// Model values.
    public var model: LayerProperties
    /// The layer's local time in seconds.
    public var localTime: Double
    public var timing: LayerTiming
    /// Animations that apply at this time, in application order.
    public var activeAnimations: [ActiveAnimation]
    public var sublayers: [PresentationLayer]
    /// The mask layer (empty or one), sampled in this layer's local time.
    public var mask: [PresentationLayer] = []
    /// The transition running on the layer at this time, if any.
    public var transition: ActiveTransition? = nil
    /// What the layer draws between its background and sublayers (shape,
    /// text, gradient, particles), resolved from the presentation values.
    public var content: RenderContent = .none
    /// The scene the layer shows (`scene:`, a sequence item), if any.
    public var scene: Composition? = nil
    /// False for a composition outside its active interval (without fill):
    /// it is not drawn and its scene does not play (no sublayers listed).
    public var isActive = true
}

/// An animation that contributes to a presentation value at one time.
public struct ActiveAnimation: Sendable {
    public var keyPath: LayerKeyPath
    /// Position in one simple duration, 0...1, before the timing function.
    public var fraction: Double
    /// After the timing function (for a spring: 1 - displacement, may pass 1).
    public var progress: Double
    /// Completed repeats.
    public var iteration: Int
    /// The value it produced.
    public var value: AnimatableValue
    public var kind: AnimationKind = .basic
    /// Seconds into the simple duration (fraction x duration; for a spring,
    /// the physical time of the spring).
    public var time: Double = 0
    /// Seconds of one simple duration.
    public var duration: Double = 0
    /// Groups this animation is nested in (0: directly on the layer).
    public var groupDepth: Int = 0
    /// For springs: the estimated time to rest, seconds.
    public var settlingDuration: Double? = nil
    /// The transaction (commit order) that added it; nil for explicit animations.
    public var transaction: Int? = nil
}

/// A transition running on a layer at one time.
public struct ActiveTransition: Sendable {
    public var transition: Transition
    /// Position in the duration, 0...1, before the timing function.
    public var fraction: Double
    /// startProgress + (endProgress - startProgress) x timing(fraction).
    public var progress: Double
    /// The layer's subtree as it was before the transaction, frozen at the
    /// commit (an array of one, so that the type may contain itself).
    public var beforeState: [PresentationLayer]
    public var before: PresentationLayer? { beforeState.first }
    /// The transaction that started it; nil for a sequence item's entrance.
    public var transaction: Int?
    /// For a sequence item's entrance: the path of the item it transitions from.
    public var from: String? = nil
}
