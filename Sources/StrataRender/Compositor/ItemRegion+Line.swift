extension ItemRegion {
    /// A line with what its area coverage needs, worked out once.
    struct Line: Hashable, Sendable {
        var a, b, c: Double
        /// max(|a|, |b|), min(|a|, |b|), their half sum (the reach) and half difference.
        var u, v, reach, linear: Double
        /// 1 / u, and 1 / (2 u v) (0 when v is: then the pixel's corners never cross alone).
        var inverseU, inverseCorner: Double
        /// A row's soft bounds without a division (`softBound`): pixel i is
        /// at least the outer (-reach) or full (+reach) threshold inside
        /// from q = q0 + y dq on (a > 0: i >= q; a < 0: i <= q). Only for
        /// |a| >= 1e-6, where q's rounding is far inside the thresholds' 1e-9 margin.
        var dq, outerQ0, fullQ0: Double
        var linearRows: Bool
        /// Past this distance either way a pixel is wholly inside (area 1)
        /// or outside (0), bit for bit what `areaByReciprocals` gives there:
        /// the reach, or infinity when `inverseCorner` is not finite (its
        /// 0 * infinity would be NaN, not 0).
        var sureReach: Double

        init(_ e: EdgeLine) {
            a = e.a; b = e.b; c = e.c
            u = max(abs(a), abs(b)); v = min(abs(a), abs(b))
            reach = (u + v) / 2; linear = (u - v) / 2
            inverseU = u > 0 ? 1 / u : 0
            inverseCorner = u * v > 0 ? 1 / (2 * u * v) : 0
            linearRows = abs(a) >= 1e-6
            dq = linearRows ? -b / a : 0
            outerQ0 = linearRows ? (-reach - ItemRegion.softMargin - c) / a - 0.5 : 0
            fullQ0 = linearRows ? (reach + ItemRegion.softMargin - c) / a - 0.5 : 0
            sureReach = inverseCorner.isFinite ? reach : .infinity
        }

        /// `areaByReciprocals(d)` without its arithmetic where the pixel is
        /// past `sureReach` (most sides of a pixel an edge crosses): beyond
        /// the reach the formula's corner term is exactly 0, so it gives
        /// exactly 1 or 0 there.
        @inline(__always)
        func sureArea(_ d: Double) -> Double {
            if d > sureReach { return 1 }
            if d < -sureReach { return 0 }
            return areaByReciprocals(d)
        }

        /// The area formula with the reciprocals worked out once: linear
        /// across the middle, quadratic where one corner of the pixel
        /// crosses, clamped to 0...1 (the bits the four-wide path this
        /// replaced gave, so pictures keep their bytes).
        @inline(__always)
        func areaByReciprocals(_ d: Double) -> Double {
            let ad = d < 0 ? -d : d
            let lin = 0.5 + d * inverseU
            let reachLeft = reach - ad
            let t = 0 > reachLeft ? 0 : reachLeft
            let corner = t * t * inverseCorner
            let quad = d <= 0 ? corner : 1 - corner
            return unitClamped(ad <= linear ? lin : quad)
        }

        /// `EdgeLine.area(atDistance:)` on the precomputed terms.
        @inline(__always)
        func area(_ d: Double) -> Double {
            if d >= reach { return 1 }
            if d <= -reach { return 0 }
            if abs(d) <= linear { return 0.5 + d / u }
            let t = reach - abs(d)
            let corner = t * t / (2 * u * v)
            return d > 0 ? 1 - corner : corner
        }
    }
}
