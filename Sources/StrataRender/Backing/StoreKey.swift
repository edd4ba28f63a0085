import CCairo
import StrataModel

/// What a backing store holds: exactly the values that change its pixels.
/// Colours of one-colour content are not part of it (the compositor tints
/// coverage stores), nor is where the store lands on the frame.
struct StoreKey: Hashable, Sendable {
    var content: StoreContent
    /// The layer's space -> store pixels.
    var raster: RasterMap
    /// Pixels.
    var width: Int
    var height: Int

    var format: BackingStore.Format { content.format }
    var byteEstimate: Int { (width + 1) * (height + 1) * format.bytesPerPixel }

    /// A digest of the key: every field but a path's middle elements (a
    /// path's count, first and last element stand for it). Each frame looks
    /// up a key per layer, and hashing every point of every path was most
    /// of that lookup; keys that differ only inside a path still compare
    /// unequal (`==` reads everything), they only share a bucket.
    func hash(into h: inout Hasher) {
        content.digest(into: &h)
        h.combine(raster)
        h.combine(width)
        h.combine(height)
    }
}

/// An affine map in Cairo's layout: x' = xx x + xy y + x0, y' = yx x + yy y + y0.
struct RasterMap: Hashable, Sendable {
    var xx, yx, xy, yy, x0, y0: Double

    static func scale(_ s: Double, offsetX: Double, offsetY: Double) -> RasterMap {
        RasterMap(xx: s, yx: 0, xy: 0, yy: s, x0: offsetX, y0: offsetY)
    }
}

/// The content kinds a store can hold, each in the owning layer's space.
/// Clips to the bounds are not part of them: the compositor applies those
/// per pixel, with the very coverage of the layer's background and border.
enum StoreContent: Hashable, Sendable {
    /// A CAShapeLayer's fill (coverage).
    case fill(BezierPath, FillRule)
    /// A CAShapeLayer's stroke (coverage).
    case stroke(StrokeStyle)
    /// A CATextLayer's glyphs (coverage), laid out in `bounds`.
    case text(TextLayout, bounds: Rect)
    /// A CAGradientLayer's colours in its bounds.
    case gradient(GradientProperties, bounds: Rect)
    /// `contents` images in the bounds; while a contents animation runs
    /// (`fade` set), the dissolve from `fade.from` (weight 1 - progress).
    case image(ImageContent?, fade: ImageFade?, bounds: Rect)
    /// An emitter cell image's shown part, one store pixel per image pixel.
    case texels(ParticleImage)
    /// A built-in particle shape (coverage) of a size in points.
    case particleShape(ParticleSprite)
    /// A shadowPath filled and blurred by `sigma` store pixels (coverage).
    case shadowShape(ShapePath, sigma: Double)
    /// A subtree planned in the store's pixels and composited once
    /// (shouldRasterize): the plan is the key.
    case flattened([PlanItem])

    var format: BackingStore.Format {
        switch self {
        case .fill, .stroke, .text, .particleShape, .shadowShape: return .a8
        case .gradient, .image, .texels, .flattened: return .argb32
        }
    }

    /// What `StoreKey.hash(into:)` hashes of the content: paths by their
    /// digest, everything else whole.
    func digest(into h: inout Hasher) {
        switch self {
        case .fill(let path, let rule):
            h.combine(0)
            path.digest(into: &h)
            h.combine(rule)
        case .stroke(let style):
            h.combine(1)
            style.path.digest(into: &h)
            h.combine(style.lineWidth); h.combine(style.lineCap); h.combine(style.lineJoin)
            h.combine(style.miterLimit); h.combine(style.lineDashPattern); h.combine(style.lineDashPhase)
            h.combine(style.strokeStart); h.combine(style.strokeEnd)
        default:
            h.combine(2)
            h.combine(self)
        }
    }
}

extension BezierPath {
    /// Its element count, first and last element: equal paths have equal digests.
    func digest(into h: inout Hasher) {
        h.combine(elements.count)
        if let first = elements.first { h.combine(first) }
        if elements.count > 1, let last = elements.last { h.combine(last) }
    }
}

