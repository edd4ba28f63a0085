import CCairo
import StrataModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reference renderer: draws every layer of every frame straight into
/// the frame with Cairo, following Core Animation's compositing rules (y
/// down, group opacity, borders inside the bounds), with nothing retained
/// between frames but caches of exact pixels. Slow, and exact at any scale,
/// which makes it the picture the retained `FrameRenderer` is checked
/// against (at 4x supersampling, in the tests).
///
/// Use one per thread: it keeps scratch buffers and caches between frames
/// (font maps, retained bitmaps). It is not thread-safe itself, so it is not
/// Sendable; create it on the thread that uses it.
public final class DirectRenderer {
    /// Per-node facts of the frame being drawn, in preorder (capacity reused).
    var nodes: [NodeInfo] = []
    /// The 3D contexts (CATransformLayers) of the frame being drawn.
    var contexts: [DepthContext] = []
    /// Pixel size of the frame being drawn (bounds the plane bitmaps).
    var frameWidth = 0, frameHeight = 0
    /// Set while drawing when the root's background was painted with the
    /// frame's first pass (`paintCanvasBackground`): `drawBody` skips it.
    var rootBackgroundPainted = false
    /// This thread's Pango font maps and text layouts (Pango is not thread-safe across font maps).
    lazy var textEngine = TextEngine()
    /// Retained bitmaps of static layer content (gradients), reused across frames.
    lazy var rasterCache = RasterCache()
    /// Emitter cell images ready to sample, and a scratch bitmap for image
    /// particles under a clip the blitter cannot follow (DirectRenderer+Particles).
    var spriteTextures = SpriteTextures()
    lazy var particleScratch = ParticleScratch()
    /// The first thing that went wrong in the frame being drawn, at its layer
    /// (a damaged video frame, a bitmap that cannot be allocated, a Cairo
    /// error: DirectRenderer+Failure): the frame is an error, never a blank
    /// or partial image.
    var failure: RenderError?

    public init() {}

    /// Draws `tree` into a new Pixmap: `tree.pixelWidth` x `tree.pixelHeight`,
    /// premultiplied BGRA.
    ///
    /// Throws when Cairo fails (canvas too large, out of memory).
    public func render(_ tree: RenderTree) throws(RenderError) -> Pixmap {
        var pixmap = Pixmap(width: 0, height: 0)
        try render(tree, into: &pixmap)
        return pixmap
    }

    /// Like `render(_:)`, but draws straight into `pixmap`'s storage when it
    /// has the frame's size and is not shared: no allocation and no copy,
    /// which is how the frame pipeline recycles its pixmaps. Every pixel is
    /// written, so nothing of the pixmap's earlier content survives.
    public func render(_ tree: RenderTree, into pixmap: inout Pixmap) throws(RenderError) {
        let width = tree.pixelWidth, height = tree.pixelHeight
        guard width >= 0, height >= 0, tree.scale.isFinite, tree.scale > 0 else {
            throw RenderError(layerPath: tree.root.path,
                              message: "invalid canvas \(tree.size.width)x\(tree.size.height) points at scale \(tree.scale)")
        }
        // Cairo takes at most Int32 sides and packs ARGB32 rows without padding.
        guard width <= Int(Int32.max), height <= Int(Int32.max),
              width == 0 || Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))) == width * 4,
              width.multipliedReportingOverflow(by: height * 4).overflow == false else {
            throw RenderError(layerPath: tree.root.path, message: "cannot create a \(width)x\(height) pixel surface")
        }
        if pixmap.width != width || pixmap.height != height {
            // Uninitialized: drawing writes every byte.
            let count = width * height * 4
            pixmap = Pixmap(width: width, height: height,
                            pixels: [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count })
        }
        guard width > 0, height > 0 else { return }
        var failure: RenderError?
        pixmap.pixels.withUnsafeMutableBytes { bytes in
            do throws(RenderError) { try draw(tree, into: bytes, width: width, height: height) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Draws into `bytes` (tightly packed ARGB32 rows) through a Cairo
    /// surface that lives only for this call.
    private func draw(_ tree: RenderTree, into bytes: UnsafeMutableRawBufferPointer,
                      width: Int, height: Int) throws(RenderError) {
        guard let data = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, Int32(width),
                                                                 Int32(height), Int32(width * 4)) else {
            throw RenderError(layerPath: tree.root.path, message: "cannot create a \(width)x\(height) pixel surface")
        }
        // Finished before the buffer goes away, even if something still holds a reference.
        defer { cairo_surface_finish(surface); cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(layerPath: tree.root.path, message: "cannot create a \(width)x\(height) pixel surface: "
                              + String(cString: cairo_status_to_string(status)))
        }
        let canvas = DeviceBox(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height))
        let base = Homography.scale(tree.scale)
        nodes.removeAll(keepingCapacity: true)
        contexts.removeAll(keepingCapacity: true)
        frameWidth = width; frameHeight = height
        failure = nil
        _ = prepare(tree.root, relative: tree.root.transform, parent: base, parentVisible: true, canvas: canvas)

        guard let cr = cairo_create(surface) else {
            throw RenderError(layerPath: tree.root.path, message: "cannot create a Cairo context")
        }
        defer { cairo_destroy(cr) }
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        rootBackgroundPainted = paintCanvasBackground(tree.root, cr: cr)
        defer { rootBackgroundPainted = false }
        if !rootBackgroundPainted {
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
        drawNode(tree.root, index: 0, alpha: 1, cr: cr)
        if let failure { throw failure }
        let drawStatus = cairo_status(cr)
        guard drawStatus == CAIRO_STATUS_SUCCESS else {
            throw RenderError(layerPath: tree.root.path,
                              message: "Cairo failed: " + String(cString: cairo_status_to_string(drawStatus)))
        }
        cairo_surface_flush(surface)
    }
}
