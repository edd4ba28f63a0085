import CLottie
import CRSVG
import Foundation
import StrataModel

/// The libraries' own renderings, made here without Strata's code paths:
/// what Strata's output is compared against.
public enum VectorReference {
    /// librsvg's rendering of the document fitted into `width` x `height`.
    public static func svg(_ path: String, width: Int, height: Int) -> Pixmap? {
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_file(path, &error) else { return nil }
        defer { g_object_unref(handle) }
        rsvg_handle_set_dpi(handle, 96)
        var pixmap = Pixmap(width: width, height: height)
        pixmap.pixels.withUnsafeMutableBytes { bytes in
            let surface = cairo_image_surface_create_for_data(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                              CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))
            let cr = cairo_create(surface)
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
            _ = rsvg_handle_render_document(handle, cr, &viewport, nil)
            cairo_destroy(cr)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        return pixmap
    }

    /// rlottie's rendering of `frame` at `width` x `height`.
    public static func lottie(_ path: String, frame: Int, width: Int, height: Int) -> Pixmap? {
        guard let animation = lottie_animation_from_file(path) else { return nil }
        defer { lottie_animation_destroy(animation) }
        var pixmap = Pixmap(width: width, height: height)
        pixmap.pixels.withUnsafeMutableBytes { bytes in
            lottie_animation_render(animation, frame, bytes.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                    width, height, width * 4)
        }
        return pixmap
    }

    /// A premultiplied picture over opaque white, as Cairo's OVER computes it
    /// (with a white destination the sum is exact: c + 255 - a).
    public static func overWhite(_ p: Pixmap) -> Pixmap {
        var out = p
        for i in stride(from: 0, to: out.pixels.count, by: 4) {
            let a = p.pixels[i + 3]
            for c in 0..<3 { out.pixels[i + c] = p.pixels[i + c] &+ (255 - a) }
            out.pixels[i + 3] = 255
        }
        return out
    }

    /// The `width` x `height` part of `p` at (x, y).
    public static func crop(_ p: Pixmap, x: Int, y: Int, width: Int, height: Int) -> Pixmap {
        var out = Pixmap(width: width, height: height)
        for row in 0..<height {
            let from = ((y + row) * p.width + x) * 4
            out.pixels.replaceSubrange(row * width * 4 ..< (row + 1) * width * 4, with: p.pixels[from ..< from + width * 4])
        }
        return out
    }

    /// The largest per-channel difference and the mean absolute difference.
    public static func difference(_ a: Pixmap, _ b: Pixmap) -> (max: Int, mean: Double) {
        precondition(a.width == b.width && a.height == b.height)
        var largest = 0, sum = 0
        for i in a.pixels.indices {
            let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
            largest = max(largest, d); sum += d
        }
        return (largest, Double(sum) / Double(a.pixels.count))
    }
}
