/// Reads a backing store for one quad: the source pixels of a run of a
/// surface row, sampled where each pixel's centre lands in the store,
/// tinted, premultiplied, ready to blend.
///
/// - whole-pixel translations copy texels;
/// - other affine maps sample bilinearly in 16.16 fixed point, the texel
///   position of pixel x being the row's start plus x steps (integer
///   arithmetic: the same value whichever run a pixel is fetched in);
/// - projective maps divide per pixel, in double precision.
///
/// Positions are clamped to the store's edge texels (clamp to edge).
struct TexelFetch {
    enum Mode { case exact(dx: Int, dy: Int), affine, projective }

    let store: BackingStore
    let toStore: Homography
    let mode: Mode
    /// Coverage stores: the premultiplied colour. Colour stores: a
    /// multiplier per channel (premultiplied), or nil for none.
    let tint: UInt32?
    /// The last texel's position on each axis, and each pixel's step
    /// along a row (16.16; `coverageOver` reads them too).
    let maxU: Int, maxV: Int
    let stepU: Int, stepV: Int

    init(store: BackingStore, toStore k: Homography, color: UInt32) {
        self.store = store
        self.toStore = k
        if k.a11 == 1, k.a22 == 1, k.a12 == 0, k.a21 == 0, k.a13 == 0, k.a23 == 0, k.a33 == 1,
           k.a31 == k.a31.rounded(), k.a32 == k.a32.rounded(), abs(k.a31) < 0x1p30, abs(k.a32) < 0x1p30 {
            mode = .exact(dx: Int(k.a31), dy: Int(k.a32))
        } else if k.isAffine {
            mode = .affine
        } else {
            mode = .projective
        }
        tint = store.format == .a8 || color != 0xFFFF_FFFF ? color : nil
        maxU = (store.width - 1) << 16
        maxV = (store.height - 1) << 16
        stepU = Self.fixed(k.a11 / k.a33)
        stepV = Self.fixed(k.a12 / k.a33)
    }

    /// 16.16 fixed point, rounded half away from zero (no libm call),
    /// within ±2^46 (far outside any store).
    @inline(__always)
    static func fixed(_ v: Double) -> Int {
        let s = v * 65536
        guard s > -0x1p46 else { return -(1 << 46) }
        guard s < 0x1p46 else { return s.isNaN ? 0 : 1 << 46 }
        return Int(s < 0 ? s - 0.5 : s + 0.5)
    }

    /// Source pixels for surface pixels [from, from + count) of row y.
    func fetch(y: Int, from: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch mode {
        case .exact(let dx, let dy):
            copy(y: y + dy, from: from + dx, count: count, into: out)
        case .affine:
            let (u0, v0) = rowStart(y: y)
            let u = u0 &+ from &* stepU, v = v0 &+ from &* stepV
            if store.format == .argb32 {
                bilinearColor(u: u, v: v, count: count, into: out)
            } else {
                bilinearCoverage(u: u, v: v, count: count, into: out)
            }
        case .projective:
            let cy = Double(y) + 0.5
            for i in 0..<count {
                let cx = Double(from + i) + 0.5
                let p = toStore.apply(cx, cy)
                guard p.w > 0 else { out[i] = 0; continue }
                let u = Self.fixed(p.x / p.w - 0.5), v = Self.fixed(p.y / p.w - 0.5)
                out[i] = store.format == .argb32 ? tinted(sampleColor(u, v)) : coverage(sampleA8(u, v))
            }
        }
        return
    }

    /// Like `fetch`, each pixel sampled on its own by the scalar forms (what
    /// the four-wide loops must equal, for tests); affine maps only.
    func fetchOneByOne(y: Int, from: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let (u0, v0) = rowStart(y: y)
        for i in 0..<count {
            let u = u0 &+ (from &+ i) &* stepU, v = v0 &+ (from &+ i) &* stepV
            out[i] = store.format == .argb32 ? tinted(sampleColor(u, v)) : coverage(sampleA8(u, v))
        }
    }

