/// How a layer property's value is written in a scene: what the parser
/// accepts, the JSON Schema allows and the docs say. Bounds are in the unit
/// the value is stored in (points, seconds).
public enum PropertyForm: Sendable, Hashable {
    /// A bare number.
    case number(Bound)
    /// Points (a bare number).
    case length(Bound)
    /// Seconds: a bare number, or `500ms` / `2s`.
    case time(Bound)
    /// Radians: a bare number of degrees, or `45deg` / `1.2rad` / `0.25turn`.
    case angle
    /// A whole number.
    case integer(Bound)
    /// A whole number of 0 or more, past `max` an error that names the
    /// limit and what is counted ("copies").
    case count(max: Int, of: String)
    case bool
    case color
    /// `[x, y]`.
    case point
    /// `[w, h]`, each within the bound.
    case size(Bound)
    /// `[x, y, w, h]`, w and h 0 or more.
    case rect
    /// A list of operations, one operation, or 16 numbers.
    case transform
    /// One of the raw values of an enum.
    case choice([String])
    /// A list of names, each one of these (a set, as `maskedCorners`);
    /// `what` names one in messages ("corner").
    case names([String], what: String)
    /// SVG path data, or `{rect: ..., cornerRadius: r}`, `{ellipse: ...}`, `{polygon: ...}`, stored as a `BezierPath`.
    case path
    /// The same forms stored as a `ShapePath` (a shadow's shape).
    case shape
    case colors
    /// A list of numbers within the bound; `what` names one in messages ("a dash length").
    case numbers(Bound, what: String)
    /// Text of at most `maxLength` Unicode scalars.
    case text(maxLength: Int)
    /// An image: an asset name, or an image file path relative to the scene.
    case image
    /// A font asset name, or a family and style for fontconfig.
    case font
    /// CAEmitterCells: a list of cell mappings.
    case cells
    /// CIFilters: a list of filter mappings (`{filter: CIGaussianBlur, inputRadius: 4}`).
    case filters

    /// The kind of value an animation or a transaction gives it; nil for
    /// forms no key path reaches.
    public var valueKind: ValueKind? {
        switch self {
        case .number, .length, .time, .angle: return .scalar
        case .bool: return .bool
        case .color: return .color
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .transform: return .transform
        case .path, .shape: return .path
        case .colors: return .colors
        case .numbers: return .numbers
        case .image: return .image
        case .integer, .count, .choice, .names, .shape, .text, .font, .cells, .filters: return nil
        }
    }

    /// The range of a number, of a size's sides or of a list's numbers.
    public var bound: Bound {
        switch self {
        case .number(let b), .length(let b), .time(let b), .integer(let b), .size(let b), .numbers(let b, _): return b
        case .count(let max, _): return .closed(0, Double(max))
        case .rect: return .any
        default: return .any
        }
    }

    /// The bound of a struct field below the property (`bounds.size.width`:
    /// 0 or more; `bounds.origin.x`: any), given the fields from the root.
    public func bound(ofFields fields: [String]) -> Bound {
        switch self {
        case .rect: return fields.first == "size" ? .nonNegative : .any
        case .size(let b): return b
        case .point: return .any
        default: return fields.isEmpty ? bound : .any
        }
    }
}

/// Whether and how a property animates, and what key paths may do with it.
public enum PropertyAnimation: Sendable, Hashable {
    /// Interpolates component by component: numbers, points, sizes, rects, sRGB colours.
    case linear
    /// Interpolates through its decomposition (translation, scale, skew,
    /// perspective, rotation quaternion), as Core Animation does.
    case decomposed
    /// Switches halfway (booleans).
    case discrete
    /// Point by point between paths of the same structure; other pairs are errors.
    case sameStructure
    /// Element by element between lists of the same count; other pairs are errors.
    case sameCount
    /// Cross-dissolves between two images. Transactions and actions animate
    /// it; explicit animations cannot name an image yet.
    case crossDissolve
    /// Transactions set it and it changes at once; animating it is an error.
    case setOnly
    /// Core Animation animates it; Strata does not yet (a located error).
    case notYet
    /// Not animatable: written on the layer only; no key path names it.
    case never

    /// Whether animation and transaction key paths may name it.
    public var isAddressable: Bool { self != .notYet && self != .never }
    /// Whether explicit and implicit animations may change it over time.
    public var isAnimatable: Bool { isAddressable && self != .setOnly }
}

/// What a change of a property invalidates, for a renderer that keeps work
/// between frames (a backing store per layer, keyed by exactly what changes
/// its pixels). A property lists what it changes directly; a renderer adds
/// what follows from the tree: a layer's shadow without a `shadowPath` is
/// made from its composited alpha, so `.content` and `.compositing` changes
/// in its subtree re-render it; a rasterized layer's bitmap holds its
/// subtree, so any change below it rebuilds the bitmap.
public struct Invalidation: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The layer's own pixels in its bounds space must be drawn again: its
    /// background, border, `contents`, and its shape, text, gradient or
    /// particles. The layer's backing store is stale.
    public static let content = Invalidation(rawValue: 1)
    /// Only how the layer and its subtree are composited onto the
    /// superlayer changes: placement, opacity, visibility, order, clipping,
    /// copies. Every cached bitmap stays valid.
    public static let compositing = Invalidation(rawValue: 2)
    /// The layer's shadow must be rendered again (shape, blur, colour, offset).
    public static let shadow = Invalidation(rawValue: 4)
    /// The layer's frame or bounds: the constraints and autoresizing that
    /// read it (its sublayers', its siblings') are solved again.
    public static let layout = Invalidation(rawValue: 8)
    /// The bitmap of a rasterized layer (`shouldRasterize`) is rebuilt.
    public static let rasterization = Invalidation(rawValue: 16)

    /// The names, for docs and messages.
    public static let named: [(String, Invalidation)] = [
        ("content", .content), ("compositing", .compositing), ("shadow", .shadow),
        ("layout", .layout), ("rasterization", .rasterization),
    ]

    public var names: [String] { Self.named.filter { contains($0.1) }.map(\.0) }
}

/// When `strata inspect` prints a property (every layer's keys; a type's
/// keys are printed whole in the type's object).
public enum InspectRule: Sendable, Hashable {
    /// On every layer.
    case always
    /// When its value is not the default.
    case unlessDefault
    /// When its value, or the named property's, is not the default (the
    /// shadow's keys print together once `shadowOpacity` is set).
    case alongside(String)
}

/// Where the docs and `inspect` place a property that every layer has.
public enum PropertyGroup: Sendable, Hashable {
    /// Geometry, time-independent appearance: docs/scene-format.md.
    case layer
    /// Masks, shadows, contents, 3D and group keys: docs/compositing.md.
    case compositing
    /// A key of some layer types (docs/layer-types.md).
    case type
}
