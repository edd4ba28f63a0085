import CCairo

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A layer's content rasterized once (Core Animation's backing store): an
/// immutable bitmap that frames composite again and again.
///
/// Two formats: premultiplied BGRA (Cairo's ARGB32) for content with its
/// own colours (gradients, images, flattened subtrees), and 8-bit coverage
/// (A8) for one-colour content (shape fills and strokes, text, particle
/// shapes), which the compositor tints with the colour at draw time, so a
/// colour change or animation costs no rasterization.
///
/// A store has one more zero column and row past its width and height, so
/// that the second texel of a bilinear pair is always inside the buffer.
/// (Stores made to be resampled also keep a transparent pixel of padding
/// around the content, which their raster map leaves: see `RasterSpace`.)
/// Immutable once made, hence safe to share between render threads.
final class BackingStore: @unchecked Sendable {
    enum Format: Hashable, Sendable {
        case argb32, a8
        var cairo: cairo_format_t { self == .argb32 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8 }
        var bytesPerPixel: Int { self == .argb32 ? 4 : 1 }
    }

    let format: Format
    /// Pixels.
    let width: Int, height: Int
    /// Bytes per row (room for the zero column included).
    let stride: Int
    /// `stride * (height + 1)` bytes, zero outside what the rasterizer drew.
    let pixels: UnsafeMutableRawPointer
    /// Every pixel of `width` x `height` is opaque (alpha or coverage 255):
    /// what is below it on the frame cannot show.
    private(set) var isOpaque = false

    /// Largest side, in pixels (Cairo's and the compositor's 16.16 coordinates).
    static let maxSide = 16_384

    var byteCount: Int { stride * (height + 1) }

    /// Whether a store of these sides can be made (memory permitting).
    static func fits(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maxSide && height <= maxSide
    }

    /// A zeroed store; nil when the sides are out of range (`fits`) or the
    /// system will not give the memory (calloc, not Swift's allocator, which
    /// would stop the process).
    init?(format: Format, width: Int, height: Int) {
        guard Self.fits(width: width, height: height) else { return nil }
        let stride = Int(cairo_format_stride_for_width(format.cairo, Int32(width + 1)))
        // Zeroed, and 16-byte aligned as glibc's malloc always is on 64-bit systems.
        guard let memory = calloc(stride * (height + 1), 1) else { return nil }
        self.format = format
        self.width = width
        self.height = height
        self.stride = stride
        pixels = memory
    }

    deinit { free(pixels) }

    /// Draws into the store through a Cairo context on its pixels (which
    /// lives only for the call); returns Cairo's status afterwards. Only the
    /// code that makes a store calls this, before anyone else sees it.
    func draw(_ body: (OpaquePointer) -> Void) -> cairo_status_t {
        guard let surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), format.cairo,
                                                                Int32(width), Int32(height), Int32(stride)) else {
            return CAIRO_STATUS_NO_MEMORY
        }
        defer { cairo_surface_finish(surface); cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            return cairo_surface_status(surface)
        }
        defer { cairo_destroy(cr) }
        body(cr)
        cairo_surface_flush(surface)
        return cairo_status(cr)
    }

    /// Works out `isOpaque`; called once when the store is complete.
    func seal() {
        switch format {
        case .a8:
            isOpaque = (0..<height).allSatisfy { y in
                let row = pixels + y * stride
                return (0..<width).allSatisfy { row.load(fromByteOffset: $0, as: UInt8.self) == 255 }
            }
        case .argb32:
            isOpaque = (0..<height).allSatisfy { y in
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                return (0..<width).allSatisfy { row[$0] >> 24 == 255 }
            }
        }
    }
}
