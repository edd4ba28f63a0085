/// Nesting layer time down the tree. Each layer maps its superlayer's time
/// affinely, so a chain of layers is again one `LayerTiming`:
///
///     root time ──(parent)──▶ parent local ──(child)──▶ child local
///     child local = ((t - b₁)·s₁ + o₁ - b₂)·s₂ + o₂
///                 = (t - b₁)·(s₁·s₂) + (o₁ - b₂)·s₂ + o₂
///
/// so speeds multiply down the tree, and a speed 0 anywhere above freezes
/// everything below at the time it maps to.
extension LayerTiming {
    /// The identity mapping (local time = parent time).
    public static let identity = LayerTiming()

    /// The mapping from this layer's superlayer time to `child`'s local time
    /// (both without a `duration`: a composition's folded time is not affine):
    /// first `self` (superlayer → this layer), then `child` (this layer → child).
    public func then(_ child: LayerTiming) -> LayerTiming {
        LayerTiming(beginTime: beginTime,
                    speed: speed * child.speed,
                    timeOffset: (timeOffset - child.beginTime) * child.speed + child.timeOffset)
    }

    /// The superlayer time (seconds) at which this layer's local time is
    /// `localTime`, or nil when `speed` is 0 (the local time never changes).
    public func parentTime(forLocalTime localTime: Double) -> Double? {
        guard speed != 0 else { return nil }
        return (localTime - timeOffset) / speed + beginTime
    }
}
