import StrataImage
import StrataModel

/// The `contents` image decoders (libpng through CPNG, JPEG and WebP through
/// libavcodec) on arbitrary bytes.
enum ImageTarget {
    static func run(_ bytes: [UInt8]) {
        guard let pixmap = try? ImageDecoder.decode(bytes) else { return }
        FuzzCheck.require(pixmap.width > 0 && pixmap.height > 0, "a \(pixmap.width)x\(pixmap.height) image")
        FuzzCheck.require(pixmap.width * pixmap.height <= ImageDecoder.maxPixels, "more pixels than the limit")
        FuzzCheck.require(pixmap.pixels.count == pixmap.width * pixmap.height * 4, "pixels do not match the size")
        // Premultiplied: no colour channel above its alpha.
        var premultiplied = true
        pixmap.pixels.withUnsafeBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) where p[i] > p[i + 3] || p[i + 1] > p[i + 3] || p[i + 2] > p[i + 3] {
                premultiplied = false
                break
            }
        }
        FuzzCheck.require(premultiplied, "a colour channel above its alpha")
    }
}
