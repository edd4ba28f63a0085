import StrataModel

extension CairoContent {
    /// A cross-dissolve's two weights (before: 1 - p, after: p) as 8-bit
    /// alphas that add up to exactly 255, so that a pixel opaque under both
    /// stays opaque after rounding:
    ///
    ///     result = before · (1 - p) + after · p        (premultiplied)
    static func dissolveWeights(_ progress: Double) -> (before: Double, after: Double) {
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        let after = (p * 255).rounded()
        return ((255 - after) / 255, after / 255)
    }

}
