import StrataModel

/// One premultiplied RGBA colour, each component 0...1 (a colour channel
/// at most the alpha).
struct PremultipliedColor: Hashable, Sendable {
    var r, g, b, a: Double

    init(r: Double, g: Double, b: Double, a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// A compositor pixel (Cairo's ARGB32: premultiplied, B G R A in memory).
    init(pixel p: UInt32) {
        self.init(r: Double((p >> 16) & 0xFF) / 255, g: Double((p >> 8) & 0xFF) / 255,
                  b: Double(p & 0xFF) / 255, a: Double(p >> 24) / 255)
    }

    /// Rounded to the nearest byte, each channel clamped to 0...alpha.
    var pixel: UInt32 {
        func byte(_ v: Double, max m: UInt32 = 255) -> UInt32 {
            guard v > 0 else { return 0 }
            return min(UInt32((v * 255).rounded()), m)
        }
        let alpha = byte(a)
        return byte(b, max: alpha) | byte(g, max: alpha) << 8 | byte(r, max: alpha) << 16 | alpha << 24
    }

    /// The straight colour (0 where transparent).
    var straight: RGB { a > 0 ? RGB(r / a, g / a, b / a) : RGB(0, 0, 0) }
}

/// A straight (not premultiplied) colour, 0...1 per channel.
struct RGB: Hashable, Sendable {
    var r, g, b: Double
    init(_ r: Double, _ g: Double, _ b: Double) { self.r = r; self.g = g; self.b = b }
    func map(_ f: (Double) -> Double) -> RGB { RGB(f(r), f(g), f(b)) }
}

/// The compositing filters' arithmetic (CALayer.compositingFilter), as W3C
/// Compositing and Blending Level 1 defines it: a blend mode mixes the
/// source's and the backdrop's straight colours with B(Cb, Cs) (section 10)
/// and composites the mix source-over,
///
///     co = cs (1 - ab) + cb (1 - as) + as ab B(Cb, Cs),  ao = as + ab (1 - as)
///
/// (cs, cb premultiplied); a Porter-Duff operator weighs source and
/// backdrop by Fa and Fb (section 9): co = Fa cs + Fb cb, ao = Fa as + Fb ab.
enum BlendMath {
    /// `source` composited onto `backdrop` by `mode`.
    static func composite(_ mode: BlendMode, source s: PremultipliedColor,
                          backdrop d: PremultipliedColor) -> PremultipliedColor {
        if mode.isBlendMode {
            let mixed = blend(mode, backdrop: d.straight, source: s.straight)
            func channel(_ cs: Double, _ cb: Double, _ m: Double) -> Double {
                cs * (1 - d.a) + cb * (1 - s.a) + s.a * d.a * m
            }
            return PremultipliedColor(r: channel(s.r, d.r, mixed.r), g: channel(s.g, d.g, mixed.g),
                                      b: channel(s.b, d.b, mixed.b), a: s.a + d.a * (1 - s.a))
        }
        if mode == .plusL {
            return PremultipliedColor(r: min(1, s.r + d.r), g: min(1, s.g + d.g), b: min(1, s.b + d.b),
                                      a: min(1, s.a + d.a))
        }
        let (fa, fb) = porterDuffFactors(mode, sourceAlpha: s.a, backdropAlpha: d.a)
        return PremultipliedColor(r: fa * s.r + fb * d.r, g: fa * s.g + fb * d.g, b: fa * s.b + fb * d.b,
                                  a: fa * s.a + fb * d.a)
    }

    /// The same on compositor pixels.
    static func composite(_ mode: BlendMode, source: UInt32, backdrop: UInt32) -> UInt32 {
        composite(mode, source: PremultipliedColor(pixel: source), backdrop: PremultipliedColor(pixel: backdrop)).pixel
    }

    /// Fa and Fb of a Porter-Duff operator (W3C section 9.1).
    static func porterDuffFactors(_ mode: BlendMode, sourceAlpha sa: Double, backdropAlpha ba: Double)
        -> (Double, Double) {
        switch mode {
        case .clear: return (0, 0)
        case .copy: return (1, 0)
        case .sourceOver: return (1, 1 - sa)
        case .destOver: return (1 - ba, 1)
        case .sourceIn: return (ba, 0)
        case .destIn: return (0, sa)
        case .sourceOut: return (1 - ba, 0)
        case .destOut: return (0, 1 - sa)
        case .sourceAtop: return (ba, 1 - sa)
        case .destAtop: return (1 - ba, sa)
        case .xor: return (1 - ba, 1 - sa)
        default: return (1, 1 - sa)
        }
    }

    /// B(Cb, Cs): the mix of straight colours a blend mode makes.
    static func blend(_ mode: BlendMode, backdrop cb: RGB, source cs: RGB) -> RGB {
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default:
            return RGB(separable(mode, cb.r, cs.r), separable(mode, cb.g, cs.g), separable(mode, cb.b, cs.b))
        }
    }

    /// One channel of a separable blend mode (W3C section 10.1).
    static func separable(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
        switch mode {
        case .multiply: return cb * cs
        case .screen: return screen(cb, cs)
        case .overlay: return hardLight(cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge:
            if cb == 0 { return 0 }
            return cs >= 1 ? 1 : min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            return cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        case .hardLight: return hardLight(cb, cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: return cs
        }
    }

    private static func screen(_ cb: Double, _ cs: Double) -> Double { cb + cs - cb * cs }

    private static func hardLight(_ cb: Double, _ cs: Double) -> Double {
        cs <= 0.5 ? cb * 2 * cs : screen(cb, 2 * cs - 1)
    }

    // Non-separable helpers (W3C section 10.2).
    static func lum(_ c: RGB) -> Double { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }

    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c), n = min(c.r, c.g, c.b), x = max(c.r, c.g, c.b)
        var out = c
        if n < 0 { out = out.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { out = out.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return out
    }

    static func setLum(_ c: RGB, _ l: Double) -> RGB {
        let d = l - lum(c)
        return clipColor(c.map { $0 + d })
    }

    static func sat(_ c: RGB) -> Double { max(c.r, c.g, c.b) - min(c.r, c.g, c.b) }

    /// The colour with its saturation (max - min) set to `s`, hue kept.
    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        let n = min(c.r, c.g, c.b), x = max(c.r, c.g, c.b)
        guard x > n else { return RGB(0, 0, 0) }
        return c.map { ($0 - n) * s / (x - n) }
    }
}
