#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel

/// Where a layer's content is rasterized, and how its store lands on the
/// surface.
///
/// - A layer that never moves (nor does any ancestor) is rasterized at its
///   exact place on the surface, sub-pixel offset and any rotation baked in,
///   and composited as an exact copy: static content looks as if drawn
///   straight into the frame.
/// - A moving layer, or one under perspective, is rasterized in its own
///   space at a scale quantized to powers of √2 (rounded up from the
///   largest magnification it has on the surface now), with a transparent
///   pixel of padding, and resampled bilinearly as Core Animation's render
///   server does: moving, turning and fading cost no rasterization, and a
///   scale animation re-rasterizes only when it crosses a step.
struct RasterSpace {
    /// The layer's space -> store pixels.
    var raster: RasterMap
    var width: Int, height: Int
    /// Surface pixels -> store pixels.
    var toStore: Homography
    /// The store's outline on the surface (empty for exact copies: `box` says it all).
    var hull: [EdgeLine]
    var box: PixelBox

    /// `extent` (in the layer's space, through `map` to the surface) within
    /// `budget` pixels; nil when none of it can show.
    init?(extent: Rect, map: Homography, moving: Bool, clipBox: PixelBox, budget: Int) {
        guard extent.hasDrawableArea, map.isFinite else { return nil }
        if !moving && map.isAffine && Self.fitsFixed(extent, map: map, clipBox: clipBox, budget: budget) {
            self.init(fixed: extent, map: map, clipBox: clipBox)
        } else {
            self.init(resampled: extent, map: map, clipBox: clipBox, budget: budget)
        }
        guard !box.isEmpty else { return nil }
    }

    /// Whether the content's box on the surface makes a store within the
    /// limits (past them a still layer is resampled, coarser, like a moving one).
    private static func fitsFixed(_ extent: Rect, map: Homography, clipBox: PixelBox, budget: Int) -> Bool {
        let onSurface = map.boundingBox(of: DeviceBox(extent))
        let box = PixelBox(covering: onSurface).intersection(clipBox)
        return box.width <= BackingStore.maxSide && box.height <= BackingStore.maxSide && box.area <= budget
    }

    private init?(fixed extent: Rect, map: Homography, clipBox: PixelBox) {
        let onSurface = map.boundingBox(of: DeviceBox(extent))
        let box = PixelBox(covering: onSurface).intersection(clipBox)
        guard !box.isEmpty else { return nil }
        let w = map.a33
        raster = RasterMap(xx: map.a11 / w, yx: map.a12 / w, xy: map.a21 / w, yy: map.a22 / w,
                           x0: map.a31 / w - Double(box.minX), y0: map.a32 / w - Double(box.minY))
        width = box.width
        height = box.height
        toStore = .translation(-Double(box.minX), -Double(box.minY))
        hull = []
        self.box = box
    }

