/// Fully covered runs of a coverage store under an affine map, tinted and
/// blended over the row in one pass: each pixel becomes
/// `Pixel.over(Pixel.scaled(tint, sampleA8(u, v)), dst)`, the bytes
/// `TexelFetch.fetch` and `Blending.over` give through the run buffer
/// (groups of four no coverage reaches are left alone, as over a
/// transparent source leaves them). Made once per quad: the per-row work is
/// the row's start and the pixels.
///
/// Four pixels at a time in lanes SSE2 has whole (baseline x86-64 has no
/// 32-bit lane multiply): positions step by four pixels' worth, each
/// pixel's texel pair of the row above in the low 16 bits of its word and
/// of the row below in the high 16, so the mixes are 16-bit multiplies (at
/// most 255 x 256, no overflow) on the sums of the one-at-a-time form, in
/// its order. Runs whose positions do not all fit 32-bit lanes go one pixel
/// at a time.
struct CoverageOver {
    private let fetch: TexelFetch
    private let tint: UInt32
    private let color: Split
    private let base: UnsafeRawPointer, stride: Int
    /// Pixels 0...3's offsets from a group's first (16.16 texels), and four pixels' step.
    private let laneU: SIMD4<Int32>, laneV: SIMD4<Int32>
    private let stepU4: SIMD4<Int32>, stepV4: SIMD4<Int32>
    private let highU: SIMD4<Int32>, highV: SIMD4<Int32>
    private let rowBytes: SIMD4<Int32>

    /// Whether `fetch` is affine from a coverage store (else the kernel draws nothing).
    static func applies(to fetch: TexelFetch) -> Bool {
        guard case .affine = fetch.mode, fetch.store.format == .a8, fetch.tint != nil else { return false }
        return true
    }

    /// Not optional: unwrapping one on every row would copy it.
    init(_ fetch: TexelFetch) {
        self.fetch = fetch
        let tint = Self.applies(to: fetch) ? fetch.tint ?? 0 : 0
        self.tint = tint
        color = Split(repeating: tint)
        base = UnsafeRawPointer(fetch.store.pixels)
        stride = fetch.store.stride
        let su = Int32(truncatingIfNeeded: fetch.stepU), sv = Int32(truncatingIfNeeded: fetch.stepV)
        laneU = SIMD4<Int32>(0, 1, 2, 3) &* su
        laneV = SIMD4<Int32>(0, 1, 2, 3) &* sv
        // Wrapping, but every lane a group uses is in range.
        stepU4 = SIMD4<Int32>(repeating: su &* 4)
        stepV4 = SIMD4<Int32>(repeating: sv &* 4)
        highU = SIMD4<Int32>(repeating: Int32(fetch.maxU))
        highV = SIMD4<Int32>(repeating: Int32(fetch.maxV))
        rowBytes = SIMD4<Int32>(repeating: Int32(stride))
    }

    /// The rows of `box` of a simple region (`ItemRegion.isSimple`: every
    /// run full) blended onto `surface`, in one call for the quad.
    /// The lanes check is made once for the quad when it holds for all of it.
    func blend(_ region: ItemRegion, box: PixelBox, on surface: Surface) {
        let fits = lanesFit(box)
        for y in box.minY..<box.maxY {
            let (from, to) = region.simpleRun(y: y, minX: box.minX, maxX: box.maxX)
            if from < to { blendRow(y: y, from: from, count: to - from, onto: surface.row(y) + from, fits: fits) }
        }
    }

    /// Surface pixels [from, from + count) of row y, blended onto `dst[0..<count]`.
    func blend(y: Int, from: Int, count: Int, onto dst: UnsafeMutablePointer<UInt32>) {
        blendRow(y: y, from: from, count: count, onto: dst, fits: false)
    }

    /// Whether every run within `box` passes `TexelFetch.fitsLanes` on both
    /// axes. A run's lanes reach u0 + x step for pixels x in minX...maxX + 2,
    /// linear in x; a row's start u0 lies between the first and last rows'
    /// (`TexelFetch.rowStart` is monotone in y for finite coefficients and
    /// a33 != 0). So the four corners' checks decide it for the whole box.
    func lanesFit(_ box: PixelBox) -> Bool {
        let k = fetch.toStore, su = fetch.stepU, sv = fetch.stepV
        let finite = k.a11.isFinite && k.a12.isFinite && k.a21.isFinite && k.a22.isFinite
            && k.a31.isFinite && k.a32.isFinite && k.a33.isFinite && k.a33 != 0
        // Small enough that no product below wraps.
        let small = abs(box.minX) < 1 << 20 && abs(box.maxX) < 1 << 20 && abs(su) < 1 << 30 && abs(sv) < 1 << 30
        guard finite, small, !box.isEmpty else { return false }
        func fits(row y: Int) -> Bool {
            let (u0, v0) = fetch.rowStart(y: y), count = box.maxX - box.minX
            return TexelFetch.fitsLanes(u0 &+ box.minX &* su, su, count: count)
                && TexelFetch.fitsLanes(v0 &+ box.minX &* sv, sv, count: count)
        }
        return fits(row: box.minY) && fits(row: box.maxY - 1)
    }

