import Foundation
import StrataModel

/// Compares rendered frames with golden frames (pixelmatch / odiff style).
public enum FrameComparer {
    /// Compares `actual` with `expected` under `tolerance` in one pass over
    /// the bytes. See ``FrameComparison`` for how pixels are compared.
    /// Frames of different sizes give `sizeMismatch` and zero figures.
    public static func compare(actual: Pixmap, expected: Pixmap, tolerance: Tolerance) -> FrameComparison {
        scan(actual: actual, expected: expected, tolerance: tolerance, marks: nil)
    }

    /// What the scan decided about one pixel (kept for the diff image).
    enum Mark: UInt8 {
        case same = 0, differs = 1, antialiased = 2
    }

    /// The comparison pass. When `marks` is given (one byte per pixel, zeroed)
    /// it receives each pixel's ``Mark``.
    static func scan(actual: Pixmap, expected: Pixmap, tolerance: Tolerance,
                     marks: UnsafeMutableBufferPointer<UInt8>?) -> FrameComparison {
        var result = FrameComparison(
            width: actual.width, height: actual.height,
            expectedWidth: expected.width, expectedHeight: expected.height,
            sizeMismatch: actual.width != expected.width || actual.height != expected.height,
            maxChannelDelta: 0, differingPixels: 0, antialiasedPixels: 0, psnr: .infinity)
        if result.sizeMismatch || result.pixelCount == 0 { return result }

        let count = result.pixelCount
        let channel = tolerance.channel
        let detectAA = tolerance.antialiasing
        var maxDelta = 0, differing = 0, antialiased = 0
        var squares: UInt64 = 0   // squared deltas of both composites: ≤ 6·255² a pixel, no overflow

        actual.pixels.withUnsafeBufferPointer { a in
            expected.pixels.withUnsafeBufferPointer { e in
                let rasterA = Raster(a, width: actual.width, height: actual.height)
                let rasterE = Raster(e, width: expected.width, height: expected.height)
                let wordsA = UnsafeRawBufferPointer(a), wordsE = UnsafeRawBufferPointer(e)
                for p in 0..<count {
                    let o = p &* 4
                    // Most pixels are equal: one 32-bit compare skips them.
                    if wordsA.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                        == wordsE.loadUnaligned(fromByteOffset: o, as: UInt32.self) { continue }
                    let dA = Int(a[o &+ 3]) &- Int(e[o &+ 3])
                    let d0 = Int(a[o]) &- Int(e[o])
                    let d1 = Int(a[o &+ 1]) &- Int(e[o &+ 1])
                    let d2 = Int(a[o &+ 2]) &- Int(e[o &+ 2])
                    // Over black the difference is Δc, over white Δc − Δa.
                    let w0 = d0 &- dA, w1 = d1 &- dA, w2 = d2 &- dA
                    squares &+= UInt64(d0 &* d0 &+ d1 &* d1 &+ d2 &* d2 &+ w0 &* w0 &+ w1 &* w1 &+ w2 &* w2)
                    let delta = max(abs(d0), abs(d1), abs(d2), abs(w0), abs(w1), abs(w2))
                    if delta > maxDelta { maxDelta = delta }
                    guard delta > channel else { continue }
                    let x = p % actual.width, y = p / actual.width
                    if detectAA && (rasterA.isAntialiased(x, y, other: rasterE)
                                    || rasterE.isAntialiased(x, y, other: rasterA)) {
                        antialiased &+= 1
                        marks?[p] = Mark.antialiased.rawValue
                    } else {
                        differing &+= 1
                        marks?[p] = Mark.differs.rawValue
                    }
                }
            }
        }

        result.maxChannelDelta = maxDelta
        result.differingPixels = differing
        result.antialiasedPixels = antialiased
        if squares > 0 {
            let mse = Double(squares) / Double(count * 6)
            result.psnr = 10 * log10(255.0 * 255.0 / mse)
        }
        return result
    }
}
