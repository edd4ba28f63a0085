import StrataModel

/// A frame that cannot be rendered, with the layer that caused it.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    /// The offending layer's path (`RenderNode.path`), e.g. `root.card.title`.
    public var layerPath: String
    /// Where that layer was written, when known.
    public var location: SourceLocation?
    public var message: String

    public init(layerPath: String, location: SourceLocation? = nil, message: String) {
        self.layerPath = layerPath; self.location = location; self.message = message
    }

    /// An error at a layer of the render tree.
    init(_ node: RenderNode, _ message: String) {
        self.init(layerPath: node.path, location: node.location, message: message)
    }

    public var description: String { "\(layerPath): \(message)" }
}
