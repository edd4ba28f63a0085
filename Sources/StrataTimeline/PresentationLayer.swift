import StrataModel

/// One layer of the presentation tree at a time: what `strata inspect` prints
/// and what the render tree is built from.
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
    /// What the layer draws between its background and sublayers (shape,
    /// text, gradient, particles), resolved from the presentation values.
    public var content: RenderContent = .none
    /// A replicator's copies 1..<instanceCount: copy i's sublayers sampled
    /// `i * instanceDelay` seconds earlier. Empty when the delay is 0 (every
    /// copy then shows `sublayers`).
    public var instances: [[PresentationLayer]] = []
}

/// An animation that contributes to a presentation value at one time.
public struct ActiveAnimation: Sendable {
    public var keyPath: String
    /// Position in one simple duration, 0...1, before the timing function.
    public var fraction: Double
    /// After the timing function.
    public var progress: Double
    /// Completed repeats.
    public var iteration: Int
    /// The value it produced.
    public var value: AnimatableValue
}
