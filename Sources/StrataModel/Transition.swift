/// CATransition: animates a layer between its rendered state before a
/// change and after it. Directions mean what they say on screen (y down):
/// `fromRight` content moves in from the right edge, toward the left.
public struct Transition: Sendable, Hashable {
    /// `type` (kCATransitionFade...).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Cross-dissolve from the old content to the new.
        case fade
        /// The new content slides in over the old.
        case moveIn
        /// The new content slides in and pushes the old out.
        case push
        /// The old content slides out, uncovering the new.
        case reveal
    }

    /// `subtype`: the side the motion starts from.
    public enum Subtype: String, Sendable, Hashable, CaseIterable {
        case fromLeft, fromRight, fromTop, fromBottom
    }

    public var type: Kind
    /// Core Animation's default (nil) moves from the left.
    public var subtype: Subtype = .fromLeft
    /// The part of the transition that plays, 0...1, start <= end.
    public var startProgress: Double = 0
    public var endProgress: Double = 1
    /// Seconds; nil takes the transaction's duration.
    public var duration: Double?
    /// Nil takes the transaction's timing function.
    public var timingFunction: TimingFunction?
    public var location: SourceLocation

    public init(type: Kind, location: SourceLocation) {
        self.type = type
        self.location = location
    }
}

/// What a layer does when a transaction changes one of its properties
/// (an entry of its `actions` map), as CALayer's `actions` dictionary.
public enum LayerAction: Sendable {
    /// Run this animation instead of the default one.
    case animation(ActionAnimation)
    /// Run this transition on the layer; the property itself changes at once.
    case transition(Transition)
    /// `null`: no action, the property changes at once.
    case none
}

/// An animation given as an action, with what the transaction still has
/// to fill in (Core Animation: an animation added without a duration or
/// timing function takes the transaction's).
public struct ActionAnimation: Sendable {
    public var animation: Animation
    /// Whether `duration` was written (else the transaction's applies).
    public var hasDuration: Bool
    /// Whether `timingFunction` was written (else the transaction's applies).
    public var hasTimingFunction: Bool
    public init(animation: Animation, hasDuration: Bool, hasTimingFunction: Bool) {
        self.animation = animation
        self.hasDuration = hasDuration
        self.hasTimingFunction = hasTimingFunction
    }
}
