#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gaussian blur of an 8-bit alpha plane, for shadows.
///
/// Large standard deviations use three successive box filters (Kovesi's
/// "almost Gaussian" sizes, two widths chosen so the variance matches
/// sigma^2 closely): each pass is a running sum, so the cost per pixel does
/// not depend on the radius. Below sigma 4, where narrow boxes approximate a
/// Gaussian poorly, an exact sampled kernel of at most 25 taps is used (also
/// bounded). Measured against the exact Gaussian (CompositingPropertiesTests):
/// an edge (step) is within 1% everywhere; an impulse peaks within 6%.
/// Outside the plane counts as transparent.
public enum Blur {
    /// Box widths (odd) for three passes whose combined variance is sigma^2.
    static func boxWidths(sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var wl = Int(ideal.rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        wl = max(wl, 1)
        let wu = wl + 2
        let mIdeal = (12 * sigma * sigma - n * Double(wl * wl) - 4 * n * Double(wl) - 3 * n) / (-4 * Double(wl) - 4)
        let m = Int(mIdeal.rounded())
        return (0..<3).map { $0 < m ? wl : wu }
    }

    /// Blurs `line` (count values at `stride` apart) in place, using
    /// `scratch` (at least count + widest kernel) as working memory.
    static func blurLine(_ line: UnsafeMutablePointer<Float>, count: Int, sigma: Double,
                         scratch: UnsafeMutablePointer<Float>) {
        guard count > 0, sigma > 0 else { return }
        if sigma < 4 {
            gaussianLine(line, count: count, sigma: sigma, scratch: scratch)
            return
        }
        for w in boxWidths(sigma: sigma) {
            boxLine(line, count: count, radius: w / 2, scratch: scratch)
        }
    }

    /// One box pass: out[i] = mean of in[i - r ... i + r], zeros outside.
    private static func boxLine(_ line: UnsafeMutablePointer<Float>, count: Int, radius r: Int,
                                scratch: UnsafeMutablePointer<Float>) {
        guard r > 0 else { return }
        scratch.update(from: line, count: count)
        let inv = 1 / Float(2 * r + 1)
        var sum: Float = 0
        for k in 0..<min(r, count) { sum += scratch[k] }
        for i in 0..<count {
            let add = i + r, drop = i - r - 1
            if add < count { sum += scratch[add] }
            if drop >= 0 { sum -= scratch[drop] }
            line[i] = sum * inv
        }
    }

    /// Exact sampled Gaussian (normalised), radius ceil(3 sigma).
    private static func gaussianLine(_ line: UnsafeMutablePointer<Float>, count: Int, sigma: Double,
                                     scratch: UnsafeMutablePointer<Float>) {
        let r = Int((3 * sigma).rounded(.up))
        var kernel = [Float](repeating: 0, count: 2 * r + 1)
        var total = 0.0
        for k in -r...r {
            let v = exp(-Double(k * k) / (2 * sigma * sigma))
            kernel[k + r] = Float(v)
            total += v
        }
        for k in kernel.indices { kernel[k] = Float(Double(kernel[k]) / total) }
        scratch.update(from: line, count: count)
        kernel.withUnsafeBufferPointer { kp in
            for i in 0..<count {
                var s: Float = 0
                let lo = max(0, i - r), hi = min(count - 1, i + r)
                for j in lo...hi { s += scratch[j] * kp[j - i + r] }
                line[i] = s
            }
        }
    }

    /// Blurs an 8-bit plane in place: rows, then columns.
    public static func gaussian(_ plane: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
                                sigma: Double) {
        guard width > 0, height > 0, sigma > 0 else { return }
        // A blur this wide leaves no pixel half a level: everything the plane
        // holds (at most 255 a pixel) spread under a Gaussian peaks at
        // sum / (2 pi sigma^2). Past it the plane is clear, and the box widths
        // below stay far inside an Int.
        let peak = 255 * Double(width) * Double(height) / (2 * Double.pi * sigma * sigma)
        guard sigma.isFinite, peak >= 0.5 else {
            for y in 0..<height { (plane + y * stride).update(repeating: 0, count: width) }
            return
        }
        let longest = max(width, height)
        let line = UnsafeMutablePointer<Float>.allocate(capacity: longest)
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: longest)
        defer { line.deallocate(); scratch.deallocate() }
        for y in 0..<height {
            let row = plane + y * stride
            var any = false
            for x in 0..<width { line[x] = Float(row[x]); any = any || row[x] != 0 }
            guard any else { continue }
            blurLine(line, count: width, sigma: sigma, scratch: scratch)
            for x in 0..<width { row[x] = UInt8(max(0, min(255, line[x] + 0.5))) }
        }
        for x in 0..<width {
            var any = false
            for y in 0..<height { let v = plane[y * stride + x]; line[y] = Float(v); any = any || v != 0 }
            guard any else { continue }
            blurLine(line, count: height, sigma: sigma, scratch: scratch)
            for y in 0..<height { plane[y * stride + x] = UInt8(max(0, min(255, line[y] + 0.5))) }
        }
    }
}
