import CCairo
import StrataModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders RenderTrees into Pixmaps with Cairo, following Core Animation's
/// compositing rules (y down, group opacity, borders inside the bounds).
///
/// Use one per thread: it keeps its Cairo surface and scratch buffers between
/// frames (and will own a Pango font map once text exists). It is not
/// thread-safe itself, so it is not Sendable; create it on the thread that uses it.
public final class FrameRenderer {
    /// The reused ARGB32 target, created for the last frame size.
    private var surface: OpaquePointer?
    private var surfaceWidth = -1, surfaceHeight = -1
    /// Per-node facts of the frame being drawn, in preorder (capacity reused).
    var nodes: [NodeInfo] = []
    /// The 3D contexts (CATransformLayers) of the frame being drawn.
    var contexts: [DepthContext] = []
    /// Pixel size of the frame being drawn (bounds the plane bitmaps).
    var frameWidth = 0, frameHeight = 0
    /// This thread's Pango font maps and text layouts (Pango is not thread-safe across font maps).
    lazy var textEngine = TextEngine()
    /// Retained bitmaps of static layer content (gradients), reused across frames.
    lazy var rasterCache = RasterCache()
    /// Emitter cell images ready to sample, and a scratch bitmap for image
    /// particles under a clip the blitter cannot follow (FrameRenderer+Particles).
    var spriteTextures = SpriteTextures()
    lazy var particleScratch = ParticleScratch()

    public init() {}

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    /// Draws `tree` and returns an independent copy of the pixels:
    /// `tree.pixelWidth` x `tree.pixelHeight`, premultiplied BGRA.
    ///
    /// Throws when Cairo fails (canvas too large, out of memory).
    public func render(_ tree: RenderTree) throws(RenderError) -> Pixmap {
        let (width, height) = try draw(tree)
        let count = width * height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            copyPixels(into: UnsafeMutableRawBufferPointer(buffer), width: width, height: height)
            initialized = count
        }
        return Pixmap(width: width, height: height, pixels: pixels)
    }

    /// Like `render(_:)`, but reuses `pixmap`'s storage when it has the
    /// frame's size and is not shared (saves an allocation per frame).
    public func render(_ tree: RenderTree, into pixmap: inout Pixmap) throws(RenderError) {
        let (width, height) = try draw(tree)
        if pixmap.width != width || pixmap.height != height {
            pixmap = Pixmap(width: width, height: height)
        }
        pixmap.pixels.withUnsafeMutableBytes { copyPixels(into: $0, width: width, height: height) }
    }

    /// Draws into the reused surface; returns its pixel size.
    private func draw(_ tree: RenderTree) throws(RenderError) -> (Int, Int) {
        let width = tree.pixelWidth, height = tree.pixelHeight
        guard width >= 0, height >= 0, tree.scale.isFinite, tree.scale > 0 else {
            throw RenderError(layerPath: tree.root.path,
                              message: "invalid canvas \(tree.size.width)x\(tree.size.height) points at scale \(tree.scale)")
        }
        let surface = try targetSurface(width: width, height: height, path: tree.root.path)
        let canvas = DeviceBox(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height))
        let base = Homography.scale(tree.scale)
        nodes.removeAll(keepingCapacity: true)
        contexts.removeAll(keepingCapacity: true)
        frameWidth = width; frameHeight = height
        _ = prepare(tree.root, relative: tree.root.transform, parent: base, parentVisible: true, canvas: canvas)

        guard let cr = cairo_create(surface) else {
            throw RenderError(layerPath: tree.root.path, message: "cairo_create failed")
        }
        defer { cairo_destroy(cr) }
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        drawNode(tree.root, index: 0, alpha: 1, cr: cr)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(layerPath: tree.root.path,
                              message: "Cairo failed: " + String(cString: cairo_status_to_string(status)))
        }
        cairo_surface_flush(surface)
        return (width, height)
    }

    /// The cached surface, recreated only when the size changes.
    private func targetSurface(width: Int, height: Int, path: String) throws(RenderError) -> OpaquePointer {
        if let surface, surfaceWidth == width, surfaceHeight == height { return surface }
        if let surface { cairo_surface_destroy(surface) }
        surface = nil; surfaceWidth = -1; surfaceHeight = -1
        guard width <= Int(Int32.max), height <= Int(Int32.max),
              let created = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RenderError(layerPath: path, message: "cannot create a \(width)x\(height) pixel surface")
        }
        let status = cairo_surface_status(created)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(created)
            throw RenderError(layerPath: path, message: "cannot create a \(width)x\(height) pixel surface: "
                              + String(cString: cairo_status_to_string(status)))
        }
        surface = created; surfaceWidth = width; surfaceHeight = height
        return created
    }

    /// Copies the surface rows (Cairo may pad them) into tightly packed rows.
    private func copyPixels(into destination: UnsafeMutableRawBufferPointer, width: Int, height: Int) {
        let rowBytes = width * 4
        guard rowBytes > 0, height > 0, let surface, let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let out = destination.baseAddress else { return }
        if stride == rowBytes {
            memcpy(out, data, rowBytes * height)
        } else {
            for y in 0..<height { memcpy(out + y * rowBytes, data + y * stride, rowBytes) }
        }
    }
}