    /// Texel coordinates (16.16) of pixel 0's centre on row y under an
    /// affine map (texel centres at i + 0.5): u in the first lane of a pair,
    /// v in the second, each lane doing one axis's operations in their
    /// order (the same bits as one axis at a time, in half the operations).
    ///
    /// Every operation is monotone in y (IEEE rounding is), so for finite
    /// coefficients and a33 != 0 (no NaN on the way) a row's start lies
    /// between those of any two rows around it (`CoverageOver` relies on it).
    @inline(__always)
    func rowStart(y: Int) -> (u: Int, v: Int) {
        let cy = Double(y) + 0.5, k = toStore
        let p = (SIMD2(k.a11, k.a12) * 0.5 + SIMD2(k.a21, k.a22) * cy + SIMD2(k.a31, k.a32)) / k.a33 - 0.5
        return Self.fixed(p)
    }

    /// `fixed` of both lanes, rounded as a pair when both are within ±2^46
    /// (always, for positions near a store): plus 0.5 with the sign of s,
    /// which is `fixed`'s s - 0.5 for s < 0 and s + 0.5 for s > 0 (for
    /// -0.0, -0.5 instead of 0.5: both truncate to 0).
    @inline(__always)
    static func fixed(_ v: SIMD2<Double>) -> (Int, Int) {
        let s = v * 65536
        guard all((s .> -0x1p46) .& (s .< 0x1p46)) else { return (fixed(v[0]), fixed(v[1])) }
        let sign = unsafeBitCast(s, to: SIMD2<UInt64>.self) & (1 << 63)
        let t = s + unsafeBitCast(sign | (0.5 as Double).bitPattern, to: SIMD2<Double>.self)
        let n = truncated(t)
        return (Int(n[0]), Int(n[1]))
    }

    /// `Int(t)` of both lanes for |t| < 2^50, without the conversion's
    /// range checks: t + 1.5 * 2^52 is exactly that number plus t rounded
    /// to nearest (the integer in its low bits), then one step toward zero
    /// where that rounding went away from it.
    @inline(__always)
    static func truncated(_ t: SIMD2<Double>) -> SIMD2<Int64> {
        let magic = SIMD2<Double>(repeating: 0x1.8p52)
        let a = t + magic, r = a - magic
        let n = unsafeBitCast(a, to: SIMD2<Int64>.self) &- unsafeBitCast(magic, to: SIMD2<Int64>.self)
        let zero = SIMD2<Double>(repeating: 0)
        // -1 in a lane where t >= 0 was rounded up, +1 where t < 0 was rounded down.
        let down = unsafeBitCast((r .> t) .& (t .>= zero), to: SIMD2<Int64>.self)
        let up = unsafeBitCast((r .< t) .& (t .< zero), to: SIMD2<Int64>.self)
        return n &+ down &- up
    }

    // MARK: exact copies

