/// One `timeline:` entry: a CATransaction committed at `at` (scene time).
/// Settings left nil inherit from the enclosing transaction, and at the top
/// from the defaults: duration 0.25 s, timing function `default`, actions
/// enabled, no transition.
public struct Transaction: Sendable {
    /// Seconds of scene time; nested transactions commit with their outer one.
    public var at: Double
    /// Seconds (`animationDuration`).
    public var duration: Double?
    public var timingFunction: TimingFunction?
    public var disableActions: Bool?
    /// A transition for every layer whose properties this transaction sets.
    /// `.some(nil)` (written `transition: null`) clears an inherited one.
    public var transition: Transition??
    /// The `set:` changes, in file order.
    public var changes: [PropertyChange] = []
    /// Nested `transactions:`, applied after `changes`.
    public var nested: [Transaction] = []
    public var location: SourceLocation

    public init(at: Double, location: SourceLocation) {
        self.at = at
        self.location = location
    }

    /// Default animation duration of a transaction: 0.25 s.
    public static let defaultDuration = 0.25
}

/// One `set:` entry: a layer (by its path of sublayer indices from the root)
/// and a key path on it, and the new model value: `.animatable` for a key
/// path's value, another case for a property that no key path animates
/// (`string`, `isWrapped`, `instanceCount`...), which sets the whole property.
public struct PropertyChange: Sendable {
    /// Sublayer indices from the root: [2, 0] is the first sublayer of the third layer.
    public var layer: [Int]
    /// The layer path as written (`card/badge`).
    public var layerPath: String
    public var keyPath: LayerKeyPath
    public var value: PropertyValue
    public var location: SourceLocation

    public init(layer: [Int], layerPath: String, keyPath: LayerKeyPath, value: PropertyValue, location: SourceLocation) {
        self.layer = layer
        self.layerPath = layerPath
        self.keyPath = keyPath
        self.value = value
        self.location = location
    }
}

/// A model value that a transaction sets: from `time` on, the layer's model
/// value at `keyPath` is `value`.
public struct ModelChange: Sendable {
    /// Seconds of scene time (the commit), not of the layer's time: the model
    /// changes when the transaction commits, whatever the layer's speed.
    public var time: Double
    /// The transaction's place in commit order.
    public var sequence: Int
    public var keyPath: LayerKeyPath
    /// As `PropertyChange.value`.
    public var value: PropertyValue
    /// The layer's local time at the commit (an emitter's particles are born
    /// in its local time, and take the model of their birth).
    public var layerTime: Double
    public init(time: Double, sequence: Int, keyPath: LayerKeyPath, value: PropertyValue, layerTime: Double) {
        self.time = time; self.sequence = sequence; self.keyPath = keyPath; self.value = value; self.layerTime = layerTime
    }
}

/// A transition running on a layer, compiled from a transaction.
public struct LayerTransition: Sendable {
    /// With duration and timing function resolved.
    public var transition: Transition
    /// beginTime in the layer's local time, duration in seconds; fills nothing.
    public var timing: MediaTiming
    public var timingFunction: TimingFunction
    /// The transaction (commit order) that started it: the old state is the
    /// one before this transaction, frozen at `commitTime`.
    public var sequence: Int
    /// Seconds of scene time.
    public var commitTime: Double
    /// The superlayer's local time at the commit (to sample the old state).
    public var parentTimeAtCommit: Double
    /// A later transition on the layer replaces this one.
    public var lifetime = AnimationLifetime()
    /// Added as an explicit animation (`animations:`, CALayer's
    /// `add(_:forKey:)`), not by a transaction: its begin time is in the
    /// layer's time and the compiler finds the commit it stands for.
    public var isExplicit = false

    public init(transition: Transition, timing: MediaTiming, timingFunction: TimingFunction, sequence: Int,
                commitTime: Double, parentTimeAtCommit: Double) {
        self.transition = transition
        self.timing = timing
        self.timingFunction = timingFunction
        self.sequence = sequence
        self.commitTime = commitTime
        self.parentTimeAtCommit = parentTimeAtCommit
    }
}