    /// `fits`: the lanes check is known to hold for this run.
    @inline(__always)
    private func blendRow(y: Int, from: Int, count: Int, onto dst: UnsafeMutablePointer<UInt32>, fits: Bool) {
        guard count > 0, tint != 0 else { return }
        let (u0, v0) = fetch.rowStart(y: y)
        let u = u0 &+ from &* fetch.stepU, v = v0 &+ from &* fetch.stepV
        guard fits || TexelFetch.fitsLanes(u, fetch.stepU, count: count) && TexelFetch.fitsLanes(v, fetch.stepV, count: count) else {
            for i in 0..<count {
                let c = fetch.sampleA8(u &+ i &* fetch.stepU, v &+ i &* fetch.stepV)
                if c != 0 { dst[i] = Pixel.over(Pixel.scaled(tint, c), dst[i]) }
            }
            return
        }
        var uu = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: u)) &+ laneU
        var vv = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: v)) &+ laneV
        let out = UnsafeMutableRawPointer(dst)
        var i = 0
        while i < count {
            let cu = Self.clamp(uu, highU), cv = Self.clamp(vv, highV)
            uu &+= stepU4
            vv &+= stepV4
            // All sixteen texels 0 (a store's empty border), or all four
            // coverages: the row is left as it is.
            let texels = self.texels(cu, cv)
            let words = unsafeBitCast(texels, to: SIMD2<UInt64>.self)
            guard words[0] | words[1] != 0 else { i &+= 4; continue }
            let c = coverage(texels, cu, cv)
            let halves = unsafeBitCast(c, to: SIMD2<UInt64>.self)
            if halves[0] | halves[1] != 0 {
                let source = color.scaled(unsafeBitCast(c | c &<< 16, to: Lanes.self))
                if i &+ 4 <= count {
                    let d = Split(out.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self))
                    out.storeBytes(of: source.over(d).pixels, toByteOffset: i &* 4, as: Pixels4.self)
                } else {
                    let pixels = source.pixels
                    for j in 0..<(count &- i) { dst[i &+ j] = Pixel.over(pixels[j], dst[i &+ j]) }
                }
            }
            i &+= 4
        }
    }

    /// `p.clamped(lowerBound: 0, upperBound: high)` as two selects (without
    /// its check of the bounds' order on every call).
    @inline(__always)
    private static func clamp(_ p: SIMD4<Int32>, _ high: SIMD4<Int32>) -> SIMD4<Int32> {
        let low = SIMD4<Int32>(repeating: 0)
        let above = p.replacing(with: low, where: p .< low)
        return above.replacing(with: high, where: above .> high)
    }

    /// The four texels around each of four pixels at clamped positions `cu`,
    /// `cv`: per 16-bit lane the left texel in the low byte, the right one
    /// in the high; the row above in the low lane of the pixel's word, the
    /// row below in the high.
    @inline(__always)
    private func texels(_ cu: SIMD4<Int32>, _ cv: SIMD4<Int32>) -> Lanes {
        let at = (cv &>> 16) &* rowBytes &+ (cu &>> 16)
        @inline(__always) func pairs(_ o: Int32) -> UInt32 {
            let o = Int(o)
            return UInt32(base.loadUnaligned(fromByteOffset: o, as: UInt16.self))
                | UInt32(base.loadUnaligned(fromByteOffset: o &+ stride, as: UInt16.self)) << 16
        }
        return unsafeBitCast(Pixels4(pairs(at[0]), pairs(at[1]), pairs(at[2]), pairs(at[3])), to: Lanes.self)
    }

    /// The bilinear coverage (0...255) of four pixels from their `texels`
    /// and clamped positions.
    @inline(__always)
    private func coverage(_ texels: Lanes, _ cu: SIMD4<Int32>, _ cv: SIMD4<Int32>) -> Pixels4 {
        let fx = unsafeBitCast((cu &>> 8) & 0xFF, to: Pixels4.self), fy = unsafeBitCast((cv &>> 8) & 0xFF, to: Pixels4.self)
        let wx = unsafeBitCast(fx | fx &<< 16, to: Lanes.self)
        // Each pixel's top and bottom mixes (the low and high lane of its word).
        let across = ((texels & 0xFF) &* (256 &- wx) &+ (texels &>> 8) &* wx) &>> 8
        // Weighted by 256 - wy (low lane) and wy (high lane), the two lanes summed.
        let wy = unsafeBitCast((256 &- fy) | fy &<< 16, to: Lanes.self)
        let weighted = unsafeBitCast(across &* wy, to: Pixels4.self)
        return ((weighted & 0xFFFF) &+ (weighted &>> 16)) &>> 8
    }
}
