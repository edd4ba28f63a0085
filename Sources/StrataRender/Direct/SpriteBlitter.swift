/// Premultiplied ARGB32 pixels (Cairo's format: one native-endian word per
/// pixel, B G R A in memory on little-endian machines) that particles are
/// drawn into directly.
struct BlitTarget {
    var data: UnsafeMutableRawPointer
    /// Bytes per row.
    var stride: Int
    /// The pixels that may be written: [minX, maxX) x [minY, maxY).
    var minX, minY, maxX, maxY: Int
    /// A pixel's index is its device coordinate plus this offset.
    var offsetX, offsetY: Double
}

/// An affine map x' = xx x + xy y + x0, y' = yx x + yy y + y0 (Cairo's layout).
struct Affine {
    var xx, yx, xy, yy, x0, y0: Double
}

/// Draws emitter image particles as Core Animation does: a textured quad per
/// particle, the image sampled bilinearly with its edge texels repeated
/// (clamp to edge, so a small image scaled up keeps sharp sides), every
/// texel multiplied by the particle's color, composited over (or added to)
/// the target. Quad edges are anti-aliased by their coverage of each pixel
/// (a box filter across each pair of sides).
///
/// Written for thousands of particles a frame: only the pixels inside each
/// turned quad are visited (each row's span is solved, not the bounding
/// box), pixels whose coverage is whole skip the coverage arithmetic,
/// texels are read from a padded copy (SpriteTextures) so that sampling
/// needs no per-texel bounds, and the arithmetic is 8-bit fixed point on
/// two channels per operation (pixman's trick). Nothing is allocated.
enum SpriteBlitter {
    /// The shown part of an image, `width` x `height` texels, stored with
    /// one more column and row (copies of the last ones) so that the
    /// second texel of a bilinear pair is always in the buffer.
    struct Texture {
        var pixels: UnsafePointer<UInt32>
        var width, height: Int
        /// `width + 1`.
        var stride: Int { width + 1 }
    }

