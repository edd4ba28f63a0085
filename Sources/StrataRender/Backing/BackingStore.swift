import CCairo

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

    /// A zeroed store; nil when the sides are out of range.
    init?(format: Format, width: Int, height: Int) {
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else { return nil }
        self.format = format
        self.width = width
        self.height = height
        stride = Int(cairo_format_stride_for_width(format.cairo, Int32(width + 1)))
        let count = stride * (height + 1)
        pixels = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: count)
    }

    deinit { pixels.deallocate() }

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
