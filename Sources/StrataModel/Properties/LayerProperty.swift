/// One property of a layer, declared once: its name, how its value is
/// written, its default, whether and how it animates, what a change of it
/// invalidates, the layer types that have it, its one-line doc, and its
/// Swift key path into `LayerProperties`. Every stage reads these instead of
/// repeating them: the parser's checks and messages, the key paths that
/// animations and transactions may name, reading and writing by key path,
/// the JSON Schema, `strata inspect`, the docs' property tables, and the
/// sampler's plain copies into the render node.
///
/// The table is `LayerProperty.all` (LayerProperty+Table.swift and
/// LayerProperty+TypeTable.swift). Adding an animatable property is its
/// stored field in `LayerProperties` (or a type's struct), one entry there,
/// and its drawing code.
public struct LayerProperty: Sendable, CustomStringConvertible {
    /// The YAML key and the root of its key paths (`cornerRadius`).
    public let name: String
    public let form: PropertyForm
    /// Whether YAML null is allowed; it means none (`fillColor: null`: no fill).
    public let nullable: Bool
    public let animation: PropertyAnimation
    public let invalidates: Invalidation
    /// The layer types that have it; nil for every layer.
    public let layerTypes: [LayerType]?
    /// Where the docs and `inspect` put a key every layer has.
    public let group: PropertyGroup
    public let inspect: InspectRule
    /// What it means, in one line (units and bounds come from `form`, the
    /// default from the stored field).
    public let doc: String
    /// Other properties a write of this one changes (`scrollPoint` moves `bounds`).
    public let alsoChanges: [String]
    /// The position in `LayerProperty.all`.
    public internal(set) var index = 0

    let read: @Sendable (LayerProperties) -> PropertyValue
    let write: @Sendable (inout LayerProperties, PropertyValue) -> Void
    /// Copies the value into the render node, when the node has a field that
    /// is exactly this property (numbers moved into the form's bound).
    private(set) var render: (@Sendable (LayerProperties, inout RenderNode) -> Void)?

    public var description: String { name }

    /// A property stored at `key`.
    init<V: PropertyStorable>(_ name: String, _ key: WritableKeyPath<LayerProperties, V> & Sendable,
                              _ form: PropertyForm, _ animation: PropertyAnimation, _ invalidates: Invalidation,
                              types: [LayerType]? = nil, group: PropertyGroup = .layer, nullable: Bool = false,
                              inspect: InspectRule = .unlessDefault, _ doc: String) {
        self.init(name, form, animation, invalidates, types: types, group: group, nullable: nullable,
                  inspect: inspect, doc,
                  read: { $0[keyPath: key].propertyValue },
                  write: { p, v in if let x = V(propertyValue: v) { p[keyPath: key] = x } })
    }

    /// A property stored at `key` that the render node holds at `render`.
    init<V: PropertyStorable>(_ name: String, _ key: WritableKeyPath<LayerProperties, V> & Sendable,
                              _ form: PropertyForm, _ animation: PropertyAnimation, _ invalidates: Invalidation,
                              types: [LayerType]? = nil, group: PropertyGroup = .layer, nullable: Bool = false,
                              inspect: InspectRule = .unlessDefault,
                              render: WritableKeyPath<RenderNode, V> & Sendable, _ doc: String) {
        self.init(name, key, form, animation, invalidates, types: types, group: group, nullable: nullable,
                  inspect: inspect, doc)
        let bound = form.bound
        self.render = { p, node in node[keyPath: render] = p[keyPath: key].clamped(to: bound) }
    }

    /// A property read and written by code of its own (one value stored in
    /// two fields, or a view of another field).
    init(_ name: String, _ form: PropertyForm, _ animation: PropertyAnimation, _ invalidates: Invalidation,
         types: [LayerType]? = nil, group: PropertyGroup = .layer, nullable: Bool = false,
         inspect: InspectRule = .unlessDefault, alsoChanges: [String] = [], _ doc: String,
         read: @escaping @Sendable (LayerProperties) -> PropertyValue,
         write: @escaping @Sendable (inout LayerProperties, PropertyValue) -> Void) {
        self.name = name; self.form = form; self.animation = animation; self.invalidates = invalidates
        self.layerTypes = types; self.group = types == nil ? group : .type; self.nullable = nullable
        self.inspect = inspect; self.alsoChanges = alsoChanges; self.doc = doc
        self.read = read; self.write = write; self.render = nil
    }

    // MARK: Reading and writing

    /// The property's value on `p`. A type's key on a layer of another type
    /// reads the type's default.
    public func value(of p: LayerProperties) -> PropertyValue { read(p) }

    /// Sets the property; a value of another case is ignored. A type's key
    /// on a layer of another type creates the type's properties.
    public func set(_ value: PropertyValue, on p: inout LayerProperties) { write(&p, value) }

