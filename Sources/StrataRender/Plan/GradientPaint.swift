import StrataModel

/// A CAGradientLayer's colours worked out per surface pixel: the gradient's
/// parameter t at a pixel centre is an affine function of the pixel
/// (axial), or the length of one (radial, an ellipse in the layer's space
/// mapped to the unit circle); colours come from a table of the stops,
/// padded past both ends as Core Animation pads them.
///
/// Used for gradient layers that move or turn: evaluating the gradient at
/// each pixel costs less than resampling a bitmap of it, and stays sharp.
struct GradientPaint: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        /// t = a x + b y + c.
        case axial(a: Double, b: Double, c: Double)
        /// t = |(ux x + uy y + u0, vx x + vy y + v0)|.
        case radial(ux: Double, uy: Double, u0: Double, vx: Double, vy: Double, v0: Double)
    }
    var kind: Kind
    var offsets: [Double]
    /// Straight sRGB, one per offset.
    var colors: [Color]

    /// The paint of `g` in `bounds` through `map` (the layer's space ->
    /// surface pixels), or nil when it needs the rasterized path (conic, a
    /// degenerate gradient, perspective).
    init?(_ g: GradientProperties, bounds: Rect, map: Homography) {
        guard map.isAffine, g.type != .conic, let back = map.inverted, !g.colors.isEmpty else { return nil }
        let stops = GradientStops(colors: g.colors, locations: g.locations ?? g.resolvedLocations)
        offsets = stops.offsets
        colors = stops.colors
        // Surface -> layer: x' = i11 x + i21 y + i31, y' = i12 x + i22 y + i32.
        let w = back.a33
        let i11 = back.a11 / w, i12 = back.a12 / w, i21 = back.a21 / w, i22 = back.a22 / w
        let i31 = back.a31 / w, i32 = back.a32 / w
        let sx = bounds.minX + g.startPoint.x * bounds.width, sy = bounds.minY + g.startPoint.y * bounds.height
        let ex = bounds.minX + g.endPoint.x * bounds.width, ey = bounds.minY + g.endPoint.y * bounds.height
        switch g.type {
        case .axial:
            let dx = ex - sx, dy = ey - sy, length = dx * dx + dy * dy
            guard length > 0, length.isFinite else { return nil }
            kind = .axial(a: (i11 * dx + i12 * dy) / length, b: (i21 * dx + i22 * dy) / length,
                          c: ((i31 - sx) * dx + (i32 - sy) * dy) / length)
        case .radial:
            let rx = abs(g.endPoint.x - g.startPoint.x) * bounds.width
            let ry = abs(g.endPoint.y - g.startPoint.y) * bounds.height
            guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else { return nil }
            kind = .radial(ux: i11 / rx, uy: i21 / rx, u0: (i31 - sx) / rx, vx: i12 / ry, vy: i22 / ry, v0: (i32 - sy) / ry)
        case .conic:
            return nil
        }
    }

    /// Entries in a colour table.
    static let tableSize = 1024

    /// The premultiplied colours at t = i / (tableSize - 1), times `alpha`.
    func table(alpha: Double) -> [UInt32] {
        let stops = GradientStops(colors: colors, locations: offsets)
        return (0..<Self.tableSize).map { i in
            Pixel.premultiplied(stops.color(at: Double(i) / Double(Self.tableSize - 1), side: .after), alpha: alpha)
        }
    }

    /// The table indices of four pixels from their parameters.
    @inline(__always)
    static func entries(_ t: SIMD4<Double>) -> SIMD4<UInt32> {
        let top = SIMD4<Double>(repeating: Double(tableSize - 1))
        // NaN and negative t land on 0, t past 1 on the last entry (Core Animation pads).
        let v = (t * top).replacing(with: 0, where: .!(t .> 0)).replacing(with: top, where: t .> 1)
        // Rounded to the nearest entry by adding 1.5 * 2^52: the low word of the sum is the integer.
        return unsafeBitCast(v + 6_755_399_441_055_744.0, to: SIMD8<UInt32>.self).evenHalf
    }

    /// The colour of each pixel [from, from + count) of row y, looked up
    /// in `table` (`table(alpha:)`), four at a time into `out`, which has
    /// room for `count` rounded up to four.
    @inline(__always)
    func colors(y: Int, from: Int, count: Int, table: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>) {
        colors(y: y, from: from, count: count, table: table, into: out, step: 4) { _ in }
    }

    /// The colours of pixels [from, from + count) of row y from `table`,
    /// four at a time: for i = 0, 4, 8, ... below `count`, pixels i...i + 3
    /// into out[j...j + 3], then `body(i)` (j = i stepped by `step`: 4 fills
    /// out with the run, 0 reuses its first four). Each colour is a function
    /// of its pixel's coordinates alone: the row's term (b y + c) is the same
    /// sum for every pixel of the row, and the pixel centres x + 0.5 are
    /// stepped by 4, exact in a Double, so the parameters are the same bits
    /// as worked out pixel by pixel.
    @inline(__always)
    func colors(y: Int, from: Int, count: Int, table: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>,
                step: Int = 0, _ body: (Int) -> Void) {
        let cy = Double(y) + 0.5
        var px = SIMD4<Double>(0.5, 1.5, 2.5, 3.5) + Double(from)
        var j = 0
        switch kind {
        case .axial(let a, let b, let c):
            let row = b * cy + c
            var i = 0
            while i < count {
                Self.look(up: Self.entries(a * px + row), in: table, into: out + j)
                body(i)
                px += 4
                i &+= 4
                j &+= step
            }
        case .radial(let ux, let uy, let u0, let vx, let vy, let v0):
            let uRow = uy * cy + u0, vRow = vy * cy + v0
            var i = 0
            while i < count {
                let u = ux * px + uRow, v = vx * px + vRow
                Self.look(up: Self.entries((u * u + v * v).squareRoot()), in: table, into: out + j)
                body(i)
                px += 4
                i &+= 4
                j &+= step
            }
        }
    }

    /// The table's colours at four entries, into out[0...3].
    @inline(__always)
    private static func look(up e: SIMD4<UInt32>, in table: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>) {
        out[0] = table[Int(e[0])]
        out[1] = table[Int(e[1])]
        out[2] = table[Int(e[2])]
        out[3] = table[Int(e[3])]
    }
}
