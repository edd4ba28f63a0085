import StrataModel

/// The texels of emitter cell images, ready for SpriteBlitter: the shown
/// part (`contentsRect`, edge pixels repeated past the image) copied once
/// per renderer (one thread) with an extra column and row, then read
/// by every particle of every frame.
///
/// Keyed by the decoded pixels' storage (each entry keeps its Pixmap
/// alive, so no other image can take that address while it is cached) and
/// the shown pixel rect: a scene loaded again, or another scene with an
/// asset of the same name, gets its own entry. Only the speed depends on
/// the cache, never the pixels. Bounded by `byteLimit`, oldest out first.
struct SpriteTextures {
    struct Key: Hashable {
        var storage: UInt
        var x, y, width, height: Int
    }

    private var entries: [Key: (pixmap: Pixmap, texels: [UInt32])] = [:]
    private var order: [Key] = []
    private var bytes = 0
    private var last: (key: Key, texels: [UInt32])?
    /// Copies made (for tests of the caching).
    private(set) var made = 0
    /// 64 MiB of texels per renderer.
    static let byteLimit = 64 << 20

    /// The padded texels of the image's shown part, `(width + 1) x (height + 1)`.
    mutating func texels(for image: ParticleImage) -> [UInt32]? {
        let shown = image.shownPixels
        let pixmap = image.pixmap
        guard shown.width > 0, shown.height > 0, pixmap.width > 0, pixmap.height > 0 else { return nil }
        let storage = pixmap.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let key = Key(storage: storage, x: shown.x, y: shown.y, width: shown.width, height: shown.height)
        if let last, last.key == key { return last.texels }
        if let hit = entries[key] {
            last = (key, hit.texels)
            return hit.texels
        }
        let texels = Self.copy(pixmap, key)
        let size = texels.count * 4
        while bytes + size > Self.byteLimit, !order.isEmpty {
            let old = order.removeFirst()
            if let o = entries.removeValue(forKey: old) { bytes -= o.texels.count * 4 }
        }
        entries[key] = (pixmap, texels)
        order.append(key)
        bytes += size
        made += 1
        last = (key, texels)
        return texels
    }

    /// The shown rect of `pixmap`, clamped to its edges, plus a copy of the
    /// last column and row.
    private static func copy(_ pixmap: Pixmap, _ key: Key) -> [UInt32] {
        let w = key.width + 1, h = key.height + 1
        return pixmap.pixels.withUnsafeBytes { src in
            [UInt32](unsafeUninitializedCapacity: w * h) { out, count in
                for y in 0..<h {
                    let sy = min(max(key.y + min(y, key.height - 1), 0), pixmap.height - 1)
                    for x in 0..<w {
                        let sx = min(max(key.x + min(x, key.width - 1), 0), pixmap.width - 1)
                        // Both are Cairo's ARGB32: one native-endian word per pixel.
                        out[y * w + x] = src.loadUnaligned(fromByteOffset: (sy * pixmap.width + sx) * 4, as: UInt32.self)
                    }
                }
                count = w * h
            }
        }
    }
}
