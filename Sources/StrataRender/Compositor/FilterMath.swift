import StrataModel

/// The pixels of `filters` and `backgroundFilters` (CIGaussianBlur,
/// CIColorControls) on premultiplied BGRA pixels (Cairo's ARGB32 words).
enum FilterMath {
    /// Blurs the pixels of a `width` x `height` block (rows `stride` pixels
    /// apart) in place: each premultiplied channel through the shadows' one
    /// blur (`Blur.gaussian`), so colour and alpha spread alike. Outside
    /// the block counts as transparent.
    static func gaussianBlur(_ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int,
                             sigma: Double) {
        guard width > 0, height > 0, sigma > 0, sigma.isFinite else { return }
        let count = width * height
        let plane = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer { plane.deallocate() }
        for shift in Swift.stride(from: UInt32(0), through: 24, by: 8) {
            for y in 0..<height {
                let row = pixels + y * stride
                for x in 0..<width { plane[y * width + x] = UInt8((row[x] >> shift) & 0xFF) }
            }
            Blur.gaussian(plane, width: width, height: height, stride: width, sigma: sigma)
            let keep = ~(UInt32(0xFF) << shift)
            for y in 0..<height {
                let row = pixels + y * stride
                for x in 0..<width { row[x] = (row[x] & keep) | UInt32(plane[y * width + x]) << shift }
            }
        }
        // Each channel rounds on its own: keep colour at most alpha (premultiplied).
        for y in 0..<height {
            let row = pixels + y * stride
            for x in 0..<width { row[x] = clampedToAlpha(row[x]) }
        }
    }

    /// Rec. 709 luma weights: CIColorControls' grey at saturation 0.
    static let luma = (r: 0.2125, g: 0.7154, b: 0.0721)

    /// CIColorControls on one straight colour: towards its grey by
    /// `saturation` (0 grey, 1 unchanged), plus `brightness`, then
    /// `contrast` about 0.5; clamped to 0...1.
    static func colorControls(_ c: RGB, saturation: Double, brightness: Double, contrast: Double) -> RGB {
        let grey = luma.r * c.r + luma.g * c.g + luma.b * c.b
        return c.map { v in
            let s = grey + (v - grey) * saturation
            let out = (s + brightness - 0.5) * contrast + 0.5
            return out > 0 ? min(out, 1) : 0
        }
    }

    /// The same on a pixel: unpremultiplied, changed, premultiplied again
    /// (alpha kept; a transparent pixel stays transparent).
    static func colorControls(_ p: UInt32, saturation: Double, brightness: Double, contrast: Double) -> UInt32 {
        let c = PremultipliedColor(pixel: p)
        guard c.a > 0 else { return p }
        let out = colorControls(c.straight, saturation: saturation, brightness: brightness, contrast: contrast)
        return PremultipliedColor(r: out.r * c.a, g: out.g * c.a, b: out.b * c.a, a: c.a).pixel
    }

    /// Applies `filter` to a block of pixels in place.
    static func apply(_ filter: PixelFilter, _ pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
                      stride: Int) {
        switch filter {
        case .blur(let sigma):
            gaussianBlur(pixels, width: width, height: height, stride: stride, sigma: sigma)
        case .colorControls(let s, let b, let c):
            // Many pixels repeat (flat fills): remember the last one.
            var lastIn: UInt32 = 0, lastOut: UInt32 = 0
            for y in 0..<height {
                let row = pixels + y * stride
                for x in 0..<width {
                    let p = row[x]
                    if p != lastIn || x == 0 && y == 0 {
                        lastIn = p
                        lastOut = colorControls(p, saturation: s, brightness: b, contrast: c)
                    }
                    row[x] = lastOut
                }
            }
        }
    }

    private static func clampedToAlpha(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        let r = min((p >> 16) & 0xFF, a), g = min((p >> 8) & 0xFF, a), b = min(p & 0xFF, a)
        return a << 24 | r << 16 | g << 8 | b
    }
}

/// A filter ready for pixels: its radius in device pixels.
enum PixelFilter: Hashable, Sendable {
    /// Gaussian standard deviation in pixels.
    case blur(sigma: Double)
    case colorControls(saturation: Double, brightness: Double, contrast: Double)

    /// `f` on a layer whose space has `pixelsPerPoint` device pixels per point.
    init(_ f: LayerFilter, pixelsPerPoint: Double) {
        switch f.kind {
        case .gaussianBlur: self = .blur(sigma: min(f.inputRadius, Limits.maxFilterRadius) * pixelsPerPoint)
        case .colorControls:
            self = .colorControls(saturation: f.inputSaturation, brightness: f.inputBrightness, contrast: f.inputContrast)
        }
    }

    /// How far the filter reads around a pixel (pixels): 3 sigma for a blur.
    var reach: Int {
        if case .blur(let s) = self { return Int((3 * s).rounded(.up)) }
        return 0
    }
}