    /// What a key path of the whole property reads: the value, or for an
    /// unset optional the empty value of its kind (no colour, no path).
    public func animatableValue(of p: LayerProperties) -> AnimatableValue {
        if case .animatable(let v) = read(p) { return v }
        return .empty(of: form.valueKind ?? .scalar)
    }

    /// The value on a layer with every default.
    public var defaultValue: PropertyValue { read(LayerProperties()) }

    /// Whether `p` holds the default.
    public func isDefault(in p: LayerProperties) -> Bool { read(p) == defaultValue }

    /// Whether layers of `type` have it.
    public func belongs(to type: LayerType) -> Bool { layerTypes?.contains(type) ?? true }

    /// The value kind key paths of the whole property carry (nil when no key path reaches it).
    public var valueKind: ValueKind? { animation.isAddressable ? form.valueKind : nil }
}

extension LayerProperty: Hashable {
    public static func == (a: LayerProperty, b: LayerProperty) -> Bool { a.index == b.index }
    public func hash(into h: inout Hasher) { h.combine(index) }
}

extension LayerProperty {
    /// Every property, in the docs' order.
    public static let all: [LayerProperty] = (layerTable + typeTable).enumerated().map { i, entry in
        var e = entry
        e.index = i
        return e
    }

    private static let byName: [String: LayerProperty] = Dictionary(all.map { ($0.name, $0) }) { first, _ in first }

    /// The property named `name` (a YAML key), if any.
    public static func named(_ name: String) -> LayerProperty? { byName[name] }

    /// The properties animations and transactions may name, by name.
    public static let addressable: [LayerProperty] = all.filter(\.animation.isAddressable)

    /// The properties whose values the sampler copies into `RenderNode` as they are.
    static let renderCopies: [@Sendable (LayerProperties, inout RenderNode) -> Void] = all.compactMap(\.render)

    /// Properties the code names (special cases keep their reason next to them).
    static func required(_ name: String) -> LayerProperty {
        guard let p = named(name) else { preconditionFailure("no layer property '\(name)' in the table") }
        return p
    }
    public static let bounds = required("bounds")
    public static let position = required("position")
    public static let anchorPoint = required("anchorPoint")
    public static let transform = required("transform")
    public static let contents = required("contents")
    public static let birthRate = required("birthRate")
    public static let lifetime = required("lifetime")
    public static let emitterCells = required("emitterCells")
}

extension RenderNode {
    /// A node placed by `transform` with the properties it holds as they are
    /// (`LayerProperty` entries with a render field: bounds, opacity,
    /// colours, corners...) copied from `p`; the rest keep their defaults.
    public init(path: String, properties p: LayerProperties, transform: Transform3D, children: [RenderNode]) {
        self.init(path: path, bounds: .zero, transform: transform, opacity: 0, backgroundColor: nil, cornerRadius: 0,
                  borderWidth: 0, borderColor: .clear, masksToBounds: false, children: children)
        for copy in LayerProperty.renderCopies { copy(p, &self) }
    }
}

/// Property structs with a default initializer (a layer type's keys).
public protocol DefaultInitializable { init() }
extension ShapeProperties: DefaultInitializable {}
extension TextProperties: DefaultInitializable {}
extension GradientProperties: DefaultInitializable {}
extension ReplicatorProperties: DefaultInitializable {}
extension ScrollProperties: DefaultInitializable {}
extension EmitterProperties: DefaultInitializable {}

extension Optional where Wrapped: DefaultInitializable {
    /// The wrapped value, or its defaults; setting it creates the value. A
    /// key path through it (`\.shape.orDefault.lineWidth`) reads a type's
    /// defaults on a layer of another type.
    public var orDefault: Wrapped {
        get { self ?? Wrapped() }
        set { self = newValue }
    }
}

extension LayerProperties {
    /// A layer's defaults (Core Animation's), with its type's properties
    /// for a layer of a type that has some.
    public init(type: LayerType) {
        self.init()
        switch type {
        case .shape: shape = ShapeProperties()
        case .text: text = TextProperties()
        case .gradient: gradient = GradientProperties()
        case .replicator: replicator = ReplicatorProperties()
        case .scroll: scroll = ScrollProperties()
        case .emitter: emitter = EmitterProperties()
        case .layer, .transform: break
        }
    }

    /// Whether the properties of `type`'s own keys are present (a layer of that type).
    public func hasProperties(of type: LayerType) -> Bool {
        switch type {
        case .shape: return shape != nil
        case .text: return text != nil
        case .gradient: return gradient != nil
        case .replicator: return replicator != nil
        case .scroll: return scroll != nil
        case .emitter: return emitter != nil
        case .layer, .transform: return false
        }
    }
}
