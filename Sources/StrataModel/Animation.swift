/// The kinds of animation (`type:` in a scene).
public enum AnimationKind: String, Sendable, Hashable, CaseIterable {
    case basic, keyframe, spring, group
}

/// One explicit animation of a layer.
public struct Animation: Sendable {
    /// What the animation computes.
    public enum Kind: Sendable {
        /// CABasicAnimation: any one or two of from/to/by; a missing end is the model value.
        case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        /// CAKeyframeAnimation: values or a path, key times, calculation mode.
        case keyframe(KeyframeAnimation)
        /// CASpringAnimation: a damped spring from one end to the other, in physical time.
        case spring(SpringAnimation)
        /// CAAnimationGroup: the animations run in the group's time, clipped
        /// to its duration. A group's own `keyPath` is not used.
        case group([Animation])
    }

    /// The animated property; for a group, a placeholder nothing reads.
    public var keyPath: LayerKeyPath
    public var kind: Kind
    public var timing = MediaTiming()
    /// Explicit animations default to linear (Core Animation's nil timing function).
    public var timingFunction: TimingFunction = .linear
    public var removedOnCompletion = true
    public var additive = false
    public var cumulative = false
    /// CAValueFunction: the values are numbers (or vectors) that this turns
    /// into the transform drawn; only on a whole transform key path.
    public var valueFunction: ValueFunction?
    /// Where the animation was written.
    public var location: SourceLocation
    /// When a transaction added or removed the animation (implicit
    /// animations and actions); explicit animations live for the whole scene.
    public var lifetime = AnimationLifetime()

    public init(keyPath: LayerKeyPath, kind: Kind, location: SourceLocation) {
        self.keyPath = keyPath
        self.kind = kind
        self.location = location
    }

    /// A CAAnimationGroup of `animations`.
    public static func group(_ animations: [Animation], location: SourceLocation) -> Animation {
        Animation(keyPath: LayerKeyPath.placeholder, kind: .group(animations), location: location)
    }

    /// The kind without its values, as `strata inspect` names it.
    public var kindName: AnimationKind {
        switch kind {
        case .basic: return .basic
        case .keyframe: return .keyframe
        case .spring: return .spring
        case .group: return .group
        }
    }
}

/// The transactions that added and removed an animation, so that a frame
/// (or a transition's snapshot of the state before a transaction) sees only
/// the animations that existed then.
///
///     transaction k commits at scene time `at`:
///     animations it adds apply to states from k on (addedBy = k);
///     an animation it replaces (same key) stops at `at` for states from k on.
public struct AnimationLifetime: Sendable, Hashable {
    /// The transaction (in commit order) that added the animation; nil for
    /// animations written on the layer, there from the start.
    public var addedBy: Int?
    /// Layer local time (seconds) from which the animation no longer applies
    /// (replaced by a later animation for the same key).
    public var removedAt: Double?
    /// The transaction that replaced it.
    public var removedBy: Int?
    public init() {}

    /// Whether the animation applies at `layerTime` in the state that
    /// includes transactions before `sequenceLimit`.
    public func applies(layerTime: Double, sequenceLimit: Int) -> Bool {
        if let a = addedBy, a >= sequenceLimit { return false }
        if let r = removedAt, let by = removedBy, by < sequenceLimit, layerTime >= r { return false }
        return true
    }
}

extension LayerKeyPath {
    /// The key path a group carries (groups animate nothing themselves).
    public static let placeholder = try! LayerKeyPath.parse("opacity").get()
}