/// Everything of a shape's stroke but its colour.
struct StrokeStyle: Hashable, Sendable {
    var path: BezierPath
    var lineWidth: Double
    var lineCap: LineCap
    var lineJoin: LineJoin
    var miterLimit: Double
    var lineDashPattern: [Double]
    var lineDashPhase: Double
    var strokeStart: Double
    var strokeEnd: Double

    init(_ s: ShapeProperties, path: BezierPath) {
        self.path = path
        lineWidth = s.lineWidth; lineCap = s.lineCap; lineJoin = s.lineJoin; miterLimit = s.miterLimit
        lineDashPattern = s.lineDashPattern; lineDashPhase = s.lineDashPhase
        strokeStart = s.strokeStart; strokeEnd = s.strokeEnd
    }

    /// The shape properties that draw this stroke (no fill).
    var shape: ShapeProperties {
        var s = ShapeProperties()
        s.path = path; s.fillColor = nil; s.strokeColor = .white
        s.lineWidth = lineWidth; s.lineCap = lineCap; s.lineJoin = lineJoin; s.miterLimit = miterLimit
        s.lineDashPattern = lineDashPattern; s.lineDashPhase = lineDashPhase
        s.strokeStart = strokeStart; s.strokeEnd = strokeEnd
        return s
    }
}

/// Everything of a text layer's text but its colour.
struct TextLayout: Hashable, Sendable {
    var text: TextProperties

    init(_ t: TextProperties) {
        text = t
        text.foregroundColor = .white
    }
}

/// The image a contents dissolve fades from (nil: none) and the weight of the new one.
struct ImageFade: Hashable, Sendable {
    var from: ImageContent?
    var progress: Double
}

/// A `contents` image and how it is placed, with what its pixels are:
/// a still's decoded bitmap (the same when they share storage: the key
/// keeps it alive, so no other image can take that address while it is
/// cached), or media pixels by their `MediaPixelsKey` (source, frame and
/// the pixel size for the store's scale), as the media sources key them.
struct ImageContent: Hashable, Sendable {
    var image: RenderImage
    var pixels: Pixels

    enum Pixels: Hashable, Sendable {
        case bitmap(storage: UInt, width: Int, height: Int)
        case media(MediaPixelsKey)
    }

    /// `image` drawn in `bounds` through `raster` (the layer's space -> store pixels).
    init(_ image: RenderImage, in bounds: Rect, raster: RasterMap) {
        self.image = image
        switch image.pixels {
        case .bitmap(let p):
            pixels = .bitmap(storage: p.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) },
                             width: p.width, height: p.height)
        case .media:
            let m = cairo_matrix_t(xx: raster.xx, yx: raster.yx, xy: raster.xy, yy: raster.yy, x0: raster.x0, y0: raster.y0)
            let scale = CairoContent.imageScale(image, in: bounds, matrix: m)
            // A scale no raster can have keys nothing: `pixmap()` then draws nothing.
            pixels = image.mediaKey(scale: scale).map(Pixels.media)
                ?? .bitmap(storage: 0, width: 0, height: 0)
        }
    }

    /// The bitmap to draw from; nil when nothing can show.
    func pixmap() throws(MediaError) -> Pixmap? {
        switch (image.pixels, pixels) {
        case (.bitmap(let pixmap), _): return pixmap
        case (.media(let source, _), .media(let key)): return try source.pixels(key)
        case (.media, .bitmap): return nil
        }
    }

    static func == (a: ImageContent, b: ImageContent) -> Bool {
        a.pixels == b.pixels && a.image.gravity == b.image.gravity
            && a.image.contentsRect == b.image.contentsRect && a.image.contentsCenter == b.image.contentsCenter
            && a.image.contentsScale == b.image.contentsScale
    }

    func hash(into h: inout Hasher) {
        h.combine(pixels); h.combine(image.gravity); h.combine(image.contentsRect)
        h.combine(image.contentsCenter); h.combine(image.contentsScale)
    }
}
