extension Compositor {
    /// A backing store through its map: fetched run by run, coverage
    /// applied on partial runs, then blended.
    func composite(_ q: TexturedQuad, on surface: Surface, box: PixelBox) {
        let color = Pixel.premultiplied(q.color, alpha: q.alpha)
        guard color >> 24 > 0 else { return }
        let fetch = TexelFetch(store: q.store.store, toStore: q.toStore, color: color)
        let region = q.region
        for y in box.minY..<box.maxY {
            let row = surface.row(y)
            region.runs(y: y, minX: box.minX, maxX: box.maxX) { from, to, full in
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

    /// Scales the fetched run by each pixel's coverage.
    func applyCoverage(_ region: ItemRegion, y: Int, from: Int, count: Int) {
        region.coverage(y: y, from: from, count: count, into: cover)
        Blending.scale(run, by: cover, count: count)
    }
}