    /// Draws one quad: `toDevice` maps texel space ([0, width] x
    /// [0, height]) to device space; `color` is the premultiplied
    /// multiplier in memory order (blue, green, red, alpha), each 0...1.
    static func draw(_ texture: Texture, toDevice m: Affine, color: SIMD4<Double>, additive: Bool, into target: BlitTarget) {
        let det = m.xx * m.yy - m.xy * m.yx
        guard det.isFinite, abs(det) > 1e-12, texture.width > 0, texture.height > 0 else { return }
        // Device -> texel.
        let a = m.yy / det, b = -m.xy / det, c = -m.yx / det, d = m.xx / det
        let e = -(a * m.x0 + b * m.y0), f = -(c * m.x0 + d * m.y0)
        let w = Double(texture.width), h = Double(texture.height)
        // Texels per device pixel across each pair of sides; their inverses
        // turn texel distances into pixel distances for the coverage.
        let gradU = (a * a + b * b).squareRoot(), gradV = (c * c + d * d).squareRoot()
        guard gradU > 0, gradV > 0, gradU.isFinite, gradV.isFinite else { return }
        let widthPx = w / gradU, heightPx = h / gradV
        // Pixel box of the quad (plus a pixel for the anti-aliased edges).
        let cx = m.x0 + target.offsetX, cy = m.y0 + target.offsetY
        let xs = (cx, cx + m.xx * w, cx + m.xy * h, cx + m.xx * w + m.xy * h)
        let ys = (cy, cy + m.yx * w, cy + m.yy * h, cy + m.yx * w + m.yy * h)
        let minX = min(min(xs.0, xs.1), min(xs.2, xs.3)), maxX = max(max(xs.0, xs.1), max(xs.2, xs.3))
        let minY = min(min(ys.0, ys.1), min(ys.2, ys.3)), maxY = max(max(ys.0, ys.1), max(ys.2, ys.3))
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        let y0 = max(target.minY, Int(max(minY - 1, -1e9).rounded(.down)))
        let y1 = min(target.maxY, Int(min(maxY + 1, 1e9).rounded(.up)))
        let xLo = max(target.minX, Int(max(minX - 1, -1e9).rounded(.down)))
        let xHi = min(target.maxX, Int(min(maxX + 1, 1e9).rounded(.up)))
        guard y0 < y1, xLo < xHi else { return }
        // The color in 1/65536 (0...65536), memory order.
        let full = color * 65536
        let whole = Factors(full, cover: 1)
        guard whole.a > 0 else { return }
        // Texel coordinates in 16.16 fixed point (Int is 64 bits: no overflow),
        // clamped to the centres of the edge texels (clamp to edge).
        var q = Quad(pixels: texture.pixels, stride: texture.stride,
                     maxU: texture.width << 16 - 0x8000, maxV: texture.height << 16 - 0x8000,
                     uStep: a, vStep: c, stepU: fixed(a), stepV: fixed(c), stepPU: a / gradU, stepPV: c / gradV,
                     widthPx: widthPx, heightPx: heightPx, full: full, whole: whole, additive: additive,
                     row: target.data, u0: 0, v0: 0, pu0: 0, pv0: 0)
        // Per row, the pixels i with some coverage solve -0.5 < pu0 + stepPU i < widthPx + 0.5 (and
        // the same for v); those wholly inside, 0.5 <= ... <= widthPx - 0.5.
        let inverseU = q.stepPU == 0 ? 0 : 1 / q.stepPU, inverseV = q.stepPV == 0 ? 0 : 1 / q.stepPV
        for py in y0..<y1 {
            let dy = Double(py) + 0.5 - target.offsetY
            let dx0 = Double(xLo) + 0.5 - target.offsetX
            // Texel coordinates at the row's first pixel, and in device pixels from the u = 0 and v = 0 sides.
            q.u0 = a * dx0 + b * dy + e; q.v0 = c * dx0 + d * dy + f
            q.pu0 = q.u0 / gradU; q.pv0 = q.v0 / gradV
            let spanU = span(q.pu0, q.stepPU, inverseU, -0.5, widthPx + 0.5)
            let spanV = span(q.pv0, q.stepPV, inverseV, -0.5, heightPx + 0.5)
            let lo = max(0, spanU.lo, spanV.lo), hi = min(Double(xHi - xLo - 1), spanU.hi, spanV.hi)
            guard lo <= hi, abs(q.u0) + abs(a) * hi < 0x1p40, abs(q.v0) + abs(c) * hi < 0x1p40 else { continue }
            let innerU = span(q.pu0, q.stepPU, inverseU, 0.5 - 1e-9, widthPx - 0.5 + 1e-9)
            let innerV = span(q.pv0, q.stepPV, inverseV, 0.5 - 1e-9, heightPx - 0.5 + 1e-9)
            let innerLo = max(lo, innerU.lo, innerV.lo), innerHi = min(hi, innerU.hi, innerV.hi)
            q.row = target.data + py * target.stride + xLo * 4
            let first = Int(lo), last = Int(hi)
            if innerLo <= innerHi {
                q.run(first, Int(innerLo) - 1, edge: true)
                q.run(Int(innerLo), Int(innerHi), edge: false)
                q.run(Int(innerHi) + 1, last, edge: true)
            } else {
                q.run(first, last, edge: true)
            }
        }
    }

    /// 16.16 fixed point, rounded half away from zero (no libm call);
    /// clamped to ±2^62 (a degenerate quad's steps must not trap).
    @inline(__always)
    static func fixed(_ v: Double) -> Int {
        let s = v * 65536
        guard s > -0x1p62, s < 0x1p62 else { return s > 0 ? 1 << 62 : s < 0 ? -(1 << 62) : 0 }
        return Int(s < 0 ? s - 0.5 : s + 0.5)
    }