    private init?(resampled full: Rect, map: Homography, clipBox: PixelBox, budget: Int) {
        guard abs(map.a31) < 0x1p40, abs(map.a32) < 0x1p40 else { return nil }
        // The largest magnification over the part that can show (constant for affine maps).
        var magnification = 0.0
        // The part of the extent that can show under a projective map (an
        // affine one's is worked out only when the whole is too large).
        let visibleBox: DeviceBox?
        if map.isAffine {
            let onSurface = map.boundingBox(of: DeviceBox(full))
            guard PixelBox(covering: onSurface).intersects(clipBox) else { return nil }
            magnification = map.magnification(atX: full.minX, y: full.minY)
            visibleBox = nil
        } else {
            let visible = ConvexPolygon.visiblePart(of: DeviceBox(full), under: map, nearW: FramePlanner.nearW,
                                                    clip: clipBox.deviceBox)
            guard !visible.isEmpty else { return nil }
            for i in 0..<visible.count { magnification = max(magnification, map.magnification(atX: visible.xs[i], y: visible.ys[i])) }
            visibleBox = visible.boundingBox
        }
        // A function, not a closure kept in a variable (which allocated its context for every layer).
        func visibleExtent() -> DeviceBox {
            if let visibleBox { return visibleBox }
            guard let back = map.inverted else { return DeviceBox(full) }
            return DeviceBox(full).intersection(back.boundingBox(of: clipBox.deviceBox))
        }
        var scale = RasterScale.quantized(magnification)
        var extent = full
        func pixels(_ s: Double) -> (Int, Int) {
            let w = (extent.width * s).rounded(.up) + 2, h = (extent.height * s).rounded(.up) + 2
            return (w.isFinite && w < 1e9 ? Int(w) : Int.max / 4, h.isFinite && h < 1e9 ? Int(h) : Int.max / 4)
        }
        func fits(_ s: Double) -> Bool {
            let (w, h) = pixels(s)
            return w <= BackingStore.maxSide && h <= BackingStore.maxSide && w * h <= budget
        }
        if !fits(scale) {
            // Too large to keep whole: only the part on the surface (kept while it stays put).
            let v = visibleExtent()
            guard !v.isEmpty else { return nil }
            let step = 64 / scale
            let x0 = (v.minX / step).rounded(.down) * step, y0 = (v.minY / step).rounded(.down) * step
            let x1 = (v.maxX / step).rounded(.up) * step, y1 = (v.maxY / step).rounded(.up) * step
            extent = Rect(max(x0, full.minX), max(y0, full.minY), min(x1, full.maxX) - max(x0, full.minX),
                          min(y1, full.maxY) - max(y0, full.minY))
            guard extent.hasDrawableArea else { return nil }
        }
        // A store never exceeds its budget: past it the content is rasterized coarser.
        while !fits(scale) && scale > RasterScale.smallest { scale /= 2.0.squareRoot() }
        guard fits(scale) else { return nil }
        var (w, h) = pixels(scale)
        let wz = map.a33
        if map.isAffine, map.a12 == 0, map.a21 == 0,
           abs(map.a11 / wz - scale) <= 1e-9 * scale, abs(map.a22 / wz - scale) <= 1e-9 * scale {
            // Sliding at the raster scale (no turn, no other scale): the store
            // takes the layer's sub-pixel phase in quarter pixels and lands as
            // an exact copy, so sliding content stays as sharp as still content.
            func snap(_ t: Double, _ base: Double) -> (offset: Double, origin: Int) {
                let whole = (t - base).rounded(.down)
                let offset = base + ((t - base - whole) * 4).rounded() / 4
                return (offset, Int((t - offset).rounded()))
            }
            let x = snap(map.a31 / wz, 1 - extent.minX * scale), y = snap(map.a32 / wz, 1 - extent.minY * scale)
            w += 1
            h += 1
            raster = .scale(scale, offsetX: x.offset, offsetY: y.offset)
            width = w
            height = h
            toStore = .translation(-Double(x.origin), -Double(y.origin))
            hull = []
            box = PixelBox(minX: x.origin, minY: y.origin, maxX: x.origin + w, maxY: y.origin + h).intersection(clipBox)
            return
        }
        raster = .scale(scale, offsetX: 1 - extent.minX * scale, offsetY: 1 - extent.minY * scale)
        width = w
        height = h
        let fromStore = Homography(raster).inverted!.then(map)
        guard let inverse = fromStore.inverted else { return nil }
        toStore = inverse
        let storeBox = DeviceBox(minX: 0, minY: 0, maxX: Double(w), maxY: Double(h))
        if fromStore.isAffine {
            // The store's four corners straight through the map, in ConvexPolygon(rect:)'s
            // order: the same hull and box as the polygon's path below, without its arrays.
            let p0 = fromStore.project(0, 0), p1 = fromStore.project(storeBox.maxX, 0)
            let p2 = fromStore.project(storeBox.maxX, storeBox.maxY), p3 = fromStore.project(0, storeBox.maxY)
            guard let lines = EdgeLine.sides(ofQuad: SIMD4(p0.x, p1.x, p2.x, p3.x), SIMD4(p0.y, p1.y, p2.y, p3.y))
            else { return nil }
            hull = lines
            box = PixelBox(covering: fromStore.boundingBox(of: storeBox)).intersection(clipBox)
            return
        }
        // In front of the eye only.
        var outline = ConvexPolygon(rect: storeBox)
            .clipped(a: fromStore.a13, b: fromStore.a23, c: fromStore.a33 - FramePlanner.nearW)
        guard !outline.isEmpty else { return nil }
        // Projected in place (`mapped` would copy the polygon's arrays).
        for i in 0..<outline.count {
            let p = fromStore.project(outline.xs[i], outline.ys[i])
            outline.xs[i] = p.x
            outline.ys[i] = p.y
        }
        guard let lines = EdgeLine.sides(of: outline) else { return nil }
        hull = lines
        box = PixelBox(covering: outline.boundingBox).intersection(clipBox)
    }
}

/// Rasterization scales in coarse steps.
enum RasterScale {
    /// The smallest power of √2 at or above `m` (within float noise: a turned
    /// layer's magnification is 1 give or take an ulp), from 2^-24 up; the
    /// pixel budget bounds it from above.
    static func quantized(_ m: Double) -> Double {
        guard m.isFinite, m > 0 else { return 1 }
        let k = (2 * log2(m) - 1e-6).rounded(.up)
        return max(pow(2, k / 2), smallest)
    }

    static let smallest = 0x1p-24
}

extension Homography {
    init(_ m: RasterMap) {
        self.init(a11: m.xx, a12: m.yx, a13: 0, a21: m.xy, a22: m.yy, a23: 0, a31: m.x0, a32: m.y0, a33: 1)
    }
}

extension DeviceBox {
    init(_ r: Rect) { self.init(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY) }
}

extension Homography {
    /// The bounding box of `box`'s corners projected through the map: the
    /// same values, compared in the same order, as
    /// `ConvexPolygon(rect: box).mapped { project($0, $1) }.boundingBox`,
    /// without the polygon's arrays (the planner asks this for every layer).
    func boundingBox(of box: DeviceBox) -> DeviceBox {
        let p0 = project(box.minX, box.minY), p1 = project(box.maxX, box.minY)
        let p2 = project(box.maxX, box.maxY), p3 = project(box.minX, box.maxY)
        // Array.min()/max(): the first element, replaced by each later one that is smaller/larger.
        func least(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            var r = a
            if b < r { r = b }
            if c < r { r = c }
            if d < r { r = d }
            return r
        }
        func greatest(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            var r = a
            if r < b { r = b }
            if r < c { r = c }
            if r < d { r = d }
            return r
        }
        return DeviceBox(minX: least(p0.x, p1.x, p2.x, p3.x), minY: least(p0.y, p1.y, p2.y, p3.y),
                         maxX: greatest(p0.x, p1.x, p2.x, p3.x), maxY: greatest(p0.y, p1.y, p2.y, p3.y))
    }
}
