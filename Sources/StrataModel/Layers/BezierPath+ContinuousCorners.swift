#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Apple's continuous corner (kCACornerCurveContinuous, the iOS squircle):
/// three cubics per corner whose curvature rises from 0 at the edge, so the
/// straight sides flow into the corner without the jump in curvature a
/// quarter circle has.
///
/// The control points are the widely used reconstruction of iOS 7's
/// rounded rects by PixelCut (PaintCode, "The mathematics behind iOS 7
/// rounded rectangles", 2013; e.g. NSBezierPath+IOS7RoundedRect): in units
/// of the corner radius, the curve leaves the edge 1.52866483 radii from
/// the corner. Written here symmetric about the corner's diagonal (the
/// original's last curve starts at its mirror point without the short line).
///
/// When 1.52866483 r does not fit in half the shorter side, the corner
/// becomes a blend of that curve and a quarter circle whose extent is
/// exactly half the side, reaching the circle (a capsule) at r = half the
/// side, as Core Animation's continuous corners turn into a capsule.
public enum ContinuousCorner {
    /// How far along each edge the curve reaches, in radii.
    public static let extent = 1.52866483

    /// The ten points of one corner in the corner's own frame, in radii:
    /// `u` along the first edge away from the corner, `v` into the shape.
    /// Start, then (control, control, end) of a cubic, a line's end, a
    /// cubic, a line's end, a cubic ending on the second edge at `v = extent`.
    static let squircle: [(u: Double, v: Double)] = [
        (extent, 0),
        (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600),
        (0.63149399, 0.07491100),
        (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399),
        (0.06549600, 0.66993427),
        (0, 0.86840689), (0, 1.08849323), (0, extent),
    ]

    /// A quarter circle of radius 1 in the same structure (cubics over 15°,
    /// 60° and 15°, zero-length lines), so the two blend point by point.
    static let circle: [(u: Double, v: Double)] = {
        func point(_ t: Double) -> (Double, Double) { (1 - sin(t), 1 - cos(t)) }
        func tangent(_ t: Double) -> (Double, Double) { (-cos(t), sin(t)) }
        let cuts = [0, 15, 75, 90].map { Double($0) * .pi / 180 }
        var out = [point(0)]
        for i in 0..<3 {
            let a = cuts[i], b = cuts[i + 1], h = 4.0 / 3 * tan((b - a) / 4)
            let pa = point(a), ta = tangent(a), pb = point(b), tb = tangent(b)
            out.append((pa.0 + h * ta.0, pa.1 + h * ta.1))
            out.append((pb.0 - h * tb.0, pb.1 - h * tb.1))
            out.append(pb)
            if i < 2 { out.append(pb) }
        }
        return out
    }()

    /// One corner's points in points (not radii), in its own frame, for a
    /// radius `r` (0 or more) and `half`, half the shorter side of the rect.
    public static func points(radius r: Double, half: Double) -> [(u: Double, v: Double)] {
        guard r > 0, half > 0 else { return Array(repeating: (0, 0), count: squircle.count) }
        let r = min(r, half)
        // The squircle's weight: 1 while it fits, down to 0 (a circle) at r = half.
        let w = r * extent <= half ? 1 : max(0, min(1, (half / r - 1) / (extent - 1)))
        return zip(squircle, circle).map { s, c in
            ((w * s.u + (1 - w) * c.u) * r, (w * s.v + (1 - w) * c.v) * r)
        }
    }

    /// How far along each edge a corner of radius `r` reaches (points).
    public static func reach(radius r: Double, half: Double) -> Double {
        guard r > 0, half > 0 else { return 0 }
        return min(r * extent, half)
    }
}

extension BezierPath {
    /// `rect` with continuous corners of `radius` on `corners` (the others
    /// square), clockwise on screen from the top edge: move, then per corner
    /// a line and the corner's cubics, then close.
    public static func continuousRoundedRect(_ rect: Rect, radius: Double, corners: CornerMask = .all) -> BezierPath {
        let x0 = min(rect.minX, rect.maxX), x1 = max(rect.minX, rect.maxX)
        let y0 = min(rect.minY, rect.maxY), y1 = max(rect.minY, rect.maxY)
        let half = min(x1 - x0, y1 - y0) / 2
        let local = ContinuousCorner.points(radius: radius, half: half)
        // Clockwise from the top right; each maps (u, v) into the rect.
        let frames: [(CornerMask, (Double, Double) -> Point)] = [
            (.maxXMinY, { u, v in Point(x1 - u, y0 + v) }),
            (.maxXMaxY, { u, v in Point(x1 - v, y1 - u) }),
            (.minXMaxY, { u, v in Point(x0 + u, y1 - v) }),
            (.minXMinY, { u, v in Point(x0 + v, y0 + u) }),
        ]
        let rounded = radius > 0 && half > 0
        // Starts on the top edge where the top-left corner ends.
        let start: (u: Double, v: Double) = rounded && corners.contains(.minXMinY) ? local[local.count - 1] : (0, 0)
        var elements: [Element] = [.move(Point(x0 + start.v, y0 + start.u))]
        for (corner, map) in frames {
            guard rounded, corners.contains(corner) else {
                elements.append(.line(map(0, 0)))
                continue
            }
            let p = local.map { map($0.u, $0.v) }
            elements += [.line(p[0]), .cubic(p[1], p[2], p[3]), .line(p[4]), .cubic(p[5], p[6], p[7]),
                         .line(p[8]), .cubic(p[9], p[10], p[11])]
        }
        elements.append(.close)
        return BezierPath(elements)
    }
}
