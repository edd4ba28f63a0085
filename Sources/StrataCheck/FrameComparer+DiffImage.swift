import StrataModel

extension FrameComparer {
    /// Opaque BGRA of a pixel that differs: red.
    public static let differsColor: (r: UInt8, g: UInt8, b: UInt8) = (255, 0, 0)
    /// Opaque BGRA of a difference ignored as anti-aliasing: yellow.
    public static let antialiasedColor: (r: UInt8, g: UInt8, b: UInt8) = (255, 255, 0)
    /// Side of the checkerboard squares of a size-mismatch diff, in pixels.
    public static let checkerSize = 8

    /// A picture of where the frames differ (opaque, the frames' size):
    /// pixels that differ in red, differences ignored as anti-aliasing
    /// (only when `tolerance.antialiasing`) in yellow, everything else a faded
    /// grayscale of the expected frame: gray = 255 − (255 − luma) / 5, luma of
    /// the expected pixel composited over white (black shows as 204).
    ///
    /// When the sizes differ the picture covers both frames (the larger width
    /// and height): a checkerboard of 255/230 gray squares, the actual frame
    /// composited over it at the top-left, and the area covered by only one
    /// of the two frames tinted half red.
    public static func diffImage(actual: Pixmap, expected: Pixmap, tolerance: Tolerance) -> Pixmap {
        compareAndDiff(actual: actual, expected: expected, tolerance: tolerance).diff
    }

    /// ``compare(actual:expected:tolerance:)`` and ``diffImage(actual:expected:tolerance:)``
    /// from a single comparison pass.
    public static func compareAndDiff(actual: Pixmap, expected: Pixmap, tolerance: Tolerance)
        -> (comparison: FrameComparison, diff: Pixmap) {
        if actual.width != expected.width || actual.height != expected.height {
            return (compare(actual: actual, expected: expected, tolerance: tolerance),
                    sizeMismatchImage(actual: actual, expected: expected))
        }
        let count = actual.width * actual.height
        var marks = [UInt8](repeating: Mark.same.rawValue, count: count)
        let comparison = marks.withUnsafeMutableBufferPointer {
            scan(actual: actual, expected: expected, tolerance: tolerance, marks: $0)
        }
        var out = [UInt8](repeating: 255, count: count * 4)
        out.withUnsafeMutableBufferPointer { o in
            expected.pixels.withUnsafeBufferPointer { e in
                let raster = Raster(e, width: expected.width, height: expected.height)
                for p in 0..<count {
                    let i = p &* 4
                    switch marks[p] {
                    case Mark.differs.rawValue:
                        o[i] = differsColor.b; o[i &+ 1] = differsColor.g; o[i &+ 2] = differsColor.r
                    case Mark.antialiased.rawValue:
                        o[i] = antialiasedColor.b; o[i &+ 1] = antialiasedColor.g; o[i &+ 2] = antialiasedColor.r
                    default:
                        let luma = (raster.luma(p % expected.width, p / expected.width) &+ 500) / 1000
                        let gray = UInt8(255 &- (255 &- luma) / 5)
                        o[i] = gray; o[i &+ 1] = gray; o[i &+ 2] = gray
                    }
                }
            }
        }
        return (comparison, Pixmap(width: actual.width, height: actual.height, pixels: out))
    }

    /// See ``diffImage(actual:expected:tolerance:)``.
    static func sizeMismatchImage(actual: Pixmap, expected: Pixmap) -> Pixmap {
        let width = max(actual.width, expected.width)
        let height = max(actual.height, expected.height)
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let light = ((x / checkerSize) + (y / checkerSize)) % 2 == 0
                let under = light ? 255 : 230
                var bgr = (under, under, under)
                let inActual = x < actual.width && y < actual.height
                let inExpected = x < expected.width && y < expected.height
                if inActual {
                    let i = (y * actual.width + x) * 4
                    let px = actual.pixels
                    let rest = 255 - Int(px[i + 3])
                    func over(_ c: UInt8) -> Int { min(Int(c) + (rest * under + 127) / 255, 255) }
                    bgr = (over(px[i]), over(px[i + 1]), over(px[i + 2]))
                }
                if inActual != inExpected {
                    bgr = (bgr.0 / 2, bgr.1 / 2, (bgr.2 + 255) / 2)
                }
                let o = (y * width + x) * 4
                out[o] = UInt8(bgr.0); out[o + 1] = UInt8(bgr.1); out[o + 2] = UInt8(bgr.2)
            }
        }
        return Pixmap(width: width, height: height, pixels: out)
    }
}
