extension Compositor {
    /// Core Animation's order: the shadow (the body's alpha offset, blurred,
    /// coloured) beneath, then the body; `alpha` over both.
    func drawShadowed(_ g: OffscreenGroup, _ shadow: Shadow, on surface: Surface, box: PixelBox, alpha: UInt32) {
        guard let body = take(shadow.bodyBox, for: g) else { return }
        defer { scratch.giveBack(body) }
        draw(g.items, on: body, within: shadow.bodyBox)
        let color = Pixel.premultiplied(shadow.color, alpha: Double(alpha) / 255)
        if color >> 24 > 0 {
            var plane = ShadowPlane(of: body, offsetX: shadow.dx, offsetY: shadow.dy, over: g.box)
            plane.blur(sigma: shadow.sigma)
            var clip = g.clip
            clip.shapes += shadow.clip.shapes
            clip.cuts += shadow.clip.cuts
            plane.composite(color, onto: surface, box: box, clip: clip, compositor: self)
        }
        blend(body, onto: surface, box: box.intersection(shadow.bodyBox), alpha: alpha, region: g.region)
    }
}

/// The 8-bit alpha a shadow is made of, over a box of the frame.
struct ShadowPlane {
    let box: PixelBox
    private(set) var alpha: [UInt8]

    /// The body's alpha moved by (dx, dy) pixels (bilinear for fractions).
    init(of body: Surface, offsetX dx: Double, offsetY dy: Double, over box: PixelBox) {
        self.box = box
        alpha = [UInt8](repeating: 0, count: max(0, box.area))
        let ix = Int(dx.rounded(.down)), iy = Int(dy.rounded(.down))
        let fx = UInt32(((dx - Double(ix)) * 256).rounded()), fy = UInt32(((dy - Double(iy)) * 256).rounded())
        let source = body.box
        @inline(__always) func at(_ x: Int, _ y: Int) -> UInt32 {
            guard x >= source.minX, x < source.maxX, y >= source.minY, y < source.maxY else { return 0 }
            return body.row(y)[x] >> 24
        }
        for y in box.minY..<box.maxY {
            let sy = y - iy
            guard sy >= source.minY, sy <= source.maxY else { continue }
            for x in box.minX..<box.maxX {
                let sx = x - ix
                guard sx >= source.minX, sx <= source.maxX else { continue }
                // Pixel x shows source x - dx: between sx - 1 (weight f) and sx (1 - f).
                let top = at(sx, sy) * (256 - fx) + at(sx - 1, sy) * fx
                let bottom = at(sx, sy - 1) * (256 - fx) + at(sx - 1, sy - 1) * fx
                let v = (top * (256 - fy) + bottom * fy + 32768) >> 16
                alpha[(y - box.minY) * box.width + x - box.minX] = UInt8(min(v, 255))
            }
        }
    }

    mutating func blur(sigma: Double) {
        guard sigma > 0, !box.isEmpty else { return }
        let (w, h) = (box.width, box.height)
        alpha.withUnsafeMutableBufferPointer { Blur.gaussian($0.baseAddress!, width: w, height: h, stride: w, sigma: sigma) }
    }

    /// `color` (premultiplied) times the alpha, over the surface within `box`.
    func composite(_ color: UInt32, onto surface: Surface, box target: PixelBox, clip: ClipStack, compositor: Compositor) {
        let region = ItemRegion(clip: clip)
        let area = target.intersection(box)
        guard !area.isEmpty else { return }
        alpha.withUnsafeBufferPointer { plane in
            for y in area.minY..<area.maxY {
                let dst = surface.row(y)
                let src = plane.baseAddress! + (y - box.minY) * box.width - box.minX
                region.runs(y: y, minX: area.minX, maxX: area.maxX) { from, to, full in
                    var x = from
                    while x < to {
                        let n = min(Compositor.runLength, to - x)
                        for i in 0..<n {
                            let a = UInt32(src[x + i])
                            compositor.run[i] = a == 0 ? 0 : a == 255 ? color : Pixel.scaled(color, a)
                        }
                        if !full { compositor.applyCoverage(region, y: y, from: x, count: n) }
                        Blending.over(compositor.run, dst + x, count: n)
                        x += n
                    }
                }
            }
        }
    }
}
