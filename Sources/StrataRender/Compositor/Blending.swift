/// Blending a run of source pixels (or one colour) onto a row, four pixels
/// at a time (`Split`), the row's last few one by one with the scalar
/// `Pixel` forms. Both round alike, so a pixel's bytes never depend on
/// whether it fell in a group of four.
enum Blending {
    /// The loop the blends below share: pixels [0, count) of `dst` four at
    /// a time, then the last few one by one. `at4(i)` (`at1(i)`) reads what
    /// the blend takes at pixel i (four source pixels, coverage bytes);
    /// where `blends4` (`blends1`) is false of it the pixels are left alone
    /// without being read, else `four` (`one`) gives their new values from
    /// it and the row's. Always inlined, so each blend is one specialized loop.
    @inline(__always)
    private static func blendRow<Four, One>(_ dst: UnsafeMutablePointer<UInt32>, count: Int,
                                            _ at4: (Int) -> Four, blends4: (Four) -> Bool, _ four: (Four, Split) -> Split,
                                            _ at1: (Int) -> One, blends1: (One) -> Bool, _ one: (One, UInt32) -> UInt32) {
        let raw = UnsafeMutableRawPointer(dst), fours = count & ~3
        var i = 0
        while i < fours {
            let s = at4(i)
            if blends4(s) {
                let d = Split(raw.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self))
                raw.storeBytes(of: four(s, d).pixels, toByteOffset: i &* 4, as: Pixels4.self)
            }
            i &+= 4
        }
        while i < count {
            let s = at1(i)
            if blends1(s) { dst[i] = one(s, dst[i]) }
            i &+= 1
        }
    }

    /// `color` over `count` pixels (its Split form given too).
    static func over(constant vector: Split, _ color: UInt32, _ dst: UnsafeMutablePointer<UInt32>, count: Int) {
        blendRow(dst, count: count, { _ in () }, blends4: { true }, { _, d in vector.over(d) },
                 { _ in () }, blends1: { true }, { _, d in Pixel.over(color, d) })
    }

    /// `color` times each pixel's coverage byte (0...255), blended onto
    /// `count` pixels: the partial pixels of a solid fill. Four pixels of
    /// no coverage leave the row alone.
    static func covered(_ vector: Split, _ color: UInt32, by cover: UnsafePointer<UInt8>, blend: Blend,
                        _ dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let k = UnsafeRawPointer(cover)
        blendRow(dst, count: count, { k.loadUnaligned(fromByteOffset: $0, as: UInt32.self) }, blends4: { $0 != 0 }, { bytes, d in
            let c = vector.scaled(weights(bytes))
            return blend == .over ? c.over(d) : c.adding(d)
        }, { UInt32(cover[$0]) }, blends1: { $0 != 0 }, { c, d in
            let p = Pixel.scaled(color, c)
            return blend == .over ? Pixel.over(p, d) : Pixel.adding(p, d)
        })
    }

    /// `src` over `dst`, `count` pixels. Runs of transparent source (a
    /// store's empty parts) leave the row alone.
    static func over(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int) {
        blendRow(dst, count: count, { four(src, $0) }, blends4: { $0 != .zero }, { p, d in Split(p).over(d) },
                 { src[$0] }, blends1: { $0 != 0 }, { p, d in Pixel.over(p, d) })
    }

    /// `src` times `alpha` (0...255) over `dst`, `count` pixels: a group's
    /// buffer composited with its opacity.
    static func over(_ src: UnsafePointer<UInt32>, times alpha: UInt32, _ dst: UnsafeMutablePointer<UInt32>,
                     count: Int) {
        let k = Lanes(repeating: UInt16(truncatingIfNeeded: alpha))
        blendRow(dst, count: count, { four(src, $0) }, blends4: { $0 != .zero }, { p, d in Split(p).scaled(k).over(d) },
                 { src[$0] }, blends1: { $0 != 0 }, { p, d in Pixel.over(Pixel.scaled(p, alpha), d) })
    }

    /// `src` added to `dst`, saturating, `count` pixels.
    static func add(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int) {
        blendRow(dst, count: count, { four(src, $0) }, blends4: { $0 != .zero }, { p, d in Split(p).adding(d) },
                 { src[$0] }, blends1: { $0 != 0 }, { p, d in Pixel.adding(p, d) })
    }

    /// Four source pixels from `src` at pixel i.
    @inline(__always)
    private static func four(_ src: UnsafePointer<UInt32>, _ i: Int) -> Pixels4 {
        UnsafeRawPointer(src).loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self)
    }

    /// Each source pixel times its coverage byte (0...255), in place; four
    /// wholly covered pixels are left alone (x 255 / 255 is x).
    static func scale(_ src: UnsafeMutablePointer<UInt32>, by cover: UnsafePointer<UInt8>, count: Int) {
        let k = UnsafeRawPointer(cover)
        blendRow(src, count: count, { k.loadUnaligned(fromByteOffset: $0, as: UInt32.self) }, blends4: { $0 != .max },
                 { bytes, p in p.scaled(weights(bytes)) },
                 { UInt32(cover[$0]) }, blends1: { $0 != 255 }, { c, p in Pixel.scaled(p, c) })
    }

    /// `count` pixels of `src` times `alpha` (0...255) into `dst`.
    static func scaled(_ src: UnsafePointer<UInt32>, by alpha: UInt32, into dst: UnsafeMutablePointer<UInt32>,
                       count: Int) {
        let s = UnsafeRawPointer(src), d = UnsafeMutableRawPointer(dst)
        let k = Lanes(repeating: UInt16(truncatingIfNeeded: alpha)), fours = count & ~3
        var i = 0
        while i < fours {
            let p = Split(s.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self)).scaled(k)
            d.storeBytes(of: p.pixels, toByteOffset: i &* 4, as: Pixels4.self)
            i &+= 4
        }
        while i < count {
            dst[i] = Pixel.scaled(src[i], alpha)
            i &+= 1
        }
    }

    /// Four coverage bytes (one little-endian word, pixel 0 lowest) as the
    /// weight of each pixel in both of its 16-bit lanes.
    @inline(__always)
    static func weights(_ bytes: UInt32) -> Lanes {
        let w = Pixels4(bytes & 0xFF, (bytes >> 8) & 0xFF, (bytes >> 16) & 0xFF, bytes >> 24)
        return unsafeBitCast(w | (w &<< 16), to: Lanes.self)
    }
}
