/// CAConstraintAttribute: an edge, the midpoint or the size of a layer's
/// frame along one axis. Y points down, so `minY` is the top edge.
public enum LayoutAttribute: String, Sendable, Hashable, CaseIterable {
    case minX, midX, maxX, width, minY, midY, maxY, height

    public enum Axis: Int, Sendable, Hashable, CaseIterable {
        case x, y
        public var name: String { self == .x ? "x" : "y" }
    }

    /// Which part of its axis an attribute names.
    public enum Role: Int, Sendable, Hashable, Comparable, CaseIterable {
        case min, mid, max, size
        public static func < (a: Role, b: Role) -> Bool { a.rawValue < b.rawValue }
    }

    public var axis: Axis {
        switch self {
        case .minX, .midX, .maxX, .width: return .x
        case .minY, .midY, .maxY, .height: return .y
        }
    }

    public var role: Role {
        switch self {
        case .minX, .minY: return .min
        case .midX, .midY: return .mid
        case .maxX, .maxY: return .max
        case .width, .height: return .size
        }
    }

    /// The attribute of `role` on `axis`.
    public init(_ axis: Axis, _ role: Role) {
        let all: [[LayoutAttribute]] = [[.minX, .midX, .maxX, .width], [.minY, .midY, .maxY, .height]]
        self = all[axis.rawValue][role.rawValue]
    }

    /// The attribute's value in `rect` (points).
    public func value(in rect: Rect) -> Double {
        switch self {
        case .minX: return rect.minX
        case .midX: return rect.midX
        case .maxX: return rect.maxX
        case .width: return rect.width
        case .minY: return rect.minY
        case .midY: return rect.midY
        case .maxY: return rect.maxY
        case .height: return rect.height
        }
    }
}

/// One CAConstraint: `attribute = target of source * scale + offset`, laid
/// out by the superlayer (as CAConstraintLayoutManager does).
public struct LayoutConstraint: Sendable, Hashable {
    /// `relativeTo`: the superlayer (its bounds) or a sibling by name (its frame).
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        case superlayer
        case sibling(String)
        public var description: String {
            switch self {
            case .superlayer: return "superlayer"
            case .sibling(let name): return name
            }
        }
    }

    public var attribute: LayoutAttribute
    public var source: Source
    public var target: LayoutAttribute
    /// Factor applied to the target's value.
    public var scale: Double
    /// Points added after scaling.
    public var offset: Double
    /// Where the constraint's entry was written.
    public var location: SourceLocation
    /// Where its `relativeTo` value was written.
    public var sourceLocation: SourceLocation

    public init(_ attribute: LayoutAttribute, relativeTo source: Source, _ target: LayoutAttribute,
                scale: Double = 1, offset: Double = 0, location: SourceLocation, sourceLocation: SourceLocation? = nil) {
        self.attribute = attribute
        self.source = source
        self.target = target
        self.scale = scale
        self.offset = offset
        self.location = location
        self.sourceLocation = sourceLocation ?? location
    }

    /// The constrained value for a target value: `target * scale + offset`.
    public func value(forTarget t: Double) -> Double { t * scale + offset }
}
