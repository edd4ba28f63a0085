/// One property of a layer, declared once: its name, how its value is
/// written, its default, whether and how it animates, what a change of it
/// invalidates, the layer types that have it, its one-line doc, and its
/// accessors of its field in `LayerProperties`. Every stage reads these instead of
/// repeating them: the parser's checks and messages, the key paths that
/// animations and transactions may name, reading and writing by key path,
/// the JSON Schema, `strata inspect` and the docs' property tables.
///
/// A property is an index into the table, `LayerProperty.all`, whose rows
/// (`Entry`) are in LayerProperty+Table.swift and LayerProperty+TypeTable.swift. Adding an animatable property is its
/// stored field in `LayerProperties` (or a type's struct), one entry there,
/// and its drawing code.
public struct LayerProperty: Sendable, Hashable, CustomStringConvertible {
    /// The position in `LayerProperty.all`: a property is an index into the
    /// table, as cheap to copy and compare as an enum case.
    public let index: Int

    var entry: Entry { LayerProperty.entries[index] }

    /// The YAML key and the root of its key paths (`cornerRadius`).
    public var name: String { entry.name }
    public var form: PropertyForm { entry.form }
    /// Whether YAML null is allowed; it means none (`fillColor: null`: no fill).
    public var nullable: Bool { entry.nullable }
    public var animation: PropertyAnimation { entry.animation }
    public var invalidates: Invalidation { entry.invalidates }
    /// The layer types that have it; nil for every layer.
    public var layerTypes: [LayerType]? { entry.layerTypes }
    /// Where the docs and `inspect` put a key every layer has.
    public var group: PropertyGroup { entry.group }
    public var inspect: InspectRule { entry.inspect }
    /// What it means, in one line (units and bounds come from `form`, the
    /// default from the stored field).
    public var doc: String { entry.doc }
    /// Other properties a write of this one changes (`scrollPoint` moves `bounds`).
    public var alsoChanges: [String] { entry.alsoChanges }
    /// How messages name a value when the form's word does not fit ("an instance count").
    public var noun: String? { entry.noun }

    public var description: String { name }

    // MARK: Reading and writing

    /// The property's value on `p`. A type's key on a layer of another type
    /// reads the type's default.
    public func value(of p: LayerProperties) -> PropertyValue { LayerProperty.entries[index].read(p) }

    /// Sets the property; a value of another case is ignored. A type's key
    /// on a layer of another type creates the type's properties.
    public func set(_ value: PropertyValue, on p: inout LayerProperties) {
        LayerProperty.entries[index].write(&p, value)
    }

    /// What a key path of the whole property reads: the value, or for an
    /// unset optional the empty value of its kind (no colour, no path).
    public func animatableValue(of p: LayerProperties) -> AnimatableValue {
        LayerProperty.hot[index].read(p)
    }

    /// Sets the value a key path of the whole property carries (the sampler's path).
    public func setAnimatable(_ value: AnimatableValue, on p: inout LayerProperties) {
        LayerProperty.hot[index].write(&p, value)
    }

    /// The value on a layer with every default.
    public var defaultValue: PropertyValue { value(of: LayerProperties()) }

    /// Whether `p` holds the default.
    public func isDefault(in p: LayerProperties) -> Bool { value(of: p) == defaultValue }

    /// Whether layers of `type` have it.
    public func belongs(to type: LayerType) -> Bool { layerTypes?.contains(type) ?? true }

    /// The value kind key paths of the whole property carry (nil when no key path reaches it).
    public var valueKind: ValueKind? { animation.isAddressable ? form.valueKind : nil }
}

extension LayerProperty {
    /// The table's rows, in the docs' order.
    static let entries: [Entry] = layerTable + typeTable

    /// Every property, in the docs' order.
    public static let all: [LayerProperty] = entries.indices.map { LayerProperty(index: $0) }

    /// The accessors the sampler calls every frame, by index (no `Entry` is copied).
    static let hot: [HotAccessors] = entries.map(\.hot)

    private static let byName: [String: LayerProperty] = Dictionary(all.map { ($0.name, $0) }) { first, _ in first }

    /// The property named `name` (a YAML key), if any.
    public static func named(_ name: String) -> LayerProperty? { byName[name] }

    /// The properties animations and transactions may name, by name.
    public static let addressable: [LayerProperty] = all.filter(\.animation.isAddressable)

    /// The properties a transaction sets only whole, having no key path
    /// (`string`, `instanceCount`, `emitterShape`...): they change at the commit.
    public static let settableWhole: [LayerProperty] = all.filter { !$0.animation.isAddressable }

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
        // A lottie layer's keys make its `contents`; it has no properties of its own.
        case .layer, .transform, .lottie: break
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
        case .layer, .transform, .lottie: return false
        }
    }
}
