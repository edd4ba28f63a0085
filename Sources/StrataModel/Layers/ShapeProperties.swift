/// CAShapeLayer's properties. Defaults are Core Animation's: opaque black
/// fill, no stroke, 1-point lines, butt caps, miter joins, miter limit 10.
public struct ShapeProperties: Sendable, Hashable {
    /// In the layer's own coordinates (points); nil draws nothing.
    public var path: BezierPath? = nil
    /// Nil fills nothing.
    public var fillColor: Color? = .black
    public var fillRule: FillRule = .nonZero
    /// Nil strokes nothing.
    public var strokeColor: Color? = nil
    /// Points.
    public var lineWidth: Double = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    /// Ratio of miter length to line width beyond which a miter join is bevelled.
    public var miterLimit: Double = 10
    /// Alternating dash and gap lengths in points; empty for a solid line.
    public var lineDashPattern: [Double] = []
    /// Points into the dash pattern where the stroke starts.
    public var lineDashPhase: Double = 0
    /// Fractions 0...1 of the path's length: only the part between them is stroked.
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1

    public init() {}
}

public enum FillRule: String, Sendable, Hashable, CaseIterable { case nonZero, evenOdd }
public enum LineCap: String, Sendable, Hashable, CaseIterable { case butt, round, square }
public enum LineJoin: String, Sendable, Hashable, CaseIterable { case miter, round, bevel }

/// CAGradientLayer's properties (Core Animation's defaults: a vertical
/// gradient from the top edge to the bottom edge, no colors).
public struct GradientProperties: Sendable, Hashable {
    public var colors: [Color] = []
    /// Stop positions 0...1, one per color; nil spreads the colors evenly.
    public var locations: [Double]? = nil
    /// Unit coordinates of the bounds (y down: [0.5, 0] is the middle of the top edge).
    public var startPoint = Point(0.5, 0)
    public var endPoint = Point(0.5, 1)
    public var type: GradientType = .axial

    public init() {}

    /// The stop positions actually used: `locations` when it has one per
    /// color, else evenly spread from 0 to 1 (Core Animation's rule).
    public var resolvedLocations: [Double] {
        if let locations, locations.count == colors.count { return locations }
        return Self.evenLocations(colors.count)
    }

    public static func evenLocations(_ n: Int) -> [Double] {
        n <= 1 ? Array(repeating: 0, count: n) : (0..<n).map { Double($0) / Double(n - 1) }
    }
}

public enum GradientType: String, Sendable, Hashable, CaseIterable { case axial, radial, conic }

/// CAReplicatorLayer's properties.
public struct ReplicatorProperties: Sendable, Hashable {
    /// Copies of the sublayers, the original included; 1 or more.
    public var instanceCount: Int = 1
    /// Applied i times to copy i, about the centre of the replicator's bounds.
    public var instanceTransform: Transform3D = .identity
    /// Seconds: copy i runs `i * instanceDelay` behind the original.
    public var instanceDelay: Double = 0
    /// Multiplies the colors of every copy (the first too).
    public var instanceColor: Color = .white
    /// Added to the instance color's components once more for each copy.
    public var instanceRedOffset: Double = 0
    public var instanceGreenOffset: Double = 0
    public var instanceBlueOffset: Double = 0
    public var instanceAlphaOffset: Double = 0
    /// Accepted for Core Animation compatibility; sublayers are flattened into
    /// the replicator's plane until 3D layers (CATransformLayer) exist.
    public var preservesDepth: Bool = false

    public init() {}

    /// The color that multiplies copy `i`: instanceColor plus i offsets,
    /// each component clamped to 0...1.
    public func color(ofInstance i: Int) -> Color {
        func c(_ v: Double) -> Double { min(max(v, 0), 1) }
        let k = Double(i)
        return Color(c(instanceColor.red + k * instanceRedOffset), c(instanceColor.green + k * instanceGreenOffset),
                     c(instanceColor.blue + k * instanceBlueOffset), c(instanceColor.alpha + k * instanceAlphaOffset))
    }
}

/// CAScrollLayer's property (its scroll point is `bounds.origin`).
public struct ScrollProperties: Sendable, Hashable {
    public var scrollMode: ScrollMode = .both
    public init() {}
}

/// Which axes `scrollPoint` may move (kCAScrollNone, ...Vertically, ...Horizontally, ...Both).
public enum ScrollMode: String, Sendable, Hashable, CaseIterable {
    case none, vertically, horizontally, both

    /// `origin` moved to `point` along the axes this mode allows.
    public func scrolled(_ origin: Point, to point: Point) -> Point {
        switch self {
        case .none: return origin
        case .vertically: return Point(origin.x, point.y)
        case .horizontally: return Point(point.x, origin.y)
        case .both: return point
        }
    }
}
