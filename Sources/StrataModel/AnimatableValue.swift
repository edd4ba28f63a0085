/// A value an animation can produce for a key path.
public enum AnimatableValue: Sendable, Hashable {
    case scalar(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform3D)
    case bool(Bool)
    /// A shape path (`path`): interpolates point by point between paths of the same structure.
    case path(BezierPath)
    /// Gradient `colors`: interpolate element by element when the counts match.
    case colors([Color])
    /// `locations`, `lineDashPattern`: interpolate element by element when the counts match.
    case numbers([Double])
    /// `contents`: an image key, possibly mid-dissolve.
    case image(ContentsValue)

    public var kind: ValueKind {
        switch self {
        case .scalar: return .scalar
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .transform: return .transform
        case .bool: return .bool
        case .path: return .path
        case .colors: return .colors
        case .numbers: return .numbers
        case .image: return .image
        }
    }
}

/// The type of value a key path holds.
public enum ValueKind: String, Sendable, Hashable {
    case scalar = "number", point, size, rect, color, transform, bool = "boolean", image
    case path, colors = "list of colors", numbers = "list of numbers"
}