    /// One quad's constants and the row being drawn.
    struct Quad {
        let pixels: UnsafePointer<UInt32>
        let stride: Int
        let maxU, maxV: Int
        /// Texel steps per pixel to the right, in texels, in 16.16, and in device pixels from the sides.
        let uStep, vStep: Double
        let stepU, stepV: Int
        let stepPU, stepPV: Double
        let widthPx, heightPx: Double
        let full: SIMD4<Double>
        let whole: Factors
        let additive: Bool
        var row: UnsafeMutableRawPointer
        /// At the row's first pixel: texel coordinates, and device pixels from the u = 0 and v = 0 sides.
        var u0, v0, pu0, pv0: Double

        /// Pixels first...last of the row; `edge`: work out each one's coverage.
        @inline(__always)
        func run(_ first: Int, _ last: Int, edge: Bool) {
            guard first <= last else { return }
            if edge { runEdge(first, last) } else { runInside(first, last) }
        }

        /// Pixels wholly inside the quad.
        func runInside(_ first: Int, _ last: Int) {
            let i0 = Double(first)
            var uf = SpriteBlitter.fixed(u0 + uStep * i0), vf = SpriteBlitter.fixed(v0 + vStep * i0)
            let k = whole, one = k.isOne
            for i in first...last {
                let texel = sample(uf, vf)
                uf &+= stepU; vf &+= stepV
                put(one ? texel : k.times(texel), at: i)
            }
        }

        /// Pixels on the quad's edges, with their coverage.
        func runEdge(_ first: Int, _ last: Int) {
            let i0 = Double(first)
            var uf = SpriteBlitter.fixed(u0 + uStep * i0), vf = SpriteBlitter.fixed(v0 + vStep * i0)
            var pu = pu0 + stepPU * i0, pv = pv0 + stepPV * i0
            for i in first...last {
                defer { uf &+= stepU; vf &+= stepV; pu += stepPU; pv += stepPV }
                // The overlap of the pixel's width with the quad, across each pair of sides.
                let coverU = min(pu + 0.5, widthPx) - max(pu - 0.5, 0)
                let coverV = min(pv + 0.5, heightPx) - max(pv - 0.5, 0)
                guard coverU > 0, coverV > 0 else { continue }
                put(Factors(full, cover: min(coverU, 1) * min(coverV, 1)).times(sample(uf, vf)), at: i)
            }
        }

        /// Bilinear sample at 16.16 texel coordinates, 8-bit weights.
        @inline(__always)
        func sample(_ uf: Int, _ vf: Int) -> UInt32 {
            let x = min(max(uf, 0x8000), maxU) &- 0x8000, y = min(max(vf, 0x8000), maxV) &- 0x8000
            let at = (y >> 16) &* stride &+ (x >> 16)
            let wx = UInt32(truncatingIfNeeded: (x >> 8) & 0xFF), wy = UInt32(truncatingIfNeeded: (y >> 8) & 0xFF)
            return SpriteBlitter.bilinear(pixels[at], pixels[at &+ 1], pixels[at &+ stride], pixels[at &+ stride &+ 1], wx, wy)
        }

        /// Composites `src` onto pixel i of the row.
        @inline(__always)
        func put(_ src: UInt32, at i: Int) {
            guard src != 0 else { return }
            let target = row + i &* 4
            if additive {
                target.storeBytes(of: SpriteBlitter.addSaturating(src, target.load(as: UInt32.self)), as: UInt32.self)
            } else if src >> 24 == 255 {
                target.storeBytes(of: src, as: UInt32.self)
            } else {
                target.storeBytes(of: SpriteBlitter.over(src, target.load(as: UInt32.self)), as: UInt32.self)
            }
        }
    }

    /// Per-channel multipliers in 1/65536 (memory order), premultiplied:
    /// the color's red, green and blue never exceed its alpha.
    struct Factors {
        var b, g, r, a: UInt32

