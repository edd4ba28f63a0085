import StrataModel

extension Compositor {
    /// A gradient through the fill's shape. Full runs blended over are
    /// looked up and blended in one pass (`Blending.over(_:y:from:count:table:onto:)`);
    /// other runs get their colours into the run buffer, coverage on
    /// partial runs, then are blended.
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
                        gradient.colors(y: y, from: x, count: n, table: colors, into: run)
                        if !full { applyCoverage(region, y: y, from: x, count: n) }
                        switch f.blend {
                        case .over: Blending.over(run, row + x, count: n)
                        case .add: Blending.add(run, row + x, count: n)
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
    /// pixels, looked up and blended four at a time; the last few one by
    /// one with `Pixel.over`, which rounds as `Split` does: the same bytes
    /// as the whole run's colours fetched first, then `over`. Each four go
    /// through `four` (room for four pixels): built in a vector register
    /// from the table's words, they took three more instructions.
    @inline(__always)
    static func over(_ gradient: GradientPaint, y: Int, from: Int, count: Int, table: UnsafePointer<UInt32>,
                     through four: UnsafeMutablePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>) {
        let raw = UnsafeMutableRawPointer(dst), fours = count & ~3
        gradient.colors(y: y, from: from, count: fours, table: table, into: four) { i in
            let d = Split(raw.loadUnaligned(fromByteOffset: i &* 4, as: Pixels4.self))
            let colors = Split(UnsafeRawPointer(four).loadUnaligned(as: Pixels4.self))
            raw.storeBytes(of: colors.over(d).pixels, toByteOffset: i &* 4, as: Pixels4.self)
        }
        guard fours < count else { return }
        // Pixel centres from + fours + 0.5 ...: the same Doubles as stepped to (all exact).
        gradient.colors(y: y, from: from &+ fours, count: count &- fours, table: table, into: four)
        for k in fours..<count { dst[k] = Pixel.over(four[k &- fours], dst[k]) }
    }
}
