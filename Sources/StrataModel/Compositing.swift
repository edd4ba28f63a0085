/// CACornerMask: the corners `cornerRadius` rounds. Names follow the
/// contract's on-screen rule: minY is the top edge.
public struct CornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Top left.
    public static let minXMinY = CornerMask(rawValue: 1)
    /// Top right.
    public static let maxXMinY = CornerMask(rawValue: 2)
    /// Bottom left.
    public static let minXMaxY = CornerMask(rawValue: 4)
    /// Bottom right.
    public static let maxXMaxY = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

    /// YAML names (kCALayerMinXMinYCorner -> layerMinXMinYCorner).
    public static let names: [(String, CornerMask)] = [
        ("layerMinXMinYCorner", .minXMinY), ("layerMaxXMinYCorner", .maxXMinY),
        ("layerMinXMaxYCorner", .minXMaxY), ("layerMaxXMaxYCorner", .maxXMaxY),
    ]
}

/// CALayer.contentsGravity (kCAGravity...). Directions are on screen (y down).
public enum ContentsGravity: String, Sendable, Hashable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

/// A simple geometric path in a layer's own coordinates (points), for `shadowPath`.
public enum ShapePath: Sendable, Hashable {
    /// A rectangle with circular corners of `cornerRadius` (clamped to half the shorter side).
    case rect(Rect, cornerRadius: Double)
    /// The ellipse inscribed in the rect.
    case ellipse(Rect)
    /// A closed polygon, filled with the non-zero rule.
    case polygon([Point])
    /// SVG path data (absolute elements), filled with the non-zero rule;
    /// open subpaths are closed for filling.
    case path(BezierPath)
}

extension ShapePath {
    /// The shape as path elements (a rect's corners and an ellipse as
    /// cubics): what a `shadowPath` animation interpolates, element by
    /// element, as Core Animation animates a shadowPath.
    public var bezierPath: BezierPath {
        switch self {
        case .rect(let r, let radius): return .rect(r, cornerRadius: radius)
        case .ellipse(let r): return .ellipse(r)
        case .polygon(let points): return .polygon(points)
        case .path(let p): return p
        }
    }
}
