extension Compositor {
    /// A backing store through its map: fetched run by run, coverage
    /// applied on partial runs, then blended. Full runs of a coverage store
    /// blended over go in one pass (`CoverageOver`), without the run buffer.
    func composite(_ q: TexturedQuad, on surface: Surface, box: PixelBox) {
        let color = Pixel.premultiplied(q.color, alpha: q.alpha)
        guard color >> 24 > 0 else { return }
        let store = q.store.store
        let fetch = TexelFetch(store: store, toStore: q.toStore, color: color)
        let region = q.region
        var sparse: (dx: Int, dy: Int)?
        if case .exact(let dx, let dy) = fetch.mode, store.format == .a8, q.blend == .over { sparse = (dx, dy) }
        let kernel = CoverageOver(fetch), fused = q.blend == .over && CoverageOver.applies(to: fetch)
        // Every run full: straight to the kernel.
        if fused, region.isSimple { return kernel.blend(region, box: box, on: surface) }
        for y in box.minY..<box.maxY {
            let row = surface.row(y)
            region.runs(y: y, minX: box.minX, maxX: box.maxX) { from, to, full in
                if full, let (dx, dy) = sparse {
                    return Self.coverageOver(store, row: y + dy, from: from + dx, count: to - from,
                                             color: color, into: row + from)
                }
                if full, fused { return kernel.blend(y: y, from: from, count: to - from, onto: row + from) }
                var x = from
                while x < to {
                    let n = min(Self.runLength, to - x)
                    fetch.fetch(y: y, from: x, count: n, into: run)
                    if !full { applyCoverage(region, y: y, from: x, count: n) }
                    switch q.blend {
                    case .over: Blending.over(run, row + x, count: n)
                    case .add: Blending.add(run, row + x, count: n)
                    }
                    x += n
                }
            }
        }
    }

    /// A coverage store copied one to one, its colour over the row: eight
    /// coverage bytes at a time are skipped when all zero (strokes and text
    /// leave most of their store empty), four blended at a time (`Split`)
    /// where some are not, the last few one by one. The same bytes as
    /// fetching the run and blending it.
    static func coverageOver(_ store: BackingStore, row y: Int, from x: Int, count: Int, color: UInt32,
                             into dst: UnsafeMutablePointer<UInt32>) {
        guard y >= 0, y < store.height else { return }
        let lo = max(0, -x), hi = min(count, store.width - x)
        guard lo < hi else { return }
        let bytes = UnsafeRawPointer(store.pixels + y * store.stride + x)
        let out = UnsafeMutableRawPointer(dst), vector = Split(repeating: color)
        var i = lo
        while i < hi {
            if i &+ 8 <= hi, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0 {
                i &+= 8
                continue
            }
            if i &+ 4 <= hi {
                let four = bytes.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                if four != 0 {
                    let d = Split(out.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self))
                    let p = vector.scaled(Blending.weights(four)).over(d)
                    out.storeBytes(of: p.pixels, toByteOffset: i &* 4, as: Pixels4.self)
                }
                i &+= 4
                continue
            }
            let c = UInt32(bytes.load(fromByteOffset: i, as: UInt8.self))
            if c != 0 { dst[i] = Pixel.over(Pixel.scaled(color, c), dst[i]) }
            i &+= 1
        }
    }

    /// Scales the fetched run by each pixel's coverage.
    func applyCoverage(_ region: ItemRegion, y: Int, from: Int, count: Int) {
        region.coverage(y: y, from: from, count: count, into: cover)
        Blending.scale(run, by: cover, count: count)
    }
}
