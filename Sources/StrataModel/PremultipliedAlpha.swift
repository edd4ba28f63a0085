/// Exact conversions between premultiplied BGRA (`Pixmap`) and straight RGBA:
/// the one place pixels change between the two (image decoding, PNG
/// encoding and decoding, video with straight alpha).
///
/// Both directions round to nearest, so straight -> premultiplied ->
/// straight is lossy only where alpha makes it so, and premultiplied ->
/// straight -> premultiplied returns the same bytes for every valid input
/// (channel <= alpha): |round(c * 255 / a) * a / 255 - c| <= a / 510 < 0.5.
public enum PremultipliedAlpha {
    /// `[a << 8 | c]` = round(c * 255 / a), clamped to 255; 0 when a == 0.
    static let unpremultiplyTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 65536)
        for a in 1..<256 {
            for c in 0..<256 {
                table[a << 8 | c] = UInt8(min(255, (c * 255 * 2 + a) / (2 * a)))
            }
        }
        return table
    }()

    /// `[a << 8 | c]` = round(c * a / 255).
    static let premultiplyTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 65536)
        for a in 0..<256 {
            for c in 0..<256 { table[a << 8 | c] = UInt8((c * a * 2 + 255) / 510) }
        }
        return table
    }()

    /// Whether every pixel of `pixmap` has alpha 255.
    public static func isOpaque(_ pixmap: Pixmap) -> Bool {
        pixmap.pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// Premultiplied BGRA -> packed RGB, dropping alpha (for opaque images).
    public static func rgb(from pixmap: Pixmap) -> [UInt8] {
        let count = pixmap.width * pixmap.height
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, initialized in
            pixmap.pixels.withUnsafeBufferPointer { src in
                for i in 0..<count {
                    out[i * 3] = src[i * 4 + 2]
                    out[i * 3 + 1] = src[i * 4 + 1]
                    out[i * 3 + 2] = src[i * 4]
                }
            }
            initialized = count * 3
        }
    }

    /// Premultiplied BGRA -> straight RGBA.
    public static func straightRGBA(from pixmap: Pixmap) -> [UInt8] {
        var out: [UInt8] = []
        unpremultiply(pixmap, into: &out, swapRedBlue: true)
        return out
    }

    /// Straight RGBA -> premultiplied BGRA, in place.
    public static func premultiplyToBGRA(_ rgba: inout [UInt8]) { premultiply(&rgba, swapRedBlue: true) }

    /// Premultiplied BGRA -> straight BGRA into `out` (same size), for
    /// formats that store alpha beside unassociated colour (ProRes 4444,
    /// VP9, GIF, APNG, WebP).
    public static func straightBGRA(from pixmap: Pixmap, into out: inout [UInt8]) {
        unpremultiply(pixmap, into: &out, swapRedBlue: false)
    }

    /// Un-premultiplies every pixel into `out` (resized to fit), in BGRA or RGBA order.
    private static func unpremultiply(_ pixmap: Pixmap, into out: inout [UInt8], swapRedBlue: Bool) {
        let count = pixmap.width * pixmap.height
        if out.count != count * 4 { out = [UInt8](repeating: 0, count: count * 4) }
        let (first, last) = swapRedBlue ? (2, 0) : (0, 2)
        unpremultiplyTable.withUnsafeBufferPointer { table in
            pixmap.pixels.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    for i in 0..<count {
                        let a = Int(src[i * 4 + 3]), row = a << 8
                        dst[i * 4 + first] = table[row | Int(src[i * 4])]
                        dst[i * 4 + 1] = table[row | Int(src[i * 4 + 1])]
                        dst[i * 4 + last] = table[row | Int(src[i * 4 + 2])]
                        dst[i * 4 + 3] = UInt8(a)
                    }
                }
            }
        }
    }

    /// Straight BGRA -> premultiplied BGRA, in place.
    public static func premultiplyBGRA(_ bgra: inout [UInt8]) { premultiply(&bgra, swapRedBlue: false) }

    /// Premultiplies every pixel in place, keeping its order or swapping red and blue.
    private static func premultiply(_ pixels: inout [UInt8], swapRedBlue: Bool) {
        let (first, last) = swapRedBlue ? (2, 0) : (0, 2)
        premultiplyTable.withUnsafeBufferPointer { table in
            pixels.withUnsafeMutableBufferPointer { p in
                var i = 0
                while i < p.count {
                    let row = Int(p[i + 3]) << 8
                    let c0 = p[i], c1 = p[i + 1], c2 = p[i + 2]
                    p[i + first] = table[row | Int(c0)]
                    p[i + 1] = table[row | Int(c1)]
                    p[i + last] = table[row | Int(c2)]
                    i += 4
                }
            }
        }
    }
}