    private func copy(y: Int, from: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard y >= 0, y < store.height else { out.update(repeating: 0, count: count); return }
        let row = store.pixels + y * store.stride
        // Outside the store's columns reads as transparent.
        let lo = max(0, -from), hi = min(count, store.width - from)
        if lo > 0 { out.update(repeating: 0, count: min(lo, count)) }
        if hi < count { (out + max(hi, 0)).update(repeating: 0, count: count - max(hi, 0)) }
        guard lo < hi else { return }
        if store.format == .a8 {
            for i in lo..<hi { out[i] = coverage(UInt32(row.load(fromByteOffset: from + i, as: UInt8.self))) }
            return
        }
        let texels = UnsafeRawPointer(row).assumingMemoryBound(to: UInt32.self) + from
        guard let tint else { (out + lo).update(from: texels + lo, count: hi - lo); return }
        var i = lo
        let k = Split(repeating: tint)
        let src = UnsafeRawPointer(texels), dst = UnsafeMutableRawPointer(out)
        while i &+ 4 <= hi {
            let p = Split(src.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self))
            dst.storeBytes(of: Split(rb: mul255(p.rb, k.rb), ag: mul255(p.ag, k.ag)).pixels, toByteOffset: i &* 4, as: Pixels4.self)
            i &+= 4
        }
        while i < hi { out[i] = Pixel.multiplied(texels[i], tint); i &+= 1 }
    }

    // MARK: bilinear

    /// The pixels [lo, hi) of a run of `count` whose texel positions need
    /// no clamping: the positions are linear in the pixel index, so the
    /// bounds solve two inequalities per axis.
    @inline(__always)
    private func unclamped(u: Int, v: Int, count: Int) -> (Int, Int) {
        func solve(_ p: Int, _ step: Int, _ limit: Int) -> (Int, Int) {
            if step == 0 { return p >= 0 && p <= limit ? (0, count) : (0, 0) }
            // 0 <= p + i step <= limit.
            let a = Double(-p) / Double(step), b = Double(limit - p) / Double(step)
            let lo = min(max(min(a, b), -1e15), 1e15).ceilFast, hi = min(max(max(a, b), -1e15), 1e15).floorFast
            return (Int(max(lo, 0)), Int(min(hi + 1, Double(count))))
        }
        let x = solve(u, stepU, maxU), y = solve(v, stepV, maxV)
        let lo = max(x.0, y.0), hi = min(x.1, y.1)
        return lo < hi ? (lo, hi) : (0, 0)
    }

    /// Four pixels at a time where no clamping is needed: each pixel's two
    /// texel pairs loaded as 64-bit words, regrouped into four vectors (top
    /// left, top right, bottom left, bottom right texels), mixed in 16-bit
    /// lanes. The ends of the run, one pixel at a time.
    private func bilinearColor(u: Int, v: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let base = UnsafeRawPointer(store.pixels), stride = store.stride
        let k = tint.map { Split(repeating: $0) }
        let dst = UnsafeMutableRawPointer(out)
        let (lo, hi) = unclamped(u: u, v: v, count: count)
        for i in 0..<lo { out[i] = tinted(sampleColor(u &+ i &* stepU, v &+ i &* stepV)) }
        var i = lo
        // Positions in 32-bit lanes: within the unclamped range they fit
        // (store sides are at most 2^14 texels in 16.16 fixed point).
        let lanes = SIMD4<Int32>(0, 1, 2, 3)
        let su = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: stepU))
        let sv = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: stepV))
        let texelsPerRow = SIMD4<Int32>(repeating: Int32(stride / 4))
        while i &+ 4 <= hi {
            let uu = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: u &+ i &* stepU)) &+ lanes &* su
            let vv = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: v &+ i &* stepV)) &+ lanes &* sv
            let at = ((vv &>> 16) &* texelsPerRow &+ (uu &>> 16)) &* 4
            let o0 = Int(at[0]), o1 = Int(at[1]), o2 = Int(at[2]), o3 = Int(at[3])
            let t01 = SIMD4<UInt32>(lowHalf: base.loadUnaligned(fromByteOffset: o0, as: SIMD2<UInt32>.self),
                                    highHalf: base.loadUnaligned(fromByteOffset: o1, as: SIMD2<UInt32>.self))
            let t23 = SIMD4<UInt32>(lowHalf: base.loadUnaligned(fromByteOffset: o2, as: SIMD2<UInt32>.self),
                                    highHalf: base.loadUnaligned(fromByteOffset: o3, as: SIMD2<UInt32>.self))
            let b01 = SIMD4<UInt32>(lowHalf: base.loadUnaligned(fromByteOffset: o0 &+ stride, as: SIMD2<UInt32>.self),
                                    highHalf: base.loadUnaligned(fromByteOffset: o1 &+ stride, as: SIMD2<UInt32>.self))
            let b23 = SIMD4<UInt32>(lowHalf: base.loadUnaligned(fromByteOffset: o2 &+ stride, as: SIMD2<UInt32>.self),
                                    highHalf: base.loadUnaligned(fromByteOffset: o3 &+ stride, as: SIMD2<UInt32>.self))
            let p00 = Pixels4(lowHalf: t01.evenHalf, highHalf: t23.evenHalf)
            let p01 = Pixels4(lowHalf: t01.oddHalf, highHalf: t23.oddHalf)
            let p10 = Pixels4(lowHalf: b01.evenHalf, highHalf: b23.evenHalf)
            let p11 = Pixels4(lowHalf: b01.oddHalf, highHalf: b23.oddHalf)
            // Weights (the fraction's high byte) in both lanes of each pixel's word.
            let wx = unsafeBitCast((uu &>> 8) & 0xFF, to: Pixels4.self), wy = unsafeBitCast((vv &>> 8) & 0xFF, to: Pixels4.self)
            let lx = unsafeBitCast(wx | (wx &<< 16), to: Lanes.self), ly = unsafeBitCast(wy | (wy &<< 16), to: Lanes.self)
            var s = Split(p00).mixed(Split(p01), lx).mixed(Split(p10).mixed(Split(p11), lx), ly)
            if let k { s = Split(rb: mul255(s.rb, k.rb), ag: mul255(s.ag, k.ag)) }
            dst.storeBytes(of: s.pixels, toByteOffset: i &* 4, as: Pixels4.self)
            i &+= 4
        }
        while i < count {
            out[i] = tinted(sampleColor(u &+ i &* stepU, v &+ i &* stepV))
            i &+= 1
        }
    }

    /// Coverage stores four pixels at a time, the ends of the run too: each
    /// lane's position clamped to the store's edge texels (what `sampleA8`
    /// does one at a time, so the same bytes), its two byte pairs loaded as
    /// 16-bit words, mixed in 32-bit lanes, times the colour. The last group
    /// of fewer than four keeps only its pixels (the other lanes read
    /// clamped, in-bounds texels). A run whose positions do not all fit
    /// 32-bit lanes goes one pixel at a time.
    ///
    /// Clamping per lane costs less than solving each row for its unclamped
    /// range and sampling its ends one by one (small turned quads: ~3 of a
    /// row's 14 pixels were at an end).
    private func bilinearCoverage(u: Int, v: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard let tint else { return }
        guard Self.fitsLanes(u, stepU, count: count), Self.fitsLanes(v, stepV, count: count) else {
            for i in 0..<count { out[i] = coverage(sampleA8(u &+ i &* stepU, v &+ i &* stepV)) }
            return
        }
        let base = UnsafeRawPointer(store.pixels), stride = store.stride
        let lanes = SIMD4<Int32>(0, 1, 2, 3)
        let su = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: stepU))
        let sv = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: stepV))
        let low = SIMD4<Int32>(repeating: 0)
        let highU = SIMD4<Int32>(repeating: Int32(maxU)), highV = SIMD4<Int32>(repeating: Int32(maxV))
        let rowBytes = SIMD4<Int32>(repeating: Int32(stride))
        let color = Split(repeating: tint)
        let dst = UnsafeMutableRawPointer(out)
        var i = 0
        while i < count {
            let uu = (SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: u &+ i &* stepU)) &+ lanes &* su)
                .clamped(lowerBound: low, upperBound: highU)
            let vv = (SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: v &+ i &* stepV)) &+ lanes &* sv)
                .clamped(lowerBound: low, upperBound: highV)
            let at = (vv &>> 16) &* rowBytes &+ (uu &>> 16)
            @inline(__always) func pair(_ o: Int32) -> UInt32 {
                UInt32(base.loadUnaligned(fromByteOffset: Int(o), as: UInt16.self))
            }
            let top = SIMD4<UInt32>(pair(at[0]), pair(at[1]), pair(at[2]), pair(at[3]))
            let bottom = SIMD4<UInt32>(pair(at[0] &+ Int32(stride)), pair(at[1] &+ Int32(stride)),
                                       pair(at[2] &+ Int32(stride)), pair(at[3] &+ Int32(stride)))
            let wx = unsafeBitCast((uu &>> 8) & 0xFF, to: SIMD4<UInt32>.self)
            let wy = unsafeBitCast((vv &>> 8) & 0xFF, to: SIMD4<UInt32>.self)
            let iwx = 256 &- wx
            let t = ((top & 0xFF) &* iwx &+ (top &>> 8) &* wx) &>> 8
            let b = ((bottom & 0xFF) &* iwx &+ (bottom &>> 8) &* wx) &>> 8
            let c = (t &* (256 &- wy) &+ b &* wy) &>> 8
            let k = unsafeBitCast(c | (c &<< 16), to: Lanes.self)
            let pixels = color.scaled(k).pixels
            if i &+ 4 <= count {
                dst.storeBytes(of: pixels, toByteOffset: i &* 4, as: Pixels4.self)
            } else {
                for j in 0..<(count &- i) { out[i &+ j] = pixels[j] }
            }
            i &+= 4
        }
    }

    /// Whether the positions of a run of `count` pixels from `p` by `step`
    /// fit 32-bit lanes with room to spare; the lanes reach pixel count + 2
    /// at most (the last group of four's).
    @inline(__always)
    static func fitsLanes(_ p: Int, _ step: Int, count: Int) -> Bool {
        let end = p &+ (count &+ 2) &* step
        return p > -(1 << 30) && p < 1 << 30 && end > -(1 << 30) && end < 1 << 30
    }

    /// One bilinear colour sample at 16.16 texel coordinates (the same
    /// arithmetic as the four-pixel loop).
    @inline(__always)
    private func sampleColor(_ u: Int, _ v: Int) -> UInt32 {
        let uu = min(max(u, 0), maxU), vv = min(max(v, 0), maxV)
        let at = (vv >> 16) &* store.stride &+ (uu >> 16) &* 4
        let base = UnsafeRawPointer(store.pixels)
        let top = base.loadUnaligned(fromByteOffset: at, as: SIMD2<UInt32>.self)
        let bottom = base.loadUnaligned(fromByteOffset: at &+ store.stride, as: SIMD2<UInt32>.self)
        let wx = UInt32(truncatingIfNeeded: (uu >> 8) & 0xFF), wy = UInt32(truncatingIfNeeded: (vv >> 8) & 0xFF)
        return Pixel.mixed(Pixel.mixed(top[0], top[1], wx), Pixel.mixed(bottom[0], bottom[1], wx), wy)
    }

    /// One bilinear coverage sample (0...255).
    @inline(__always)
    func sampleA8(_ u: Int, _ v: Int) -> UInt32 {
        let uu = min(max(u, 0), maxU), vv = min(max(v, 0), maxV)
        let at = (vv >> 16) &* store.stride &+ (uu >> 16)
        let base = UnsafeRawPointer(store.pixels)
        let c00 = UInt32(base.load(fromByteOffset: at, as: UInt8.self))
        let c01 = UInt32(base.load(fromByteOffset: at &+ 1, as: UInt8.self))
        let c10 = UInt32(base.load(fromByteOffset: at &+ store.stride, as: UInt8.self))
        let c11 = UInt32(base.load(fromByteOffset: at &+ store.stride &+ 1, as: UInt8.self))
        let wx = UInt32(truncatingIfNeeded: (uu >> 8) & 0xFF), wy = UInt32(truncatingIfNeeded: (vv >> 8) & 0xFF)
        let top = (c00 &* (256 &- wx) &+ c01 &* wx) >> 8, bottom = (c10 &* (256 &- wx) &+ c11 &* wx) >> 8
        return (top &* (256 &- wy) &+ bottom &* wy) >> 8
    }

    @inline(__always)
    private func tinted(_ p: UInt32) -> UInt32 {
        guard let tint else { return p }
        return Pixel.multiplied(p, tint)
    }

    /// A coverage byte times the colour (the rounding of `Split.scaled`,
    /// which leaves the colour unchanged at 255 and clears it at 0).
    @inline(__always)
    private func coverage(_ c: UInt32) -> UInt32 {
        guard let tint else { return 0 }
        return Pixel.scaled(tint, c)
    }
}
