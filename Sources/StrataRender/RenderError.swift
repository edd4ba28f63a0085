import StrataModel

/// A frame that cannot be rendered, with the layer that caused it.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    /// The offending layer's path (`RenderNode.path`), e.g. `root.card.title`.
    public var layerPath: String
    /// Where that layer was written, when known.
    public var location: SourceLocation?
    public var message: String
    /// Set when the frame was refused for its memory (`FrameMemory`): the
    /// bytes it would hold at once, more than the limit.
    public var memoryNeed: Double?

    public init(layerPath: String, location: SourceLocation? = nil, message: String) {
        self.layerPath = layerPath; self.location = location; self.message = message
    }

    /// An error at a layer of the render tree.
    init(_ node: RenderNode, _ message: String) {
        self.init(layerPath: node.path, location: node.location, message: message)
    }

    /// A `width` x `height` bitmap (of `bytesPerPixel`) for the layer at
    /// `layerPath` that the system would not give.
    static func unallocated(layerPath: String, location: SourceLocation? = nil, width: Int, height: Int,
                            bytesPerPixel: Int = 4) -> RenderError {
        RenderError(layerPath: layerPath, location: location,
                    message: unallocatedMessage(width: width, height: height, bytesPerPixel: bytesPerPixel))
    }

    /// What `unallocated` says.
    static func unallocatedMessage(width: Int, height: Int, bytesPerPixel: Int = 4) -> String {
        let megabytes = (Double(width) * Double(height) * Double(bytesPerPixel) / 1_048_576).rounded(.up)
        return "cannot allocate a \(width)x\(height) pixel bitmap (\(Int(megabytes)) MB) to draw this layer"
    }

    public var description: String { "\(layerPath): \(message)" }
}
