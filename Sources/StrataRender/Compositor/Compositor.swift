import StrataModel

/// Draws plan items onto surfaces: one compositor for every transform.
/// Backing stores are composited as textured quads (exact copies for
/// whole-pixel translations, bilinear under any other affine or projective
/// map), solid shapes are filled per pixel, groups go through offscreen
/// buffers. Inner loops run on four pixels at a time (`PixelMath`).
///
/// Every pixel's value is a function of the items and that pixel alone:
/// sampling positions, coverage and runs are worked out from the pixel's
/// coordinates, never from where a loop started. So drawing any region of
/// a frame gives the same bytes there as drawing all of it, which is what
/// lets a renderer redraw only what changed since its last frame.
///
/// One per renderer (one thread): it owns scratch memory.
final class Compositor {
    let scratch = ScratchBuffers()
    /// The first group of the frame being drawn whose buffer the system
    /// would not give (`take`): the frame is that error, never a blank or
    /// partial image. `FrameRenderer` clears it before a frame and throws it after.
    var failure: RenderError?
    /// One run of fetched source pixels, and their coverage.
    let run: UnsafeMutablePointer<UInt32>
    let cover: UnsafeMutablePointer<UInt8>
    /// The runs of the row being filled.
    let rowRuns = RowRuns.allocate()
    /// Gradient colour tables by stops and alpha (the same gradient is drawn
    /// frame after frame); cleared when it grows past 256.
    var gradientTables: [GradientKey: [UInt32]] = [:]
    /// Pixels per fetched run (a multiple of four: gradient runs are
    /// written four pixels at a time).
    static let runLength = 512

    init() {
        run = .allocate(capacity: Self.runLength)
        cover = .allocate(capacity: Self.runLength + 4)
    }

    deinit {
        run.deallocate()
        cover.deallocate()
        rowRuns.deallocate()
    }

    /// A buffer covering `box` for group `g`; nil, with the failure kept,
    /// when it cannot be allocated.
    func take(_ box: PixelBox, for g: OffscreenGroup) -> Surface? {
        guard failure == nil else { return nil }
        if let surface = scratch.take(box) { return surface }
        failure = .unallocated(layerPath: g.layer, width: box.width, height: box.height)
        return nil
    }

    /// Draws `items` in order onto `surface`, changing only pixels in
    /// `region`. `cleared`: the surface is transparent there (a group's
    /// buffer just taken), so the first item drawn may store its pixels
    /// instead of blending them (over transparent gives the source's bytes).
    func draw(_ items: [PlanItem], on surface: Surface, within region: PixelBox, cleared: Bool = false) {
        let region = region.intersection(surface.box)
        guard !region.isEmpty, failure == nil else { return }
        var first = cleared
        for i in items.indices where items[i].box.intersects(region) {
            draw(items[i], on: surface, box: items[i].box.intersection(region), cleared: first)
            first = false
        }
    }

    /// Draws a plan's items onto the frame within `regions` (which do not
    /// overlap, so each item can be drawn into all of them before the next).
    /// `opaqueBase`: the first item covers the frame opaquely, so its pixels
    /// replace what is there (nothing below it can show).
    func draw(_ plan: FramePlan, on surface: Surface, within regions: [PixelBox], opaqueBase: Bool) {
        for i in plan.items.indices {
            let box = plan.boxes[i]
            for region in regions where box.intersects(region) {
                if i == 0, opaqueBase, case .quad(let q) = plan.items[0], replace(q, on: surface, box: box.intersection(region)) {
                    continue
                }
                draw(plan.items[i], on: surface, box: box.intersection(region))
            }
        }
    }

    /// An opaque colour store copied one to one: its rows replace the
    /// frame's (what over would give, without reading the frame). False
    /// when the quad is not such a copy.
    private func replace(_ q: TexturedQuad, on surface: Surface, box: PixelBox) -> Bool {
        let store = q.store.store
        let fetch = TexelFetch(store: store, toStore: q.toStore, color: Pixel.premultiplied(q.color, alpha: q.alpha))
        guard case .exact(let dx, let dy) = fetch.mode, store.format == .argb32, store.isOpaque, fetch.tint == nil,
              box.minX + dx >= 0, box.maxX + dx <= store.width, box.minY + dy >= 0, box.maxY + dy <= store.height
        else { return false }
        for y in box.minY..<box.maxY {
            let texels = UnsafeRawPointer(store.pixels + (y + dy) * store.stride).assumingMemoryBound(to: UInt32.self)
            (surface.row(y) + box.minX).update(from: texels + box.minX + dx, count: box.width)
        }
        return true
    }

    /// One item within `box` (inside its own box and the surface).
    func draw(_ item: PlanItem, on surface: Surface, box: PixelBox, cleared: Bool = false) {
        switch item {
        case .fill(let f): fill(f, on: surface, box: box, cleared: cleared)
        case .quad(let q): composite(q, on: surface, box: box)
        case .group(let g): composite(g, on: surface, box: box)
        }
    }

    /// A solid colour through its shape, hole and clips; `cleared`: onto
    /// transparent pixels.
    private func fill(_ f: SolidFill, on surface: Surface, box: PixelBox, cleared: Bool) {
        if let gradient = f.gradient { return fill(f, gradient, on: surface, box: box) }
        let color = Pixel.premultiplied(f.color, alpha: f.alpha)
        guard color >> 24 > 0 else { return }
        let region = f.region
        // Full runs store the colour: what over gives when it is opaque or the pixels transparent.
        let opaque = (color >> 24 == 255 || cleared) && f.blend == .over
        let vector = Split(repeating: color)
        for y in box.minY..<box.maxY {
            let row = surface.row(y)
            for k in 0..<rowRuns.collect(region, y: y, minX: box.minX, maxX: box.maxX) {
                let (from, to, full) = (rowRuns[k].from, rowRuns[k].to, rowRuns[k].full)
                if full {
                    if opaque {
                        (row + from).update(repeating: color, count: to - from)
                    } else if f.blend == .over {
                        Blending.over(constant: vector, color, row + from, count: to - from)
                    } else {
                        for x in from..<to { row[x] = Pixel.adding(color, row[x]) }
                    }
                    continue
                }
                var x = from
                while x < to {
                    let n = min(Self.runLength, to - x)
                    region.coverage(y: y, from: x, count: n, into: cover)
                    Blending.covered(vector, color, by: cover, blend: f.blend, row + x, count: n)
                    x += n
                }
            }
        }
    }

    /// A coverage 0...1 as 0...255.
    @inline(__always)
    static func byte(_ c: Double) -> UInt32 {
        c >= 1 ? 255 : c <= 0 ? 0 : UInt32(c * 255 + 0.5)
    }
}
