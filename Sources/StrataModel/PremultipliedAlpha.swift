/// Exact conversions between premultiplied BGRA (`Pixmap`) and straight RGBA:
/// the one place pixels change between the two (image decoding, PNG
/// encoding and decoding).
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
        let count = pixmap.width * pixmap.height
        return [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
            unpremultiplyTable.withUnsafeBufferPointer { table in
                pixmap.pixels.withUnsafeBufferPointer { src in
                    for i in 0..<count {
                        let a = Int(src[i * 4 + 3])
                        let row = a << 8
                        out[i * 4] = table[row | Int(src[i * 4 + 2])]
                        out[i * 4 + 1] = table[row | Int(src[i * 4 + 1])]
                        out[i * 4 + 2] = table[row | Int(src[i * 4])]
                        out[i * 4 + 3] = UInt8(a)
                    }
                }
            }
            initialized = count * 4
        }
    }

    /// Straight RGBA -> premultiplied BGRA, in place.
    public static func premultiplyToBGRA(_ rgba: inout [UInt8]) { premultiply(&rgba, swappingRedAndBlue: true) }

    /// Straight BGRA -> premultiplied BGRA, in place (decoded video frames with alpha).
    public static func premultiply(bgra: inout [UInt8]) { premultiply(&bgra, swappingRedAndBlue: false) }

    private static func premultiply(_ pixels: inout [UInt8], swappingRedAndBlue swap: Bool) {
        premultiplyTable.withUnsafeBufferPointer { table in
            pixels.withUnsafeMutableBufferPointer { p in
                var i = 0
                while i < p.count {
                    let row = Int(p[i + 3]) << 8
                    let first = p[i], g = p[i + 1], third = p[i + 2]
                    p[i] = table[row | Int(swap ? third : first)]
                    p[i + 1] = table[row | Int(g)]
                    p[i + 2] = table[row | Int(swap ? first : third)]
                    i += 4
                }
            }
        }
    }
}
