import CCairo
import StrataModel

/// strokeStart / strokeEnd: Core Animation strokes only the part of the
/// path between two fractions of its total length (all sub-paths, closing
/// segments included, in path order). The current path is flattened at
/// the context's tolerance (in device pixels, so curves stay smooth at any
/// scale), measured, and replaced by the part in the window. A closed
/// sub-path wholly inside the window stays closed (its start gets a join,
/// not two caps).
enum StrokeTrim {
    struct Subpath {
        var points: [Point]
        var closed: Bool
    }

    /// Replaces the current path of `cr` with its part from `start` to `end` (0...1).
    static func trim(_ cr: OpaquePointer, from start: Double, to end: Double) {
        let subpaths = flatSubpaths(cr)
        cairo_new_path(cr)
        for piece in trimmed(subpaths, from: start, to: end) {
            guard let first = piece.points.first else { continue }
            cairo_move_to(cr, first.x, first.y)
            for p in piece.points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            if piece.closed { cairo_close_path(cr) }
        }
    }

    /// The current path of `cr`, flattened to polylines.
    static func flatSubpaths(_ cr: OpaquePointer) -> [Subpath] {
        guard let path = cairo_copy_path_flat(cr) else { return [] }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return [] }
        var result: [Subpath] = []
        var current: Subpath?
        var i = 0
        let n = Int(path.pointee.num_data)
        while i < n {
            let header = data[i].header
            let length = max(1, Int(header.length))
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                if let c = current, c.points.count > 0 { result.append(c) }
                current = Subpath(points: [Point(data[i + 1].point.x, data[i + 1].point.y)], closed: false)
            case CAIRO_PATH_LINE_TO:
                let p = Point(data[i + 1].point.x, data[i + 1].point.y)
                if current == nil { current = Subpath(points: [p], closed: false) } else { current!.points.append(p) }
            case CAIRO_PATH_CLOSE_PATH:
                if var c = current {
                    c.closed = true
                    result.append(c)
                    // Drawing continues from the sub-path's start.
                    current = Subpath(points: [c.points[0]], closed: false)
                }
            default:
                break  // no curves in a flattened path
            }
            i += length
        }
        if let c = current, c.points.count > 1 { result.append(c) }
        return result
    }

    /// The length of a sub-path, its closing segment included.
    static func length(of s: Subpath) -> Double {
        var total = 0.0
        for (p, q) in zip(s.points, s.points.dropFirst()) { total += distance(p, q) }
        if s.closed, let first = s.points.first, let last = s.points.last { total += distance(last, first) }
        return total
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }

    /// The pieces of `subpaths` between fractions `start` and `end` of their total length.
    static func trimmed(_ subpaths: [Subpath], from start: Double, to end: Double) -> [Subpath] {
        func distance(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
        func segments(_ s: Subpath) -> [(Point, Point)] {
            var segs = zip(s.points, s.points.dropFirst()).map { ($0, $1) }
            if s.closed, let first = s.points.first, let last = s.points.last { segs.append((last, first)) }
            return segs
        }
        let total = subpaths.reduce(0.0) { sum, s in segments(s).reduce(sum) { $0 + distance($1.0, $1.1) } }
        guard total > 0, total.isFinite, end > start else { return [] }
        let a = max(0, start) * total, b = min(1, end) * total
        // Fractions 0 and 1 must reach the ends exactly despite rounding.
        let eps = total * 1e-12
        var pieces: [Subpath] = []
        var s = 0.0
        for sub in subpaths {
            let segs = segments(sub)
            let length = segs.reduce(0.0) { $0 + distance($1.0, $1.1) }
            if sub.closed && s >= a - eps && s + length <= b + eps {
                pieces.append(sub)
                s += length
                continue
            }
            var piece: Subpath?
            for (p, q) in segs {
                let l = distance(p, q)
                defer { s += l }
                guard l > 0, s + l > a, s < b else { continue }
                let t0 = max(0, (a - s) / l), t1 = min(1, (b - s) / l)
                let from = Point(p.x + (q.x - p.x) * t0, p.y + (q.y - p.y) * t0)
                let to = Point(p.x + (q.x - p.x) * t1, p.y + (q.y - p.y) * t1)
                if piece == nil { piece = Subpath(points: [from], closed: false) }
                piece!.points.append(to)
            }
            if let piece { pieces.append(piece) }
        }
        return pieces
    }
}
