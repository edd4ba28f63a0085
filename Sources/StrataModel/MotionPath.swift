import Foundation

/// The geometry of a keyframe animation's `path`: segments from the path
/// data, in the superlayer's coordinates (points, y down).
///
/// Keyframes are the path's points: its start and the end of every element
/// (a move inside the path included), so `points.count == segments.count + 1`
/// and `keyTimes` has one entry per point, as in Core Animation.
///
///     M 0 0  C 100 -80 200 80 300 0  L 300 100  M 0 100  L 100 100
///     ●──────────── cubic ──────────●── line ──●  jump  ●── line ──●
///     point 0                     point 1    point 2  point 3     point 4
///
/// A `jump` (a move inside the path) does not move the layer along the way:
/// it holds its start until the segment's end time, then jumps. Without key
/// times a jump takes no time.
public struct MotionPath: Sendable, Hashable {
    public enum Segment: Sendable, Hashable {
        case line(Point, Point)
        case quad(Point, Point, Point)
        case cubic(Point, Point, Point, Point)
        /// A move inside the path: no motion along it.
        case jump(Point, Point)

        public var start: Point {
            switch self {
            case .line(let a, _), .quad(let a, _, _), .cubic(let a, _, _, _), .jump(let a, _): return a
            }
        }

        public var end: Point {
            switch self {
            case .line(_, let b), .jump(_, let b), .quad(_, _, let b), .cubic(_, _, _, let b): return b
            }
        }

        public var isJump: Bool { if case .jump = self { return true } else { return false } }

        /// The point at parameter u ∈ [0, 1] (a jump stays at its start before u = 1).
        public func point(_ u: Double) -> Point {
            let v = 1 - u
            switch self {
            case .line(let a, let b): return Point(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u)
            case .jump(let a, let b): return u < 1 ? a : b
            case .quad(let a, let c, let b):
                return Point(v * v * a.x + 2 * v * u * c.x + u * u * b.x, v * v * a.y + 2 * v * u * c.y + u * u * b.y)
            case .cubic(let a, let c1, let c2, let b):
                let w0 = v * v * v, w1 = 3 * v * v * u, w2 = 3 * v * u * u, w3 = u * u * u
                return Point(w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * b.x, w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * b.y)
            }
        }

        /// dP/du at u (zero for a jump).
        public func derivative(_ u: Double) -> Point {
            let v = 1 - u
            switch self {
            case .line(let a, let b): return b - a
            case .jump: return .zero
            case .quad(let a, let c, let b): return (c - a) * (2 * v) + (b - c) * (2 * u)
            case .cubic(let a, let c1, let c2, let b):
                return (c1 - a) * (3 * v * v) + (c2 - c1) * (6 * v * u) + (b - c2) * (3 * u * u)
            }
        }

        /// The direction of travel at u: the derivative, or where it vanishes
        /// (a control point on an end point) the chord towards the next
        /// distinct control point, so a tangent exists wherever the segment moves.
        public func tangent(_ u: Double) -> Point? {
            let d = derivative(u)
            if d.x * d.x + d.y * d.y > 1e-18 { return d }
            let controls: [Point]
            switch self {
            case .line(let a, let b): controls = [a, b]
            case .jump: return nil
            case .quad(let a, let c, let b): controls = [a, c, b]
            case .cubic(let a, let c1, let c2, let b): controls = [a, c1, c2, b]
            }
            // Near the end look backwards from the end, else forwards from the start.
            let ordered = u > 0.5 ? Array(controls.reversed()) : controls
            let origin = ordered[0]
            for p in ordered.dropFirst() where p != origin {
                return u > 0.5 ? origin - p : p - origin
            }
            return nil
        }
    }

    public let segments: [Segment]
    /// Keyframe points: the start, then each segment's end.
    public let points: [Point]
    /// Arc length of each segment (0 for jumps).
    public let tables: [ArcLengthTable]

    /// A path from its first point through `segments` (each starting where
    /// the one before ends).
    public init(start: Point, segments: [Segment]) {
        self.segments = segments
        points = [start] + segments.map(\.end)
        tables = segments.map { s in
            s.isJump ? ArcLengthTable { _ in 0 } : ArcLengthTable { u in Self.length(s.derivative(u)) }
        }
    }

    public func length(ofSegment i: Int) -> Double { tables[i].total }

    /// The parameter at arc length `length` along segment `i`.
    public func parameter(segment i: Int, atLength length: Double) -> Double {
        let s = segments[i]
        if s.isJump { return length >= tables[i].total ? 1 : 0 }
        return tables[i].parameter(atLength: length) { u in Self.length(s.derivative(u)) }
    }

    /// The tangent angle in radians at parameter u of segment `i`, measured
    /// like `rotate` (clockwise on screen, y down): atan2(dy, dx). Where the
    /// segment does not move (a jump, a zero-length segment), the nearest
    /// moving segment before it, else after it, decides; nil for a path that
    /// never moves.
    public func tangentAngle(segment i: Int, at u: Double) -> Double? {
        if let t = segments[i].tangent(u) { return atan2(t.y, t.x) }
        for j in stride(from: i - 1, through: 0, by: -1) {
            if let t = segments[j].tangent(1) { return atan2(t.y, t.x) }
        }
        for j in (i + 1)..<segments.count {
            if let t = segments[j].tangent(0) { return atan2(t.y, t.x) }
        }
        return nil
    }

    static func length(_ p: Point) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }
}
