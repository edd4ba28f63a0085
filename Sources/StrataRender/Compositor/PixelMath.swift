import StrataModel

/// Pixel arithmetic on four premultiplied BGRA pixels at a time with Swift
/// SIMD types (SSE2 on x86-64, NEON on arm64).
///
/// A pixel is one UInt32 (Cairo's ARGB32: bytes B, G, R, A in memory).
/// Four of them are split into two vectors of 16-bit lanes, blue and red
/// in `rb`, green and alpha in `ag` (pixman's two-channels-per-word trick,
/// four pixels wide): a channel times a weight up to 256 fits a lane, so
/// multiplies need no widening, and each pixel's alpha is a shift away.
typealias Pixels4 = SIMD4<UInt32>
typealias Lanes = SIMD8<UInt16>

struct Split {
    var rb: Lanes
    var ag: Lanes

    @inline(__always)
    init(rb: Lanes, ag: Lanes) { self.rb = rb; self.ag = ag }

    @inline(__always)
    init(_ p: Pixels4) {
        rb = unsafeBitCast(p & 0x00FF_00FF, to: Lanes.self)
        ag = unsafeBitCast((p &>> 8) & 0x00FF_00FF, to: Lanes.self)
    }

    /// One colour in all four pixels.
    @inline(__always)
    init(repeating p: UInt32) { self.init(Pixels4(repeating: p)) }

    @inline(__always)
    var pixels: Pixels4 {
        unsafeBitCast(rb, to: Pixels4.self) | (unsafeBitCast(ag, to: Pixels4.self) &<< 8)
    }

    /// Every channel times `k` / 255 (k 0...255 per lane), rounded.
    @inline(__always)
    func scaled(_ k: Lanes) -> Split { Split(rb: mul255(rb, k), ag: mul255(ag, k)) }

    /// Porter-Duff `self` over `d`. 255 - alpha taken as alpha ^ 255 in
    /// 32-bit lanes (alpha 0...255: the same number), then copied to both
    /// halves of its pixel's word: fewer operations than 255 minus the
    /// alphas in 16-bit lanes compiles to.
    @inline(__always)
    func over(_ d: Split) -> Split {
        let a = (unsafeBitCast(ag, to: Pixels4.self) &>> 16) ^ 0xFF
        let inverse = unsafeBitCast(a | a &<< 16, to: Lanes.self)
        return Split(rb: rb &+ mul255(d.rb, inverse), ag: ag &+ mul255(d.ag, inverse))
    }

    /// `self` plus `d`, each channel saturating at 255.
    @inline(__always)
    func adding(_ d: Split) -> Split {
        let full = Lanes(repeating: 255)
        let rb = self.rb &+ d.rb, ag = self.ag &+ d.ag
        return Split(rb: rb.replacing(with: full, where: rb .> full), ag: ag.replacing(with: full, where: ag .> full))
    }

    /// (self (256 - w) + other w) / 256 per channel, w 0...256 per lane.
    @inline(__always)
    func mixed(_ other: Split, _ w: Lanes) -> Split {
        let iw = 256 &- w
        return Split(rb: (rb &* iw &+ other.rb &* w) &>> 8, ag: (ag &* iw &+ other.ag &* w) &>> 8)
    }
}

/// x y / 255 per lane, rounded (x, y 0...255): (t + t / 256 + 128) / 256.
@inline(__always)
func mul255(_ x: Lanes, _ y: Lanes) -> Lanes {
    let t = x &* y &+ 0x80
    return (t &+ (t &>> 8)) &>> 8
}

/// The same rounding on one byte pair.
@inline(__always)
func mul255(_ x: UInt32, _ y: UInt32) -> UInt32 {
    let t = x &* y &+ 0x80
    return (t &+ (t >> 8)) >> 8
}

/// Scalar versions for single pixels (row ends, edges), two channels per
/// multiply; the same rounding as the vector code, so a pixel's value never
/// depends on whether it was drawn four at a time.
enum Pixel {
    /// Every channel of `p` times k / 255 (k 0...255), rounded.
    @inline(__always)
    static func scaled(_ p: UInt32, _ k: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Each channel of `p` times the matching channel of `k` / 255.
    @inline(__always)
    static func multiplied(_ p: UInt32, _ k: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            out |= mul255((p >> shift) & 0xFF, (k >> shift) & 0xFF) << shift
        }
        return out
    }

    @inline(__always)
    static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scaled(d, 255 &- (s >> 24))
    }

    @inline(__always)
    static func adding(_ s: UInt32, _ d: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            out |= min(((s >> shift) & 0xFF) &+ ((d >> shift) & 0xFF), 255) << shift
        }
        return out
    }

    /// (p (256 - w) + q w) / 256 per channel (w 0...256).
    @inline(__always)
    static func mixed(_ p: UInt32, _ q: UInt32, _ w: UInt32) -> UInt32 {
        let iw = 256 &- w
        let rb = (((p & 0x00FF_00FF) &* iw &+ (q & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
        let ag = (((p >> 8) & 0x00FF_00FF) &* iw &+ ((q >> 8) & 0x00FF_00FF) &* w) & 0xFF00_FF00
        return rb | ag
    }

    /// A straight colour times `alpha`, premultiplied, as a pixel, rounded
    /// as Cairo rounds a source colour (to 16 bits, then the high byte), so
    /// that a solid fill has the very bytes Cairo would paint.
    static func premultiplied(_ c: Color, alpha: Double) -> UInt32 {
        func unit(_ v: Double) -> Double { v >= 0 ? min(v, 1) : 0 }
        let a = unit(c.alpha) * unit(alpha)
        func byte(_ v: Double) -> UInt32 { UInt32((v * 65535 + 0.5).rounded(.down)) >> 8 }
        return byte(unit(c.blue) * a) | byte(unit(c.green) * a) << 8 | byte(unit(c.red) * a) << 16 | byte(a) << 24
    }
}

/// A value clamped to 0...1 (NaN becomes 0).
@inline(__always)
func unitClamped(_ v: Double) -> Double {
    let low = v > 0 ? v : 0
    return low > 1 ? 1 : low
}

extension Double {
    /// Rounded down or up to a whole number without a call into libm (x86-64
    /// before SSE4.1 has no rounding instruction), for |self| < 2^52.
    @inline(__always)
    var floorFast: Double {
        let t = Double(Int64(self))
        return t > self ? t - 1 : t
    }

    @inline(__always)
    var ceilFast: Double {
        let t = Double(Int64(self))
        return t < self ? t + 1 : t
    }

    /// `Int(floorFast)` and `Int(ceilFast)`, the step done on the integer
    /// (one conversion, not three), for |self| < 2^52.
    @inline(__always)
    var floorInt: Int {
        let i = Int(self)
        return Double(i) > self ? i &- 1 : i
    }

    @inline(__always)
    var ceilInt: Int {
        let i = Int(self)
        return Double(i) < self ? i &+ 1 : i
    }
}