        @inline(__always)
        init(_ full: SIMD4<Double>, cover: Double) {
            // Rounded by adding a half and truncating (no libm call per pixel).
            @inline(__always) func factor(_ v: Double) -> UInt32 { UInt32(min(max(v * cover, 0), 65536) + 0.5) }
            b = factor(full[0]); g = factor(full[1]); r = factor(full[2]); a = factor(full[3])
        }

        var isOne: Bool { b == 65536 && g == 65536 && r == 65536 && a == 65536 }

        /// Each byte of `p` times its factor, rounded.
        @inline(__always)
        func times(_ p: UInt32) -> UInt32 {
            let sb = ((p & 0xFF) &* b &+ 0x8000) >> 16
            let sg = (((p >> 8) & 0xFF) &* g &+ 0x8000) >> 16
            let sr = (((p >> 16) & 0xFF) &* r &+ 0x8000) >> 16
            let sa = ((p >> 24) &* a &+ 0x8000) >> 16
            return sb | sg << 8 | sr << 16 | sa << 24
        }
    }

    /// The steps i (whole numbers, as Doubles) for which start + step i
    /// lies strictly between low and high (`inverse` is 1 / step); lo > hi
    /// when there are none.
    @inline(__always)
    static func span(_ start: Double, _ step: Double, _ inverse: Double, _ low: Double, _ high: Double) -> (lo: Double, hi: Double) {
        if step == 0 { return start > low && start < high ? (-1e18, 1e18) : (1, 0) }
        let i0 = (low - start) * inverse, i1 = (high - start) * inverse
        return (min(i0, i1).rounded(.up), max(i0, i1).rounded(.down))
    }

    /// src + dst x (255 - src alpha) / 255 per byte, rounded (two bytes per multiply).
    @inline(__always)
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let inv = 255 &- (src >> 24)
        var rb = (dst & 0xFF00FF) &* inv &+ 0x800080
        rb = ((rb &+ ((rb >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
        var ag = ((dst >> 8) & 0xFF00FF) &* inv &+ 0x800080
        ag = (ag &+ ((ag >> 8) & 0xFF00FF)) & 0xFF00FF00
        return src &+ (rb | ag)
    }

    /// Per byte, min(255, src + dst).
    @inline(__always)
    static func addSaturating(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        @inline(__always) func byte(_ shift: UInt32) -> UInt32 {
            min(((src >> shift) & 0xFF) &+ ((dst >> shift) & 0xFF), 255) << shift
        }
        return byte(0) | byte(8) | byte(16) | byte(24)
    }

    /// The four texels weighted by (1 - wx)(1 - wy), wx(1 - wy), (1 - wx)wy
    /// and wx wy in 1/256 (wx, wy 0...255), per byte: the weights sum to
    /// 256, so two bytes share each multiply without overflow, and zero
    /// weights give p00 exactly.
    @inline(__always)
    static func bilinear(_ p00: UInt32, _ p01: UInt32, _ p10: UInt32, _ p11: UInt32, _ wx: UInt32, _ wy: UInt32) -> UInt32 {
        let w11 = (wx &* wy &+ 128) >> 8
        let w01 = wx &- w11, w10 = wy &- w11, w00 = 256 &- wx &- wy &+ w11
        let m: UInt32 = 0xFF00FF
        var rb = (p00 & m) &* w00
        rb = rb &+ (p01 & m) &* w01
        rb = rb &+ (p10 & m) &* w10
        rb = ((rb &+ (p11 & m) &* w11) >> 8) & m
        var ag = ((p00 >> 8) & m) &* w00
        ag = ag &+ ((p01 >> 8) & m) &* w01
        ag = ag &+ ((p10 >> 8) & m) &* w10
        ag = (ag &+ ((p11 >> 8) & m) &* w11) & 0xFF00FF00
        return rb | ag
    }
}
