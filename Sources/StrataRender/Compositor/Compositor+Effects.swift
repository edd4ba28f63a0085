extension Compositor {
    /// `filters` over the whole group (a blur reads around every pixel,
    /// whatever part of the frame is being drawn), then the group
    /// composited by its compositing filter within `box`.
    func drawFiltered(_ g: OffscreenGroup, _ effects: LayerEffects, on surface: Surface, box: PixelBox, alpha: UInt32) {
        guard let content = take(g.box, for: g) else { return }
        defer { scratch.giveBack(content) }
        draw(g.items, on: content, within: g.box)
        for f in effects.filters {
            FilterMath.apply(f, content.pixels, width: g.box.width, height: g.box.height, stride: content.stride)
        }
        guard let mode = effects.blend else {
            blend(content, onto: surface, box: box, alpha: alpha, region: g.region)
            return
        }
        eachCovered(g.region, box) { y, x, c in
            let src = content.row(y), dst = surface.row(y)
            let s = alpha == 255 ? src[x] : Pixel.scaled(src[x], alpha)
            let d = dst[x]
            let r = BlendMath.composite(mode, source: s, backdrop: d)
            // Coverage mixes the result in (a clip is a lerp, as in Cairo).
            dst[x] = c == 255 ? r : Pixel.mixed(d, r, Self.weight(c))
        }
    }

    /// `backgroundFilters`: the surface's pixels under the group's box (and
    /// as far around as the filters read) filtered, then mixed back within
    /// `box` by the clip's coverage times `alpha`.
    func filterBackdrop(_ g: OffscreenGroup, _ filters: [PixelFilter], on surface: Surface, box: PixelBox, alpha: UInt32) {
        let reach = filters.map(\.reach).reduce(0, +)
        let area = PixelBox(minX: g.box.minX - reach, minY: g.box.minY - reach,
                            maxX: g.box.maxX + reach, maxY: g.box.maxY + reach).intersection(surface.box)
        guard !area.isEmpty else { return }
        guard let copy = take(area, for: g) else { return }
        defer { scratch.giveBack(copy) }
        for y in area.minY..<area.maxY { (copy.row(y) + area.minX).update(from: surface.row(y) + area.minX, count: area.width) }
        for f in filters { FilterMath.apply(f, copy.pixels, width: area.width, height: area.height, stride: copy.stride) }
        let target = box.intersection(area)
        guard !target.isEmpty else { return }
        eachCovered(g.region, target) { y, x, c in
            let src = copy.row(y), dst = surface.row(y)
            let w = Self.weight(mul255(c, alpha))
            dst[x] = w >= 256 ? src[x] : Pixel.mixed(dst[x], src[x], w)
        }
    }

    /// `pixel(y, x, c)` for each pixel of `box` that `region` touches, row
    /// by row, with its coverage c (0...255; 255 on full runs), worked
    /// out a run of up to `runLength` pixels at a time.
    @inline(__always)
    private func eachCovered(_ region: ItemRegion, _ box: PixelBox, _ pixel: (Int, Int, UInt32) -> Void) {
        for y in box.minY..<box.maxY {
            region.runs(y: y, minX: box.minX, maxX: box.maxX) { from, to, full in
                var x = from
                while x < to {
                    let n = min(Self.runLength, to - x)
                    if !full { region.coverage(y: y, from: x, count: n, into: cover) }
                    for i in 0..<n { pixel(y, x + i, full ? 255 : UInt32(cover[i])) }
                    x += n
                }
            }
        }
    }

    /// A 0...255 weight as 0...256 for `Pixel.mixed`, rounded.
    static func weight(_ c: UInt32) -> UInt32 { (c * 256 + 127) / 255 }
}
