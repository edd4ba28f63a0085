import StrataModel

extension Compositor {
    /// A gradient through the fill's shape. Runs blended over are looked
    /// up and blended in one pass (`Blending.over(_:y:from:count:table:through:onto:)`,
    /// partial runs with their coverage); added runs get their colours
    /// into the run buffer, coverage on partial runs, then are added.
    func fill(_ f: SolidFill, _ gradient: GradientPaint, on surface: Surface, box: PixelBox) {
        let table = gradientTable(gradient, alpha: f.alpha)
        let region = f.region
        table.withUnsafeBufferPointer { colors in
            let colors = colors.baseAddress!
            for y in box.minY..<box.maxY {
                let row = surface.row(y)
                // Drawn from the closure: collected runs (`RowRuns`) cost W1 ~0.3 M instructions a frame more.
                region.runs(y: y, minX: box.minX, maxX: box.maxX) { from, to, full in
                    if full, f.blend == .over {
                        return Blending.over(gradient, y: y, from: from, count: to - from, table: colors,
                                             through: run, onto: row + from)
                    }
                    var x = from
                    while x < to {
                        let n = min(Self.runLength, to - x)
                        if f.blend == .over {
                            region.coverage(y: y, from: x, count: n, into: cover)
                            Blending.over(gradient, y: y, from: x, count: n, table: colors, coveredBy: cover,
                                          through: run, onto: row + x)
                        } else {
                            gradient.colors(y: y, from: x, count: n, table: colors, into: run)
                            if !full { applyCoverage(region, y: y, from: x, count: n) }
                            Blending.add(run, row + x, count: n)
                        }
                        x += n
                    }
                }
            }
        }
    }

    /// The colour table of a gradient at an alpha, kept for the next frames.
    private func gradientTable(_ g: GradientPaint, alpha: Double) -> [UInt32] {
        let key = GradientKey(offsets: g.offsets, colors: g.colors, alpha: alpha)
        if let table = gradientTables[key] { return table }
        if gradientTables.count >= 256 { gradientTables.removeAll(keepingCapacity: true) }
        let table = g.table(alpha: alpha)
        gradientTables[key] = table
        return table
    }

    struct GradientKey: Hashable {
        var offsets: [Double]
        var colors: [Color]
        var alpha: Double
    }
}

extension Blending {
    /// The gradient's colours at pixels [from, from + count) of row y
    /// (from `table`, `GradientPaint.table(alpha:)`) over `dst`'s `count`
    /// pixels, looked up and blended four at a time, without a run buffer.
    @inline(__always)
    static func over(_ gradient: GradientPaint, y: Int, from: Int, count: Int, table: UnsafePointer<UInt32>,
                     through four: UnsafeMutablePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>) {
        blendRow(gradient, y: y, from: from, count: count, table: table, through: four, onto: dst,
                 { _, colors, d in colors.over(d) }, { _, color, d in Pixel.over(color, d) })
    }

    /// The same times each pixel's coverage byte in `cover` (0...255, room
    /// for `count` rounded up to four): a partial run.
    @inline(__always)
    static func over(_ gradient: GradientPaint, y: Int, from: Int, count: Int, table: UnsafePointer<UInt32>,
                     coveredBy cover: UnsafePointer<UInt8>,
                     through four: UnsafeMutablePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>) {
        let k = UnsafeRawPointer(cover)
        blendRow(gradient, y: y, from: from, count: count, table: table, through: four, onto: dst, { i, colors, d in
            colors.scaled(weights(k.loadUnaligned(fromByteOffset: i, as: UInt32.self))).over(d)
        }, { i, color, d in Pixel.over(Pixel.scaled(color, UInt32(cover[i])), d) })
    }

    /// The loop both share: `blend4(i, colours, row)` on pixels i...i + 3
    /// for each whole four, then `blend1(i, colour, row)` on the last few
    /// (the scalar `Pixel` forms round as `Split` does, so the bytes are
    /// those of the whole run's colours fetched first, then blended). Each
    /// four go through `four` (room for four pixels): built in a vector
    /// register from the table's words, they took three more instructions.
    @inline(__always)
    private static func blendRow(_ gradient: GradientPaint, y: Int, from: Int, count: Int, table: UnsafePointer<UInt32>,
                                 through four: UnsafeMutablePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>,
                                 _ blend4: (Int, Split, Split) -> Split, _ blend1: (Int, UInt32, UInt32) -> UInt32) {
        let raw = UnsafeMutableRawPointer(dst), fours = count & ~3
        gradient.colors(y: y, from: from, count: fours, table: table, into: four) { i in
            let d = Split(raw.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self))
            let colors = Split(UnsafeRawPointer(four).loadUnaligned(as: Pixels4.self))
            raw.storeBytes(of: blend4(i, colors, d).pixels, toByteOffset: i &* 4, as: Pixels4.self)
        }
        guard fours < count else { return }
        // Pixel centres from + fours + 0.5 ...: the same Doubles as stepped to (all exact).
        gradient.colors(y: y, from: from &+ fours, count: count &- fours, table: table, into: four)
        for i in fours..<count { dst[i] = blend1(i, four[i &- fours], dst[i]) }
    }
}
