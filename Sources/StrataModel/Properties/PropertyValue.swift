/// The value of any layer property, in one closed set of cases: what the
/// parser makes of a scene value, what the table's key paths read and
/// write, and what `strata inspect` prints.
public enum PropertyValue: Sendable, Hashable {
    /// The kinds animations and transactions carry.
    case animatable(AnimatableValue)
    /// An optional property left unset (YAML null): no fill, no contents, no path.
    case none
    /// An enum case by its raw value (`evenOdd`, `resizeAspect`).
    case name(String)
    /// A set of names (`maskedCorners`).
    case names([String])
    case integer(Int)
    case text(String)
    case shape(ShapePath)
    case font(FontSpec)
    case cells([EmitterCell])
    case filters([LayerFilter])

    /// The animatable value, if this is one.
    public var animatable: AnimatableValue? {
        if case .animatable(let v) = self { return v }
        return nil
    }
}

/// A Swift type a layer property is stored as, and how it travels as a
/// `PropertyValue`. `init?` returns nil for a value of another case (the
/// table's tests check that every property reads back what it wrote).
public protocol PropertyStorable: Sendable, Equatable {
    var propertyValue: PropertyValue { get }
    init?(propertyValue: PropertyValue)
    /// The value as key paths carry it, for the kinds animations reach
    /// (nil for the others, and for an unset optional). The sampler's path:
    /// no `PropertyValue` in between.
    var animatable: AnimatableValue? { get }
    init?(animatable: AnimatableValue)
    /// `animatable`, or `empty` when there is none (the sampler's read: no optional in between).
    func animatable(or empty: AnimatableValue) -> AnimatableValue
}

extension PropertyStorable {
    public var animatable: AnimatableValue? { propertyValue.animatable }
    public init?(animatable v: AnimatableValue) { self.init(propertyValue: .animatable(v)) }
    public func animatable(or empty: AnimatableValue) -> AnimatableValue { animatable ?? empty }
}

/// The types stored as one `AnimatableValue` case.
public protocol AnimatableStorable: PropertyStorable {
    var animatableValue: AnimatableValue { get }
    init?(animatableValue: AnimatableValue)
}

extension AnimatableStorable {
    public var propertyValue: PropertyValue { .animatable(animatableValue) }
    public init?(propertyValue: PropertyValue) {
        guard case .animatable(let v) = propertyValue else { return nil }
        self.init(animatableValue: v)
    }
    public var animatable: AnimatableValue? { animatableValue }
    public init?(animatable v: AnimatableValue) { self.init(animatableValue: v) }
    public func animatable(or empty: AnimatableValue) -> AnimatableValue { animatableValue }
}

extension Double: AnimatableStorable {
    public var animatableValue: AnimatableValue { .scalar(self) }
    public init?(animatableValue v: AnimatableValue) {
        guard case .scalar(let x) = v else { return nil }
        self = x
    }
}

extension Point: AnimatableStorable {
    public var animatableValue: AnimatableValue { .point(self) }
    public init?(animatableValue v: AnimatableValue) {
        guard case .point(let x) = v else { return nil }
        self = x
    }
}

extension Size: AnimatableStorable {
    public var animatableValue: AnimatableValue { .size(self) }
    public init?(animatableValue v: AnimatableValue) {
        guard case .size(let x) = v else { return nil }
        self = x
    }
}

extension Rect: AnimatableStorable {
    public var animatableValue: AnimatableValue { .rect(self) }
    public init?(animatableValue v: AnimatableValue) {
        guard case .rect(let x) = v else { return nil }
        self = x
    }
}

extension Color: AnimatableStorable {
    public var animatableValue: AnimatableValue { .color(self) }
    public init?(animatableValue v: AnimatableValue) {
        guard case .color(let x) = v else { return nil }
        self = x
    }
}

extension Transform3D: AnimatableStorable {
    public var animatableValue: AnimatableValue { .transform(self) }
    public init?(animatableValue v: AnimatableValue) {
        guard case .transform(let x) = v else { return nil }
        self = x
    }
}

extension Bool: AnimatableStorable {
    public var animatableValue: AnimatableValue { .bool(self) }
    public init?(animatableValue v: AnimatableValue) {
        guard case .bool(let x) = v else { return nil }
        self = x
    }
}

extension BezierPath: AnimatableStorable {
    public var animatableValue: AnimatableValue { .path(self) }
    public init?(animatableValue v: AnimatableValue) {
        guard case .path(let x) = v else { return nil }
        self = x
    }
}

extension Array: PropertyStorable where Element: ListElementStorable {
    public var propertyValue: PropertyValue { Element.propertyValue(of: self) }
    public init?(propertyValue: PropertyValue) {
        guard let list = Element.list(from: propertyValue) else { return nil }
        self = list
    }
}

/// Element types of the list properties: colours, numbers, emitter cells.
public protocol ListElementStorable: Sendable, Equatable {
    static func propertyValue(of list: [Self]) -> PropertyValue
    static func list(from value: PropertyValue) -> [Self]?
}

extension Color: ListElementStorable {
    public static func propertyValue(of list: [Color]) -> PropertyValue { .animatable(.colors(list)) }
    public static func list(from value: PropertyValue) -> [Color]? {
        switch value {
        case .animatable(.colors(let c)): return c
        case .none: return []
        default: return nil
        }
    }
}

