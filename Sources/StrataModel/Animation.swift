/// One explicit animation of a layer.
public struct Animation: Sendable {
    /// What the animation computes.
    public enum Kind: Sendable {
        /// CABasicAnimation: any one or two of from/to/by; a missing end is the model value.
        case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
    }

    public var keyPath: LayerKeyPath
    public var kind: Kind
    public var timing = MediaTiming()
    /// Explicit animations default to linear (Core Animation's nil timing function).
    public var timingFunction: TimingFunction = .linear
    public var removedOnCompletion = true
    public var additive = false
    public var cumulative = false
    /// Where the animation was written.
    public var location: SourceLocation

    public init(keyPath: LayerKeyPath, kind: Kind, location: SourceLocation) {
        self.keyPath = keyPath
        self.kind = kind
        self.location = location
    }
}
