#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BezierPath {
    /// The cubic control-point distance for a quarter circle of radius 1.
    static let kappa = 0.5522847498307936

    /// A rectangle with circular corners of `cornerRadius` (clamped to half
    /// the shorter side), clockwise on screen from the top edge:
    /// move, then line + cubic per corner, then close. The structure is the
    /// same for every radius (a zero radius gives zero-length cubics, which
    /// draw as sharp corners), so rects with different radii morph.
    public static func rect(_ r: Rect, cornerRadius: Double = 0) -> BezierPath {
        let x0 = min(r.minX, r.maxX), x1 = max(r.minX, r.maxX)
        let y0 = min(r.minY, r.maxY), y1 = max(r.minY, r.maxY)
        let rad = max(0, min(cornerRadius, (x1 - x0) / 2, (y1 - y0) / 2))
        let k = rad * (1 - kappa)  // control point inset from the corner
        return BezierPath([
            .move(Point(x0 + rad, y0)),
            .line(Point(x1 - rad, y0)),
            .cubic(Point(x1 - k, y0), Point(x1, y0 + k), Point(x1, y0 + rad)),
            .line(Point(x1, y1 - rad)),
            .cubic(Point(x1, y1 - k), Point(x1 - k, y1), Point(x1 - rad, y1)),
            .line(Point(x0 + rad, y1)),
            .cubic(Point(x0 + k, y1), Point(x0, y1 - k), Point(x0, y1 - rad)),
            .line(Point(x0, y0 + rad)),
            .cubic(Point(x0, y0 + k), Point(x0 + k, y0), Point(x0 + rad, y0)),
            .close,
        ])
    }

    /// The ellipse inscribed in `r`: four cubics clockwise on screen from the
    /// rightmost point (where CGPath(ellipseIn:) starts, as iOS shows it).
    public static func ellipse(_ r: Rect) -> BezierPath {
        let cx = r.midX, cy = r.midY, rx = abs(r.width) / 2, ry = abs(r.height) / 2
        let kx = rx * kappa, ky = ry * kappa
        return BezierPath([
            .move(Point(cx + rx, cy)),
            .cubic(Point(cx + rx, cy + ky), Point(cx + kx, cy + ry), Point(cx, cy + ry)),
            .cubic(Point(cx - kx, cy + ry), Point(cx - rx, cy + ky), Point(cx - rx, cy)),
            .cubic(Point(cx - rx, cy - ky), Point(cx - kx, cy - ry), Point(cx, cy - ry)),
            .cubic(Point(cx + kx, cy - ry), Point(cx + rx, cy - ky), Point(cx + rx, cy)),
            .close,
        ])
    }

    /// A closed polygon through `points` (move, lines, close).
    public static func polygon(_ points: [Point]) -> BezierPath {
        guard let first = points.first else { return BezierPath() }
        return BezierPath([.move(first)] + points.dropFirst().map { .line($0) } + [.close])
    }

    /// UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:): a
    /// move to the start point, then the circular arc as four cubics, each a
    /// quarter of the sweep (the same structure for every sweep, so arcs of
    /// different angles morph). Angles are radians from +x; y points down,
    /// so angles grow clockwise on screen (90° is 6 o'clock, -90° 12 o'clock)
    /// and `clockwise` runs the arc that way, as UIKit draws it. The sweep is
    /// end - start taken the way `clockwise` says: clockwise, a negative
    /// difference goes round the other side (+360°); counter-clockwise, a
    /// positive one does (-360°); a difference of a whole turn or more is
    /// one full circle; equal angles sweep nothing (zero-length cubics).
    public static func arc(center c: Point, radius: Double, startAngle a0: Double, endAngle a1: Double,
                           clockwise: Bool) -> BezierPath {
        let turn = 2 * Double.pi, r = abs(radius)
        var sweep = a1 - a0
        if abs(sweep) >= turn {
            sweep = clockwise ? turn : -turn
        } else if clockwise && sweep < 0 {
            sweep += turn
        } else if !clockwise && sweep > 0 {
            sweep -= turn
        }
        func point(_ t: Double) -> Point { Point(c.x + r * cos(t), c.y + r * sin(t)) }
        func tangent(_ t: Double) -> Point { Point(-r * sin(t), r * cos(t)) }
        let step = sweep / 4
        let k = 4.0 / 3.0 * tan(step / 4)
        var elements: [Element] = [.move(point(a0))]
        for i in 0..<4 {
            let t0 = a0 + step * Double(i), t1 = t0 + step
            elements.append(.cubic(point(t0) + tangent(t0) * k, point(t1) - tangent(t1) * k, point(t1)))
        }
        return BezierPath(elements)
    }

    /// The cubics of an SVG elliptical arc from `p0` to `p` (SVG 1.1
    /// appendix F.6: endpoint to centre parameterization, radii scaled up
    /// when too small), one cubic per quarter turn or less. `xAxisRotation`
    /// is in radians. Zero radii give a line; equal end points give nothing.
    public static func arc(from p0: Point, radii: (rx: Double, ry: Double), xAxisRotation phi: Double,
                           largeArc: Bool, sweep: Bool, to p: Point) -> [Element] {
        if p0 == p { return [] }
        var rx = abs(radii.rx), ry = abs(radii.ry)
        if rx == 0 || ry == 0 { return [.line(p)] }
        let cosPhi = cos(phi), sinPhi = sin(phi)
        // F.6.5.1: the midpoint in the ellipse's rotated frame.
        let dx = (p0.x - p.x) / 2, dy = (p0.y - p.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        // F.6.6: scale the radii up when no ellipse reaches both ends.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s; ry *= s
        }
        // F.6.5.2: the centre in the rotated frame.
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = den == 0 ? 0 : (max(0, num) / den).squareRoot()
        if largeArc == sweep { coef = -coef }
        let cx1 = coef * rx * y1 / ry
        let cy1 = -coef * ry * x1 / rx
        // F.6.5.3: back to user space.
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p.y) / 2
        // F.6.5.5-6: start angle and sweep.
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let ux = (x1 - cx1) / rx, uy = (y1 - cy1) / ry
        let vx = (-x1 - cx1) / rx, vy = (-y1 - cy1) / ry
        let theta1 = angle(1, 0, ux, uy)
        var delta = angle(ux, uy, vx, vy)
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        if sweep && delta < 0 { delta += 2 * Double.pi }
        guard delta.isFinite, theta1.isFinite else { return [.line(p)] }

        let segments = max(1, Int((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(segments)
        let alpha = 4.0 / 3.0 * tan(step / 4)
        func point(_ t: Double) -> (Point, Point) {
            // The point and the derivative direction at angle t on the ellipse.
            let ct = cos(t), st = sin(t)
            let px = cx + rx * ct * cosPhi - ry * st * sinPhi
            let py = cy + rx * ct * sinPhi + ry * st * cosPhi
            let tx = -rx * st * cosPhi - ry * ct * sinPhi
            let ty = -rx * st * sinPhi + ry * ct * cosPhi
            return (Point(px, py), Point(tx, ty))
        }
        var out: [Element] = []
        out.reserveCapacity(segments)
        var t = theta1
        var (a, da) = point(t)
        a = p0
        for i in 0..<segments {
            let t2 = t + step
            var (b, db) = point(t2)
            if i == segments - 1 { b = p }  // land exactly on the end point
            out.append(.cubic(a + da * alpha, b - db * alpha, b))
            a = b; da = db; t = t2
        }
        return out
    }
}
