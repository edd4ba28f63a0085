/// One continuous corner as a polyline, for coverage computed per pixel
/// (a compositor that fills shapes itself rather than through Cairo).
extension ContinuousCorner {
    public struct Outline: Sendable, Hashable {
        /// Points of the curve in the corner's frame (points, not radii):
        /// `u` along the first edge from the corner, `v` into the shape,
        /// from (reach, 0) to (0, reach), `u` decreasing.
        public let points: [Point]
        /// How far along each edge the corner reaches.
        public let reach: Double
        /// Where the curve crosses the corner's diagonal (u = v): a rect
        /// inset by this much has its corner inside the curve.
        public let diagonal: Double

        /// Cubics flattened into this many segments each: at a radius of 100
        /// points the polyline stays within 0.02 points of the curve.
        static let segmentsPerCubic = 16

        public init(radius: Double, half: Double) {
            let p = ContinuousCorner.points(radius: radius, half: half).map { Point($0.u, $0.v) }
            var out = [p[0]]
            for start in [0, 4, 8] {
                let p0 = p[start], c1 = p[start + 1], c2 = p[start + 2], p3 = p[start + 3]
                if start > 0, out.last != p0 { out.append(p0) }
                let n = Self.segmentsPerCubic
                for i in 1...n {
                    let t = Double(i) / Double(n), s = 1 - t
                    let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
                    out.append(Point(a * p0.x + b * c1.x + c * c2.x + d * p3.x,
                                     a * p0.y + b * c1.y + c * c2.y + d * p3.y))
                }
            }
            points = out
            reach = ContinuousCorner.reach(radius: radius, half: half)
            // The curve is symmetric about u = v: the middle point of the middle cubic is on it.
            let mid = out[out.count / 2]
            diagonal = max(mid.x, mid.y)
        }

        /// Signed distance from (u, v) to the curve, in points: positive on
        /// the corner's side (outside the shape), negative inside. Points
        /// beyond the reach on either axis are inside.
        public func signedDistance(u: Double, v: Double) -> Double {
            guard u < reach, v < reach, points.count > 1 else { return -.infinity }
            var nearest = Double.infinity
            var outside = false
            for i in 1..<points.count {
                let a = points[i - 1], b = points[i]
                let dx = b.x - a.x, dy = b.y - a.y
                let length2 = dx * dx + dy * dy
                let t = length2 > 0 ? min(max(((u - a.x) * dx + (v - a.y) * dy) / length2, 0), 1) : 0
                let ex = u - (a.x + t * dx), ey = v - (a.y + t * dy)
                nearest = min(nearest, ex * ex + ey * ey)
                // u decreases along the curve: the segment spanning u says which side v is on.
                if u <= a.x, u >= b.x, a.x > b.x {
                    let vAt = a.y + (b.y - a.y) * (a.x - u) / (a.x - b.x)
                    outside = v < vAt
                }
            }
            let d = nearest.squareRoot()
            return outside ? d : -d
        }
    }
}
