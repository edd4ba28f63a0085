import StrataModel

/// The figures of one rendered frame compared with its golden image.
///
/// How pixels are compared (premultiplied BGRA, alpha-correct): a pixel's
/// delta is the largest difference, over the red, green and blue channels,
/// between the two pixels composited over black and composited over white.
/// Compositing is linear in the background, so these two backgrounds bound
/// the difference on any background. With premultiplied bytes `c` and alpha
/// `a` this is `max(|Δc|, |Δc − Δa|)`, in 0...255. For opaque frames (the
/// normal case) it is the plain byte difference; a change of alpha alone
/// counts in full; fully transparent pixels are equal whatever colour they
/// would have, and faint pixels are not amplified as an un-premultiplied
/// comparison would.
public struct FrameComparison: Sendable, Hashable {
    /// Size of the actual frame in pixels.
    public var width: Int
    public var height: Int
    /// Size of the expected (golden) frame in pixels.
    public var expectedWidth: Int
    public var expectedHeight: Int
    /// The sizes differ; then no other figure is meaningful (all are zero).
    public var sizeMismatch: Bool
    /// Largest pixel delta (see the type's documentation), 0...255.
    public var maxChannelDelta: Int
    /// Pixels whose delta exceeds `tolerance.channel`, not counting those
    /// classified as anti-aliasing when `tolerance.antialiasing` is on.
    public var differingPixels: Int
    /// Pixels whose delta exceeds `tolerance.channel` but that lie on an
    /// anti-aliased edge in either image; counted (and excluded from
    /// `differingPixels`) only when `tolerance.antialiasing` is on, else 0.
    public var antialiasedPixels: Int
    /// Peak signal-to-noise ratio in dB over the red, green and blue channels
    /// of both composites (over black and over white); `.infinity` when no
    /// channel differs. A constant offset of 10 on every channel of an opaque
    /// frame gives 20·log10(255/10) ≈ 28.13 dB.
    public var psnr: Double

    public init(width: Int, height: Int, expectedWidth: Int, expectedHeight: Int,
                sizeMismatch: Bool, maxChannelDelta: Int, differingPixels: Int,
                antialiasedPixels: Int, psnr: Double) {
        self.width = width; self.height = height
        self.expectedWidth = expectedWidth; self.expectedHeight = expectedHeight
        self.sizeMismatch = sizeMismatch
        self.maxChannelDelta = maxChannelDelta
        self.differingPixels = differingPixels
        self.antialiasedPixels = antialiasedPixels
        self.psnr = psnr
    }

    /// Pixels in the frame.
    public var pixelCount: Int { width * height }

    /// `differingPixels / pixelCount`, 0 for an empty frame.
    public var differingFraction: Double {
        pixelCount == 0 ? 0 : Double(differingPixels) / Double(pixelCount)
    }

    /// How many pixels may differ under `t`: `t.pixelCount` when set, else
    /// `t.pixels` of the frame rounded down (a tiny epsilon absorbs binary
    /// rounding, so 0.001 of 1000 pixels allows exactly 1).
    public func allowedDifferingPixels(_ t: Tolerance) -> Int {
        if let count = t.pixelCount { return max(count, 0) }
        return max(Int((t.pixels * Double(pixelCount) * (1 + 1e-12)).rounded(.down)), 0)
    }

    /// Whether the frame matches under `t`. Use the tolerance the comparison
    /// was made with: `channel` and `antialiasing` were applied while counting.
    public func passes(_ t: Tolerance) -> Bool {
        failureReasons(t).isEmpty
    }

    /// One human sentence per broken limit, empty when the frame passes, e.g.
    /// `"412 pixels differ by more than 2 (0.20% > 0.10%)"`,
    /// `"PSNR 38.2 dB < 45 dB"`, `"size 100x100 != 120x100"` (actual != golden).
    public func failureReasons(_ t: Tolerance) -> [String] {
        if sizeMismatch {
            return ["size \(width)x\(height) != \(expectedWidth)x\(expectedHeight)"]
        }
        var reasons: [String] = []
        let allowed = allowedDifferingPixels(t)
        if differingPixels > allowed {
            let noun = differingPixels == 1 ? "pixel differs" : "pixels differ"
            let head = "\(differingPixels) \(noun) by more than \(t.channel)"
            if let count = t.pixelCount {
                reasons.append("\(head) (\(count) allowed)")
            } else {
                let (shown, limit) = Format.percentPair(differingFraction, t.pixels)
                reasons.append("\(head) (\(shown) > \(limit))")
            }
        }
        if let floor = t.psnr, !(psnr >= floor) {
            reasons.append("PSNR \(Format.decibels(psnr, below: floor)) < \(Format.number(floor)) dB")
        }
        return reasons
    }

    /// A one-line summary of the figures, e.g.
    /// `"max delta 37, 412 pixels differ (0.20%), 3 anti-aliased, PSNR 38.2 dB"`.
    public var summary: String {
        if sizeMismatch {
            return "size \(width)x\(height) != \(expectedWidth)x\(expectedHeight)"
        }
        var parts = ["max delta \(maxChannelDelta)",
                     "\(differingPixels) \(differingPixels == 1 ? "pixel differs" : "pixels differ") (\(Format.percent(differingFraction)))"]
        if antialiasedPixels > 0 { parts.append("\(antialiasedPixels) anti-aliased") }
        parts.append("PSNR \(Format.decibels(psnr))")
        return parts.joined(separator: ", ")
    }
}
