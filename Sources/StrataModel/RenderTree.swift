/// A frame ready to draw: a tree of resolved layers, no animation or YAML left.
public struct RenderTree: Sendable {
    /// Canvas size in points.
    public var size: Size
    /// Pixels per point.
    public var scale: Double
    public var root: RenderNode
    public init(size: Size, scale: Double, root: RenderNode) {
        self.size = size; self.scale = scale; self.root = root
    }
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }
}

/// One visible layer at one time.
public struct RenderNode: Sendable {
    /// The layer's path (for messages).
    public var path: String
    /// Where the layer was written: a layer that cannot be drawn is reported
    /// here. Nil for nodes that no scene layer wrote.
    public var location: SourceLocation? = nil
    /// The layer's own geometry (bounds, position, anchor, transforms,
    /// scrolling) is animated somewhere in the scene, so it moves on the
    /// canvas; its sublayers move with it. The renderer then rasterizes the
    /// layer's content in the layer's own space and resamples it as Core
    /// Animation does, instead of at its exact place on the canvas.
    public var animatesGeometry = false
    /// The layer's bounds in its own space (points).
    public var bounds: Rect
    /// Maps the layer's own space (bounds coordinates) to its superlayer's
    /// own space, including the superlayer's sublayerTransform. Row-vector.
    public var transform: Transform3D
    /// 0...1, applied to the layer and its sublayers as a group.
    public var opacity: Double
    public var backgroundColor: Color?
    /// Points.
    public var cornerRadius: Double
    /// Points, inside the bounds, drawn above the sublayers.
    public var borderWidth: Double
    public var borderColor: Color
    public var masksToBounds: Bool
    /// Sublayers in draw order (zPosition, then list order), hidden ones removed.
    public var children: [RenderNode]
    /// What the layer draws between its background and its sublayers
    /// (shape, text, gradient...). Features add fields below with defaults,
    /// set after init, so that call sites stay short.
    public var content: RenderContent = .none
    // Compositing (docs/compositing.md), set after init.
    /// A CATransformLayer: draws nothing itself; its sublayers keep their 3D
    /// placement (`transform` is then a 3D matrix into the superlayer's space)
    /// and are depth-sorted; its opacity multiplies into each sublayer.
    public var isTransformLayer = false
    /// False: hidden when its back faces the viewer.
    public var doubleSided = true
    public var maskedCorners: CornerMask = .all
    /// How cornerRadius rounds the corners (background, border, masksToBounds clip).
    public var cornerCurve: CornerCurve = .circular
    /// Set when the layer's composited group blends onto its backdrop
    /// other than source-over (CALayer.compositingFilter).
    public var compositingFilter: BlendMode? = nil
    /// Applied in order to the layer's flattened group (identity filters dropped).
    public var filters: [LayerFilter] = []
    /// Applied in order to what is behind the layer, within its rounded bounds.
    public var backgroundFilters: [LayerFilter] = []
    /// Nil when the layer casts no shadow (shadowOpacity 0).
    public var shadow: RenderShadow? = nil
    /// The mask layer: its transform maps into this layer's bounds space.
    public var mask: RenderNodeBox? = nil
    /// The decoded `contents` image and how it is placed.
    public var image: RenderImage? = nil
    public var allowsGroupOpacity = true
    /// Pixels per point of the rasterized bitmap when shouldRasterize, else nil.
    public var rasterizationScale: Double? = nil
    /// Set while a `contents` animation dissolves `image` in over another image.
    public var contentsFade: RenderContentsFade? = nil
    /// Set on a fade transition's node: `children[0]` (before) and
    /// `children[1]` (after) are composited as before·(1-p) + after·p, in
    /// one isolated group, instead of one over the other.
    public var crossDissolve: Double? = nil

