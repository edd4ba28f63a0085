/// The rows of the property table and how they are written: a stored
/// field's getter and setter, or code of its own.
extension LayerProperty {
    /// One row of the table: what `LayerProperty` reads through its index.
    struct Entry: Sendable {
        /// The YAML key and the root of its key paths (`cornerRadius`).
        let name: String
        let form: PropertyForm
        /// Whether YAML null is allowed; it means none (`fillColor: null`: no fill).
        let nullable: Bool
        let animation: PropertyAnimation
        let invalidates: Invalidation
        /// The layer types that have it; nil for every layer.
        let layerTypes: [LayerType]?
        /// Where the docs and `inspect` put a key every layer has.
        let group: PropertyGroup
        let inspect: InspectRule
        /// What it means, in one line (units and bounds come from `form`, the
        /// default from the stored field).
        let doc: String
        /// Other properties a write of this one changes (`scrollPoint` moves `bounds`).
        let alsoChanges: [String]
        /// How messages name a value ("an instance count", "contents gravity"), when not by the form.
        let noun: String?
        let read: @Sendable (LayerProperties) -> PropertyValue
        let write: @Sendable (inout LayerProperties, PropertyValue) -> Void
        /// The same for key paths, without a `PropertyValue` in between (the sampler's path).
        private(set) var hot: HotAccessors

        /// A property stored in one field, read by `get` and written by `set`
        /// (closures, not a Swift `KeyPath`: the sampler reads and writes
        /// properties every frame, and a KeyPath's projection costs about ten
        /// times a closure's direct field access).
        @inline(__always)
        init<V: PropertyStorable>(_ name: String, _ get: @escaping @Sendable (LayerProperties) -> V,
                                  _ set: @escaping @Sendable (inout LayerProperties, V) -> Void,
                                  _ form: PropertyForm, _ animation: PropertyAnimation, _ invalidates: Invalidation,
                                  types: [LayerType]? = nil, group: PropertyGroup = .layer, nullable: Bool = false,
                                  inspect: InspectRule = .unlessDefault, noun: String? = nil, _ doc: String) {
            self.init(name, form, animation, invalidates, types: types, group: group, nullable: nullable,
                      inspect: inspect, noun: noun, doc,
                      read: { get($0).propertyValue },
                      write: { p, v in if let x = V(propertyValue: v) { set(&p, x) } })
            let empty = AnimatableValue.empty(of: form.valueKind ?? .scalar)
            hot = HotAccessors(read: { get($0).animatable(or: empty) },
                               write: { p, v in if let x = V(animatable: v) { set(&p, x) } })
        }

        /// A key of one layer type, stored in the type's struct (`slot`) by
        /// `get` and `set`; a layer without the struct reads its defaults, and a
        /// write creates it.
        @inline(__always)
        init<S, V: PropertyStorable>(_ slot: TypeSlot<S>, _ name: String, _ get: @escaping @Sendable (S) -> V,
                                     _ set: @escaping @Sendable (inout S, V) -> Void,
                                     _ form: PropertyForm, _ animation: PropertyAnimation, _ invalidates: Invalidation,
                                     nullable: Bool = false, noun: String? = nil, _ doc: String) {
            self.init(name, { get(slot.get($0)) },
                      { p, v in
                          var s = slot.get(p)
                          set(&s, v)
                          slot.set(&p, s)
                      },
                      form, animation, invalidates, types: [slot.type], nullable: nullable, noun: noun, doc)
        }

        /// A property read and written by code of its own (one value stored in
        /// two fields, or a view of another field).
        init(_ name: String, _ form: PropertyForm, _ animation: PropertyAnimation, _ invalidates: Invalidation,
             types: [LayerType]? = nil, group: PropertyGroup = .layer, nullable: Bool = false,
             inspect: InspectRule = .unlessDefault, alsoChanges: [String] = [], noun: String? = nil, _ doc: String,
             read: @escaping @Sendable (LayerProperties) -> PropertyValue,
             write: @escaping @Sendable (inout LayerProperties, PropertyValue) -> Void) {
            self.name = name; self.form = form; self.animation = animation; self.invalidates = invalidates
            self.layerTypes = types; self.group = types == nil ? group : .type; self.nullable = nullable
            self.inspect = inspect; self.alsoChanges = alsoChanges; self.noun = noun; self.doc = doc
            self.read = read; self.write = write
            let empty = AnimatableValue.empty(of: form.valueKind ?? .scalar)
            hot = HotAccessors(read: { read($0).animatable ?? empty }, write: { p, v in write(&p, .animatable(v)) })
        }
    }
}

/// The accessors the sampler calls every frame. Closures are kept in a
/// struct, not in an array of closures: an array holds functions in its
/// generic form, and each call would then copy the whole `LayerProperties`
/// through a reabstraction thunk (measured: most of the sampler's time).
struct HotAccessors: Sendable {
    /// An unset optional reads the empty value of its kind (no colour, no path).
    let read: @Sendable (LayerProperties) -> AnimatableValue
    let write: @Sendable (inout LayerProperties, AnimatableValue) -> Void
}

/// Where a layer type keeps its own keys in `LayerProperties` (`shape`,
/// `text`...): `get` reads the type's defaults on a layer of another type,
/// `set` creates the struct.
struct TypeSlot<S>: Sendable {
    let type: LayerType
    let get: @Sendable (LayerProperties) -> S
    let set: @Sendable (inout LayerProperties, S) -> Void
    init(_ type: LayerType, _ get: @escaping @Sendable (LayerProperties) -> S,
         _ set: @escaping @Sendable (inout LayerProperties, S) -> Void) {
        self.type = type; self.get = get; self.set = set
    }
}

