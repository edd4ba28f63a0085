/// A `contents` cross-dissolve ready to draw: `from` (nil: no image)
/// shows with weight 1 - progress, the node's `image` (nil: none) with
/// weight progress, summed premultiplied in one group.
public struct RenderContentsFade: Sendable {
    public var from: RenderImage?
    /// 0...1: the weight of the node's `image`.
    public var progress: Double
    public init(from: RenderImage?, progress: Double) {
        self.from = from
        self.progress = progress
    }
}
