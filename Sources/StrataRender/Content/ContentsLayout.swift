import StrataModel

/// Where a layer's `contents` image lands in its bounds: contentsGravity,
/// contentsRect, contentsCenter (nine-slice) and contentsScale, as Core
/// Animation lays them out (directions on screen, y down).
enum ContentsLayout {
    /// One piece of the image: a source rect in image pixels drawn into a
    /// destination rect in the layer's bounds space (points).
    struct Patch: Equatable {
        var source: Rect
        var destination: Rect
    }

    /// The rect the shown part of the image fills, before nine-slicing.
    static func destination(of image: RenderImage, in bounds: Rect) -> Rect {
        let shown = shownSource(image)
        let w = shown.width / image.contentsScale, h = shown.height / image.contentsScale
        let b = bounds
        switch image.gravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let sx = b.width / w, sy = b.height / h
            let s = image.gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return Rect(b.midX - w * s / 2, b.midY - h * s / 2, w * s, h * s)
        case .center: return Rect(b.midX - w / 2, b.midY - h / 2, w, h)
        case .top: return Rect(b.midX - w / 2, b.minY, w, h)
        case .bottom: return Rect(b.midX - w / 2, b.maxY - h, w, h)
        case .left: return Rect(b.minX, b.midY - h / 2, w, h)
        case .right: return Rect(b.maxX - w, b.midY - h / 2, w, h)
        case .topLeft: return Rect(b.minX, b.minY, w, h)
        case .topRight: return Rect(b.maxX - w, b.minY, w, h)
        case .bottomLeft: return Rect(b.minX, b.maxY - h, w, h)
        case .bottomRight: return Rect(b.maxX - w, b.maxY - h, w, h)
        }
    }

    /// The contentsRect part of the image, in image pixels of its natural
    /// size. Core Animation lets contentsRect reach outside the unit square
    /// (the outside shows the image's edge pixels); it is kept as given.
    static func shownSource(_ image: RenderImage) -> Rect {
        let natural = image.naturalSize
        let w = natural.width, h = natural.height, r = image.contentsRect
        return Rect(r.minX * w, r.minY * h, r.width * w, r.height * h)
    }

    /// The patches to draw: one, or nine when contentsCenter is not the unit
    /// rect. contentsCenter is in unit coordinates of the shown part; the
    /// parts outside it keep their natural size (image pixels / contentsScale),
    /// shrunk in proportion when the destination is too small for them.
    static func patches(of image: RenderImage, in bounds: Rect) -> [Patch] {
        let src = shownSource(image), dst = destination(of: image, in: bounds)
        guard src.width > 0, src.height > 0, dst.width > 0, dst.height > 0 else { return [] }
        let c = image.contentsCenter
        let w = image.naturalSize.width, h = image.naturalSize.height
        if c == Rect(0, 0, 1, 1) { return confined([Patch(source: src, destination: dst)], width: w, height: h) }
        let cx0 = max(0, min(1, c.minX)), cx1 = max(cx0, min(1, c.maxX))
        let cy0 = max(0, min(1, c.minY)), cy1 = max(cy0, min(1, c.maxY))
        let xs = slices(src.minX, src.width, cx0, cx1, dst.minX, dst.width, image.contentsScale)
        let ys = slices(src.minY, src.height, cy0, cy1, dst.minY, dst.height, image.contentsScale)
        var out: [Patch] = []
        for y in ys where y.dst.1 > 0 {
            for x in xs where x.dst.1 > 0 {
                out.append(Patch(source: Rect(x.src.0, y.src.0, x.src.1, y.src.1),
                                 destination: Rect(x.dst.0, y.dst.0, x.dst.1, y.dst.1)))
            }
        }
        return confined(out, width: w, height: h)
    }

    /// Image pixels a patch's source may reach past the image's edges: the
    /// renderer samples with 16.16 fixed-point coordinates (pixman), which a
    /// contentsRect of thousands of image widths overflows.
    static let maxPadding = 4096.0

    /// The patches, those whose source reaches farther than `maxPadding`
    /// past the image split at its edges: the parts outside show the edge
    /// pixels (what padding shows), drawn from a half-pixel sliver of the
    /// edge stretched over them.
    static func confined(_ patches: [Patch], width w: Double, height h: Double) -> [Patch] {
        func farOut(_ p: Patch) -> Bool {
            p.source.minX < -maxPadding || p.source.maxX > w + maxPadding
                || p.source.minY < -maxPadding || p.source.maxY > h + maxPadding
        }
        guard patches.contains(where: farOut) else { return patches }
        var out: [Patch] = []
        for p in patches {
            guard farOut(p) else { out.append(p); continue }
            let xs = split(p.source.minX, p.source.width, p.destination.minX, p.destination.width, extent: w)
            let ys = split(p.source.minY, p.source.height, p.destination.minY, p.destination.height, extent: h)
            for y in ys { for x in xs { out.append(Patch(source: Rect(x.s0, y.s0, x.sLen, y.sLen), destination: Rect(x.d0, y.d0, x.dLen, y.dLen))) } }
        }
        return out
    }

    /// One axis of a patch cut at 0 and `extent`: the part before the image
    /// (its source the first half pixel), the part on it, the part after
    /// (the last half pixel); empty parts left out.
    private static func split(_ s0: Double, _ sLen: Double, _ d0: Double, _ dLen: Double, extent: Double)
        -> [(s0: Double, sLen: Double, d0: Double, dLen: Double)] {
        let s1 = s0 + sLen, scale = dLen / sLen
        func dest(_ a: Double) -> Double { d0 + (a - s0) * scale }
        var parts: [(Double, Double, Double, Double)] = []
        if s0 < 0 { parts.append((0, 0.5, d0, dest(min(0, s1)) - d0)) }
        let a = max(s0, 0), b = min(s1, extent)
        if b > a { parts.append((a, b - a, dest(a), dest(b) - dest(a))) }
        if s1 > extent { let start = dest(max(extent, s0)); parts.append((extent - 0.5, 0.5, start, d0 + dLen - start)) }
        return parts.filter { $0.3 > 0 }.map { (s0: $0.0, sLen: $0.1, d0: $0.2, dLen: $0.3) }
    }

    /// The three (start, length) slices along one axis for source and destination.
    private static func slices(_ s0: Double, _ sLen: Double, _ c0: Double, _ c1: Double,
                               _ d0: Double, _ dLen: Double, _ scale: Double)
        -> [(src: (Double, Double), dst: (Double, Double))] {
        let sa = c0 * sLen, sc = (1 - c1) * sLen, sb = sLen - sa - sc
        var da = sa / scale, dc = sc / scale
        if da + dc > dLen, da + dc > 0 { let k = dLen / (da + dc); da *= k; dc *= k }
        let db = dLen - da - dc
        // A zero-width centre still stretches its edge line: sample a sliver.
        let sbUsed = max(sb, 0.01), sbStart = sb > 0 ? s0 + sa : s0 + sa - 0.005
        return [((s0, sa), (d0, da)), ((sbStart, sbUsed), (d0 + da, db)), ((s0 + sa + sb, sc), (d0 + da + db, dc))]
    }
}
