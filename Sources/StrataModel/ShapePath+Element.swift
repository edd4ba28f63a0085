extension ShapePath {
    /// One element of a `.path` shape, in absolute coordinates of the
    /// layer's own space (points, y down): what SVG path data becomes once
    /// H/V, S/T and arcs are resolved.
    public enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        /// Control point, end point.
        case quad(Point, Point)
        /// Two control points, end point.
        case cubic(Point, Point, Point)
        case close
    }
}

extension ShapePath {
    /// The box around every point of the shape (for a path: its control
    /// points too, so it contains the curve), in the layer's space.
    public var controlBounds: Rect {
        var points: [Point] = []
        switch self {
        case .rect(let r, _), .ellipse(let r): return r
        case .polygon(let list): points = list
        case .path(let elements):
            points.reserveCapacity(elements.count * 2)
            for e in elements {
                switch e {
                case .move(let p), .line(let p): points.append(p)
                case .quad(let c, let p): points += [c, p]
                case .cubic(let c1, let c2, let p): points += [c1, c2, p]
                case .close: break
                }
            }
        }
        guard let first = points.first else { return .zero }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in points { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        return Rect(minX, minY, maxX - minX, maxY - minY)
    }
}
