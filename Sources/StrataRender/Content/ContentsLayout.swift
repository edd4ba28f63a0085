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
        if c == Rect(0, 0, 1, 1) { return [Patch(source: src, destination: dst)] }
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
        return out
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
