/// Blending a run of source pixels (or one colour) onto a row, four pixels
/// at a time (`Split`), the row's last few one by one with the scalar
/// `Pixel` forms. Both round alike, so a pixel's bytes never depend on
/// whether it fell in a group of four.
enum Blending {
    /// `color` over `count` pixels (its Split form given too).
    static func over(constant vector: Split, _ color: UInt32, _ dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let raw = UnsafeMutableRawPointer(dst)
        var i = 0
        while i &+ 4 <= count {
            let d = Split(raw.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self))
            raw.storeBytes(of: vector.over(d).pixels, toByteOffset: i &* 4, as: Pixels4.self)
            i &+= 4
        }
        while i < count {
            dst[i] = Pixel.over(color, dst[i])
            i &+= 1
        }
    }

    /// `color` times each pixel's coverage byte (0...255), blended onto
    /// `count` pixels: the partial pixels of a solid fill. Four pixels of
    /// no coverage leave the row alone.
    static func covered(_ vector: Split, _ color: UInt32, by cover: UnsafePointer<UInt8>, blend: Blend,
                        _ dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let raw = UnsafeMutableRawPointer(dst), k = UnsafeRawPointer(cover)
        var i = 0
        while i &+ 4 <= count {
            let bytes = k.loadUnaligned(fromByteOffset: i, as: UInt32.self)
            if bytes != 0 {
                let c = vector.scaled(weights(bytes))
                let d = Split(raw.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self))
                let out = blend == .over ? c.over(d) : c.adding(d)
                raw.storeBytes(of: out.pixels, toByteOffset: i &* 4, as: Pixels4.self)
            }
            i &+= 4
        }
        while i < count {
            let c = UInt32(cover[i])
            if c > 0 {
                let p = Pixel.scaled(color, c)
                dst[i] = blend == .over ? Pixel.over(p, dst[i]) : Pixel.adding(p, dst[i])
            }
            i &+= 1
        }
    }

    /// `src` over `dst`, `count` pixels.
    static func over(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let s = UnsafeRawPointer(src), d = UnsafeMutableRawPointer(dst)
        var i = 0
        while i &+ 4 <= count {
            let p = s.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self)
            // Runs of transparent source (a store's empty parts) leave the row alone.
            if p != .zero {
                let q = Split(p).over(Split(d.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self)))
                d.storeBytes(of: q.pixels, toByteOffset: i &* 4, as: Pixels4.self)
            }
            i &+= 4
        }
        while i < count {
            let p = src[i]
            if p != 0 { dst[i] = Pixel.over(p, dst[i]) }
            i &+= 1
        }
    }

    /// `src` times `alpha` (0...255) over `dst`, `count` pixels: a group's
    /// buffer composited with its opacity.
    static func over(_ src: UnsafePointer<UInt32>, times alpha: UInt32, _ dst: UnsafeMutablePointer<UInt32>,
                     count: Int) {
        let s = UnsafeRawPointer(src), d = UnsafeMutableRawPointer(dst)
        let k = Lanes(repeating: UInt16(truncatingIfNeeded: alpha))
        var i = 0
        while i &+ 4 <= count {
            let p = s.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self)
            if p != .zero {
                let q = Split(p).scaled(k).over(Split(d.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self)))
                d.storeBytes(of: q.pixels, toByteOffset: i &* 4, as: Pixels4.self)
            }
            i &+= 4
        }
        while i < count {
            let p = src[i]
            if p != 0 { dst[i] = Pixel.over(Pixel.scaled(p, alpha), dst[i]) }
            i &+= 1
        }
    }

    /// `src` added to `dst`, saturating, `count` pixels.
    static func add(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let s = UnsafeRawPointer(src), d = UnsafeMutableRawPointer(dst)
        var i = 0
        while i &+ 4 <= count {
            let p = s.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self)
            if p != .zero {
                let q = Split(p).adding(Split(d.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self)))
                d.storeBytes(of: q.pixels, toByteOffset: i &* 4, as: Pixels4.self)
            }
            i &+= 4
        }
        while i < count {
            if src[i] != 0 { dst[i] = Pixel.adding(src[i], dst[i]) }
            i &+= 1
        }
    }

    /// Each source pixel times its coverage byte (0...255), in place.
    static func scale(_ src: UnsafeMutablePointer<UInt32>, by cover: UnsafePointer<UInt8>, count: Int) {
        let raw = UnsafeMutableRawPointer(src), k = UnsafeRawPointer(cover)
        var i = 0
        while i &+ 4 <= count {
            let bytes = k.loadUnaligned(fromByteOffset: i, as: UInt32.self)
            // All four wholly covered: nothing to do (x 255 / 255 is x).
            if bytes != .max {
                let p = Split(raw.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self)).scaled(weights(bytes))
                raw.storeBytes(of: p.pixels, toByteOffset: i &* 4, as: Pixels4.self)
            }
            i &+= 4
        }
        while i < count {
            let c = UInt32(cover[i])
            if c != 255 { src[i] = Pixel.scaled(src[i], c) }
            i &+= 1
        }
    }

    /// `count` pixels of `src` times `alpha` (0...255) into `dst`.
    static func scaled(_ src: UnsafePointer<UInt32>, by alpha: UInt32, into dst: UnsafeMutablePointer<UInt32>,
                       count: Int) {
        let s = UnsafeRawPointer(src), d = UnsafeMutableRawPointer(dst)
        let k = Lanes(repeating: UInt16(truncatingIfNeeded: alpha))
        var i = 0
        while i &+ 4 <= count {
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