    public init(path: String, bounds: Rect, transform: Transform3D, opacity: Double,
                backgroundColor: Color?, cornerRadius: Double, borderWidth: Double,
                borderColor: Color, masksToBounds: Bool, children: [RenderNode]) {
        self.path = path; self.bounds = bounds; self.transform = transform; self.opacity = opacity
        self.backgroundColor = backgroundColor; self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth; self.borderColor = borderColor
        self.masksToBounds = masksToBounds; self.children = children
    }
}

/// A layer's own drawing, in its bounds space, between background and sublayers.
public enum RenderContent: Sendable {
    case none
    /// CAShapeLayer: drawn outside the bounds too (clipped only by masksToBounds).
    case shape(ShapeProperties)
    /// CATextLayer: laid out in the bounds and clipped to them.
    case text(TextProperties)
    /// CAGradientLayer: fills the (rounded) bounds.
    case gradient(GradientProperties)
    /// CAEmitterLayer's live particles, in the layer's space, not clipped.
    case particles(ParticleContent)
}

/// A shadow ready to draw, in the layer's bounds space.
public struct RenderShadow: Sendable {
    /// Colour with shadowOpacity already multiplied into its alpha.
    public var color: Color
    /// Points.
    public var offset: Size
    /// Gaussian standard deviation in points.
    public var radius: Double
    public var path: ShapePath?
    public init(color: Color, offset: Size, radius: Double, path: ShapePath?) {
        self.color = color; self.offset = offset; self.radius = radius; self.path = path
    }
}

/// A reference to a node (a mask layer), since a struct cannot hold itself.
public final class RenderNodeBox: Sendable {
    public let node: RenderNode
    public init(_ node: RenderNode) { self.node = node }
}

/// A layer's `contents` bitmap and its placement keys.
public struct RenderImage: Sendable {
    /// Where the pixels come from.
    public var pixels: RenderImagePixels
    public var gravity: ContentsGravity
    /// Unit rects of the image.
    public var contentsRect: Rect
    public var contentsCenter: Rect
    /// Image pixels per point.
    public var contentsScale: Double

    public init(pixels: RenderImagePixels, gravity: ContentsGravity, contentsRect: Rect, contentsCenter: Rect,
                contentsScale: Double) {
        self.pixels = pixels; self.gravity = gravity; self.contentsRect = contentsRect
        self.contentsCenter = contentsCenter; self.contentsScale = contentsScale
    }

    /// A still image.
    public init(pixmap: Pixmap, gravity: ContentsGravity, contentsRect: Rect, contentsCenter: Rect, contentsScale: Double) {
        self.init(pixels: .bitmap(pixmap), gravity: gravity, contentsRect: contentsRect, contentsCenter: contentsCenter,
                  contentsScale: contentsScale)
    }

    /// The size the gravities place, in image pixels (before `contentsScale`).
    public var naturalSize: Size {
        switch pixels {
        case .bitmap(let p): return Size(Double(p.width), Double(p.height))
        case .media(let source, _): return source.naturalSize
        }
    }

    /// The key of the pixels to draw when one unit of the natural size
    /// covers `scale` device pixels (along the axis that needs more); nil
    /// for a still image. Vector media are rasterized at `scale` rounded up
    /// to `RasterScale`'s ladder; a video's pixels do not depend on it.
    public func mediaKey(scale: Double) -> MediaPixelsKey? {
        guard case .media(let source, let frame) = pixels else { return nil }
        let natural = source.naturalSize
        let size = source.kind.isVector
            ? RasterScale.pixelSize(natural: natural, scale: scale)
            : (Int(natural.width.rounded()), Int(natural.height.rounded()))
        return MediaPixelsKey(source: source.identity, frame: frame, width: size.0, height: size.1)
    }
}

/// The pixels of a `RenderImage`.
public enum RenderImagePixels: Sendable {
    /// A still image, decoded once per process when the scene loaded.
    case bitmap(Pixmap)
    /// A frame of media (0 for an SVG), made at the size the renderer asks for.
    case media(any MediaSource, frame: Int)
}
