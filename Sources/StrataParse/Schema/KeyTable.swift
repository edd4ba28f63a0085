import StrataModel

/// What the parser does with a key.
enum KeyStatus: Sendable, Equatable {
    /// Parsed and used.
    case supported
    /// In the format contract but not implemented: an error, never ignored.
    case notSupportedYet
    /// A key of these layer types only.
    case typeSpecific([LayerType])
}

/// The shape of a key's value, for the JSON Schema and the docs.
indirect enum ValueSchema: Sendable {
    case number(Bound)
    case integer(Bound)
    case length(Bound)
    /// Seconds: a bare number, or `500ms` / `2s`.
    case time(Bound)
    /// Degrees as a bare number, or `45deg` / `1.2rad` / `0.25turn`.
    case angle
    case bool
    /// Any text.
    case string
    /// Letters, digits, `_` and `-`.
    case name
    case color
    case point
    case size(Bound)
    case rect
    case choice([String])
    case transform
    case list(ValueSchema)
    /// A fixed-length list with one schema per position.
    case tuple([ValueSchema])
    /// A mapping from names to values.
    case namedMap(ValueSchema)
    /// A reference to a definition of the schema: `layer`, `animation`, `canvas`...
    case ref(String)
    case anyOf([ValueSchema])
    /// A fixed integer (the format version).
    case constant(Int)
    /// Any scalar (param values).
    case scalar
    /// from / to / by: the kind depends on the key path.
    case animationValue
    /// `inf` or a number of 0 or more.
    case repeatCount
    /// A timing function name or four control-point numbers.
    case timingFunction
    /// A golden frame: a frame number, a time with a unit, or a mapping.
    case goldenFrame
    /// Anything; the key is rejected before its value is read.
    case unchecked
    /// A list that must be empty for now (`timeline`).
    case emptyList
    /// YAML null.
    case null
    /// A transaction's `set:`: `layer/path.keyPath` -> a value of that key path's kind.
    case changes
}

/// One key of a mapping in the format.
struct KeySpec: Sendable {
    var name: String
    var status: KeyStatus
    var schema: ValueSchema
    var required: Bool
    /// One line for the schema's `description` (defaults and units included).
    var doc: String

    init(_ name: String, _ schema: ValueSchema, required: Bool = false, _ doc: String) {
        self.name = name
        self.status = .supported
        self.schema = schema
        self.required = required
        self.doc = doc
    }

    static func notYet(_ name: String, _ doc: String = "") -> KeySpec {
        var k = KeySpec(name, .unchecked, doc.isEmpty ? "not supported yet" : doc + " (not supported yet)")
        k.status = .notSupportedYet
        return k
    }

    /// A key of layers of `types` only.
    static func typed(_ spec: KeySpec, _ types: [LayerType]) -> KeySpec {
        let list = types.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        var k = spec
        k.doc = "\(list) layers: " + spec.doc
        k.status = .typeSpecific(types)
        return k
    }
}

/// The keys of one kind of mapping; `what` names it in messages ("layer").
struct KeyTable: Sendable {
    var what: String
    var keys: [KeySpec]

    func spec(_ name: String) -> KeySpec? { keys.first { $0.name == name } }
    var names: [String] { keys.map(\.name) }
    var supported: [String] { keys.filter { $0.status == .supported }.map(\.name) }
}
