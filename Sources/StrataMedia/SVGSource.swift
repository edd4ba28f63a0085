import CRSVG
import Foundation
import StrataModel

/// An SVG file as `contents`, rendered by librsvg at the size it is shown
/// (the renderer asks for the raster size; `RasterScale` keeps the number
/// of distinct sizes small), so it stays sharp when zoomed.
///
/// The natural size gravities place is the document's intrinsic size: its
/// `width` and `height` in pixels (96 dpi for physical units), or, when they
/// are missing or percentages, its `viewBox` size. The whole document is
/// rendered into the raster with its own `preserveAspectRatio`.
public final class SVGSource: MediaSource, @unchecked Sendable {
    public let kind = MediaKind.svg
    public let identity: String
    public let naturalSize: Size
    public let frameTimes = MediaFrameTimes.still
    /// Files larger than this many bytes are refused.
    public static let maxFileBytes = 64 << 20

    private let handle: UnsafeMutablePointer<RsvgHandle>
    /// librsvg handles are not thread-safe; rasters are cached, so rendering is rare.
    private let lock = NSLock()
    private let cache: MediaFrameCache

    /// Loads and checks `path`: it must parse, have an intrinsic size within
    /// the limits, and render (a test render at a small size).
    public init(path: String, identity: String, cache: MediaFrameCache = .shared) throws(MediaError) {
        self.identity = identity
        self.cache = cache
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maxFileBytes else {
            throw MediaError("the SVG file is \(size >> 20) MiB; at most \(Self.maxFileBytes >> 20) MiB are read")
        }
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_gfile_sync(file, RSVG_HANDLE_FLAGS_NONE, nil, &error) else {
            throw MediaError("librsvg rejects the SVG: \(Self.take(error))")
        }
        self.handle = handle
        // CSS pixels: 96 per inch, as browsers resolve physical units (librsvg's default is 90).
        rsvg_handle_set_dpi(handle, 96)
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            guard hasViewBox != 0 else {
                throw MediaError("the SVG has no intrinsic size: give its <svg> element a width and height, or a viewBox")
            }
            width = viewBox.width; height = viewBox.height
        }
        guard width.isFinite, height.isFinite, width >= 0.01, height >= 0.01 else {
            throw MediaError("the SVG's size is \(JSON.format(width))x\(JSON.format(height)); it needs a width and height of at least 0.01")
        }
        let side = Double(Limits.maxPixelsPerSide)
        guard width <= side, height <= side else {
            throw MediaError("the SVG is \(Int(width))x\(Int(height)) pixels; its width and height may be at most \(Limits.maxPixelsPerSide)")
        }
        naturalSize = Size(width, height)
        // A test render at a small size finds the documents librsvg cannot draw.
        let probe = RasterScale.pixelSize(natural: naturalSize, scale: min(1, 64 / max(width, height)))
        _ = try render(width: probe.width, height: probe.height)
    }

    deinit {
        g_object_unref(handle)
        cache.removeAll(source: identity)
    }

    public func pixels(_ key: MediaPixelsKey) throws(MediaError) -> Pixmap {
        if let hit = cache.pixmap(key) { return hit }
        let pixmap = try render(width: key.width, height: key.height)
        cache.insert(pixmap, for: key)
        return pixmap
    }

    /// The document rendered into a transparent `width` x `height` raster.
    func render(width: Int, height: Int) throws(MediaError) -> Pixmap {
        guard width > 0, height > 0, width <= RasterScale.maxSide, height <= RasterScale.maxSide else {
            throw MediaError("cannot rasterize the SVG at \(width)x\(height) pixels")
        }
        var pixmap = Pixmap(width: width, height: height)
        var failure: String?
        lock.lock()
        defer { lock.unlock() }
        pixmap.pixels.withUnsafeMutableBytes { bytes in
            guard let surface = cairo_image_surface_create_for_data(
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                Int32(width), Int32(height), Int32(width * 4)) else { failure = "out of memory"; return }
            defer { cairo_surface_finish(surface); cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { failure = "out of memory"; return }
            defer { cairo_destroy(cr) }
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
            var error: UnsafeMutablePointer<GError>?
            if rsvg_handle_render_document(handle, cr, &viewport, &error) == 0 {
                failure = Self.take(error)
            } else if cairo_status(cr) != CAIRO_STATUS_SUCCESS {
                failure = String(cString: cairo_status_to_string(cairo_status(cr)))
            }
            cairo_surface_flush(surface)
        }
        if let failure { throw MediaError("librsvg cannot render the SVG: \(failure)") }
        return pixmap
    }

    /// A GError's message (and frees it).
    static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        let text = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
