/// The value of a layer's `contents` as animations see it: an image (an
/// asset key of `Scene.images`) or none, and, while a contents animation
/// runs, the image it dissolves from.
///
/// Core Animation animates `contents` (its default action is a
/// CABasicAnimation of the key) by cross-dissolving the two bitmaps; there
/// is nothing in between two images to interpolate, so a presentation value
/// is "`key`, with `blend.from` still showing by 1 - `blend.progress`".
public struct ContentsValue: Sendable, Hashable {
    /// The image shown, or nil for no contents.
    public var key: String?
    /// Set while dissolving: the image dissolving out and the weight of `key`.
    public var blend: ContentsBlend?

    public init(key: String?, blend: ContentsBlend? = nil) {
        self.key = key
        self.blend = blend
    }

    /// The image that shows more (the one a discrete step would pick).
    public var dominant: String? {
        guard let blend, blend.progress < 0.5 else { return key }
        return blend.from
    }
}

/// A cross-dissolve between two `contents` images:
/// shown = from · (1 - progress) + key · progress, premultiplied.
public struct ContentsBlend: Sendable, Hashable {
    /// The image dissolving out (nil: none, the new image fades in).
    public var from: String?
    /// 0...1, the weight of the image dissolving in.
    public var progress: Double
    public init(from: String?, progress: Double) {
        self.from = from
        self.progress = progress
    }
}
