/// A frame that cannot be rendered, with the layer that caused it.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    /// The offending layer's path (`RenderNode.path`), e.g. `root.card.title`.
    public var layerPath: String
    public var message: String

    public init(layerPath: String, message: String) {
        self.layerPath = layerPath; self.message = message
    }

    public var description: String { "\(layerPath): \(message)" }
}
