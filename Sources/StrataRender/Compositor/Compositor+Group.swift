extension Compositor {
    /// A group: its items into a buffer of its box, then composited with
    /// its alpha and effect through its clip.
    func composite(_ g: OffscreenGroup, on surface: Surface, box: PixelBox) {
        let k = Self.byte(g.alpha)
        guard k > 0 else { return }
        switch g.effect {
        case .opacity:
            guard let content = take(box, for: g) else { return }
            defer { scratch.giveBack(content) }
            draw(g.items, on: content, within: box, cleared: true)
            blend(content, onto: surface, box: box, alpha: k, region: g.region)
        case .mask(let maskItems):
            guard let content = take(box, for: g) else { return }
            defer { scratch.giveBack(content) }
            guard let mask = take(box, for: g) else { return }
            defer { scratch.giveBack(mask) }
            draw(g.items, on: content, within: box)
            draw(maskItems, on: mask, within: box)
            multiplyByAlpha(content, of: mask, box: box)
            blend(content, onto: surface, box: box, alpha: k, region: g.region)
        case .dissolve(let after, let progress):
            guard let before = take(box, for: g) else { return }
            defer { scratch.giveBack(before) }
            guard let later = take(box, for: g) else { return }
            defer { scratch.giveBack(later) }
            draw(g.items, on: before, within: box)
            draw(after, on: later, within: box)
            let (wb, wa) = CairoContent.dissolveWeights(progress)
            sum(before, weight: Self.byte(wb), later, weight: Self.byte(wa), box: box)
            blend(before, onto: surface, box: box, alpha: k, region: g.region)
        case .shadow(let shadow):
            drawShadowed(g, shadow, on: surface, box: box, alpha: k)
        case .filtered(let effects):
            drawFiltered(g, effects, on: surface, box: box, alpha: k)
        case .backdrop(let filters):
            filterBackdrop(g, filters, on: surface, box: box, alpha: k)
        }
    }

    /// `buffer` (covering at least `box`) over the surface, times `alpha`, through `region`.
    func blend(_ buffer: Surface, onto surface: Surface, box: PixelBox, alpha: UInt32, region: ItemRegion) {
        for y in box.minY..<box.maxY {
            let src = buffer.row(y), dst = surface.row(y)
            region.runs(y: y, minX: box.minX, maxX: box.maxX) { from, to, full in
                if full {
                    if alpha == 255 { return Blending.over(src + from, dst + from, count: to - from) }
                    return Blending.over(src + from, times: alpha, dst + from, count: to - from)
                }
                var x = from
                while x < to {
                    let n = min(Self.runLength, to - x)
                    if alpha == 255 { run.update(from: src + x, count: n) } else {
                        Blending.scaled(src + x, by: alpha, into: run, count: n)
                    }
                    applyCoverage(region, y: y, from: x, count: n)
                    Blending.over(run, dst + x, count: n)
                    x += n
                }
            }
        }
    }

    /// Each pixel of `content` times the alpha of `mask` there.
    private func multiplyByAlpha(_ content: Surface, of mask: Surface, box: PixelBox) {
        for y in box.minY..<box.maxY {
            let c = content.row(y), m = mask.row(y)
            for x in box.minX..<box.maxX where c[x] != 0 {
                c[x] = Pixel.scaled(c[x], m[x] >> 24)
            }
        }
    }

    /// before · wb + after · wa into `before` (wb + wa = 255: opaque stays opaque).
    private func sum(_ before: Surface, weight wb: UInt32, _ after: Surface, weight wa: UInt32, box: PixelBox) {
        for y in box.minY..<box.maxY {
            let b = before.row(y), a = after.row(y)
            for x in box.minX..<box.maxX {
                b[x] = Pixel.adding(Pixel.scaled(b[x], wb), Pixel.scaled(a[x], wa))
            }
        }
    }
}
