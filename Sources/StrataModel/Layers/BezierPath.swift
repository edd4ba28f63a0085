/// A path in a layer's own coordinates (points, y down), normalized to
/// absolute moves, lines, cubic Béziers and closes: SVG's H/V become lines,
/// quadratics and arcs become cubics. CAShapeLayer's `path` and
/// `shadowPath`-like values use it.
///
/// Two paths have the same *structure* when their element kinds match one
/// for one; only such paths interpolate (Core Animation's rule for `path`).
public struct BezierPath: Sendable, Hashable {
    public enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        /// Control point 1, control point 2, end point.
        case cubic(Point, Point, Point)
        case close
    }

    public var elements: [Element]

    public init(_ elements: [Element] = []) { self.elements = elements }

    public var isEmpty: Bool { elements.isEmpty }

    /// Element kinds, one letter each (`M`, `L`, `C`, `Z`): equal signatures
    /// mean equal structure.
    public var structure: String {
        String(elements.map { e -> Character in
            switch e {
            case .move: return "M"
            case .line: return "L"
            case .cubic: return "C"
            case .close: return "Z"
            }
        })
    }

    public func hasSameStructure(as other: BezierPath) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.cubic, .cubic), (.close, .close): continue
            default: return false
            }
        }
        return true
    }

    /// Applies `f` to every point (end and control points), keeping the structure.
    public func mapPoints(_ f: (Point) -> Point) -> BezierPath {
        BezierPath(elements.map { e in
            switch e {
            case .move(let p): return .move(f(p))
            case .line(let p): return .line(f(p))
            case .cubic(let a, let b, let c): return .cubic(f(a), f(b), f(c))
            case .close: return .close
            }
        })
    }

    /// Combines the points of two paths of the same structure pairwise; nil
    /// when the structures differ.
    public func zipPoints(_ other: BezierPath, _ f: (Point, Point) -> Point) -> BezierPath? {
        guard hasSameStructure(as: other) else { return nil }
        var out: [Element] = []
        out.reserveCapacity(elements.count)
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move(let p), .move(let q)): out.append(.move(f(p, q)))
            case (.line(let p), .line(let q)): out.append(.line(f(p, q)))
            case (.cubic(let p1, let p2, let p3), .cubic(let q1, let q2, let q3)):
                out.append(.cubic(f(p1, q1), f(p2, q2), f(p3, q3)))
            default: out.append(.close)
            }
        }
        return BezierPath(out)
    }

    /// Point-by-point interpolation at `t`; nil when the structures differ.
    public func interpolated(to other: BezierPath, _ t: Double) -> BezierPath? {
        zipPoints(other) { p, q in Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t) }
    }

    /// The bounding box of every end and control point (it contains the
    /// curves: a Bézier lies in the hull of its control points), or nil for
    /// a path without points.
    public var controlPointBounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .cubic(let a, let b, let c): add(a); add(b); add(c)
            case .close: break
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(minX, minY, maxX - minX, maxY - minY)
    }
}

extension BezierPath {
    /// The path as absolute SVG path data (`M x y L x y C ... Z`), what
    /// `strata inspect` prints.
    public var svgPathData: String {
        func n(_ v: Double) -> String {
            if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
            return String((v * 1e6).rounded() / 1e6)
        }
        func p(_ q: Point) -> String { n(q.x) + " " + n(q.y) }
        return elements.map { e in
            switch e {
            case .move(let a): return "M " + p(a)
            case .line(let a): return "L " + p(a)
            case .cubic(let a, let b, let c): return "C " + p(a) + " " + p(b) + " " + p(c)
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }
}
