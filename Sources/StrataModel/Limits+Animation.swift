extension Limits {
    /// Keyframes (values, or points of a path) of one keyframe animation.
    public static let maxKeyframes = 10_000
    /// Nesting of animation groups.
    public static let maxGroupDepth = 16
    /// Timeline transactions in a scene, nested ones included.
    public static let maxTransactions = 10_000
    /// Property changes (`set:` entries) in a scene's timeline.
    public static let maxTimelineChanges = 100_000
}