extension Double: ListElementStorable {
    public static func propertyValue(of list: [Double]) -> PropertyValue { .animatable(.numbers(list)) }
    public static func list(from value: PropertyValue) -> [Double]? {
        switch value {
        case .animatable(.numbers(let n)): return n
        case .none: return []
        default: return nil
        }
    }
}

extension EmitterCell: ListElementStorable {
    public static func propertyValue(of list: [EmitterCell]) -> PropertyValue { .cells(list) }
    public static func list(from value: PropertyValue) -> [EmitterCell]? {
        switch value {
        case .cells(let c): return c
        case .none: return []
        default: return nil
        }
    }
}

/// nil is `.none`: reads as none, and a write of none clears it.
extension Optional: PropertyStorable where Wrapped: PropertyStorable {
    public var propertyValue: PropertyValue { self?.propertyValue ?? .none }
    public var animatable: AnimatableValue? { self?.animatable }
    public func animatable(or empty: AnimatableValue) -> AnimatableValue { self?.animatable(or: empty) ?? empty }
    public init?(animatable v: AnimatableValue) {
        guard let w = Wrapped(animatable: v) else { return nil }
        self = .some(w)
    }
    public init?(propertyValue: PropertyValue) {
        if case .none = propertyValue {
            self = .none
            return
        }
        guard let v = Wrapped(propertyValue: propertyValue) else { return nil }
        self = .some(v)
    }
}

/// Enums stored by their YAML spelling.
public protocol NamedStorable: PropertyStorable, RawRepresentable, CaseIterable where RawValue == String {}

extension NamedStorable {
    public var propertyValue: PropertyValue { .name(rawValue) }
    public init?(propertyValue: PropertyValue) {
        guard case .name(let n) = propertyValue, let v = Self(rawValue: n) else { return nil }
        self = v
    }
    /// The spellings, in declaration order.
    public static var names: [String] { allCases.map(\.rawValue) }
}

extension FillRule: NamedStorable {}
extension LineCap: NamedStorable {}
extension LineJoin: NamedStorable {}
extension TextAlignment: NamedStorable {}
extension TruncationMode: NamedStorable {}
extension GradientType: NamedStorable {}
extension ScrollMode: NamedStorable {}
extension EmitterShape: NamedStorable {}
extension EmitterMode: NamedStorable {}
extension EmitterRenderMode: NamedStorable {}
extension ContentsGravity: NamedStorable {}
extension CornerCurve: NamedStorable {}

extension CornerMask: PropertyStorable {
    public var propertyValue: PropertyValue { .names(Self.names.filter { contains($0.1) }.map(\.0)) }
    public init?(propertyValue: PropertyValue) {
        guard case .names(let list) = propertyValue else { return nil }
        var mask: CornerMask = []
        for name in list {
            guard let corner = Self.names.first(where: { $0.0 == name })?.1 else { return nil }
            mask.insert(corner)
        }
        self = mask
    }
}

extension Int: PropertyStorable {
    public var propertyValue: PropertyValue { .integer(self) }
    public init?(propertyValue: PropertyValue) {
        guard case .integer(let i) = propertyValue else { return nil }
        self = i
    }
}

extension UInt32: PropertyStorable {
    public var propertyValue: PropertyValue { .integer(Int(self)) }
    public init?(propertyValue: PropertyValue) {
        guard case .integer(let i) = propertyValue, let v = UInt32(exactly: i) else { return nil }
        self = v
    }
}

extension String: PropertyStorable {
    public var propertyValue: PropertyValue { .text(self) }
    public init?(propertyValue: PropertyValue) {
        guard case .text(let t) = propertyValue else { return nil }
        self = t
    }
}

/// Written as a shape (`.shape`), animated as its path (`.path`).
extension ShapePath: PropertyStorable {
    public var propertyValue: PropertyValue { .shape(self) }
    public init?(propertyValue: PropertyValue) {
        switch propertyValue {
        case .shape(let s): self = s
        case .animatable(.path(let p)): self = .path(p)
        default: return nil
        }
    }
    public var animatable: AnimatableValue? { .path(bezierPath) }
    public func animatable(or empty: AnimatableValue) -> AnimatableValue { .path(bezierPath) }
    public init?(animatable v: AnimatableValue) {
        guard case .path(let p) = v else { return nil }
        self = .path(p)
    }
}

extension FontSpec: PropertyStorable {
    public var propertyValue: PropertyValue { .font(self) }
    public init?(propertyValue: PropertyValue) {
        guard case .font(let f) = propertyValue else { return nil }
        self = f
    }
}

extension AnimatableValue {
    /// The value a key path reads for an unset optional property: no
    /// colour (clear), an empty path, an empty list, no image.
    public static func empty(of kind: ValueKind) -> AnimatableValue {
        switch kind {
        case .scalar: return .scalar(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .color: return .color(.clear)
        case .transform: return .transform(.identity)
        case .bool: return .bool(false)
        case .path: return .path(BezierPath())
        case .colors: return .colors([])
        case .numbers: return .numbers([])
        case .image: return .image(ContentsValue(key: nil))
        }
    }
}
