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
    /// Text matching a regular expression (ECMA-262, as JSON Schema's `pattern`).
    case pattern(String)
    /// Letters, digits, `_` and `-`.
    case name
    case color
    case point
    case size(Bound)
    /// `[x, y, w, h]`, w and h within the bound.
    case rect(Bound)
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
    /// from / to / by / values: the form depends on the key path (the
    /// schema's per-key-path rules check it: `SchemaGenerator.valueRules`).
    case animationValue
    /// An animation's `keyPath`: one of `LayerKeyPath.animatablePaths` or a cell key path.
    case animationKeyPath
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
        var k = spec
        k.status = .typeSpecific(types)
        return k
    }
}

/// Keys that exclude each other: once every key of `present` is there,
/// `excluded` may not be; `message` says so where it is.
struct KeyExclusion: Sendable {
    var present: [String]
    var excluded: String
    var message: String
}

/// The keys of one kind of mapping; `what` names it in messages ("layer").
struct KeyTable: Sendable {
    let what: String
    let keys: [KeySpec]
    let exclusions: [KeyExclusion]
    /// Where each name is in `keys` (its first place): every key of every
    /// mapping of a scene is looked up, in tables of up to ~100 keys.
    private let positions: [String: Int]
    /// The required keys' names, in table order: checked in every mapping.
    let requiredNames: [String]
    /// Each key's `ValueSchema.bound`, by place in `keys`: number keys are
    /// read by the hundred, and a bound read this way copies no spec.
    private let bounds: [Bound?]

    init(what: String, keys: [KeySpec], exclusions: [KeyExclusion] = []) {
        self.what = what
        self.keys = keys
        self.exclusions = exclusions
        positions = Dictionary(keys.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
        requiredNames = keys.filter(\.required).map(\.name)
        bounds = keys.map(\.schema.bound)
    }

    func spec(_ name: String) -> KeySpec? { positions[name].map { keys[$0] } }
    /// Where the key `name` is in `keys` (its first place).
    func position(of name: String) -> Int? { positions[name] }
    /// The status of the key `name`, without copying its spec.
    func status(of name: String) -> KeyStatus? { positions[name].map { keys[$0].status } }
    var names: [String] { keys.map(\.name) }
    var supported: [String] { keys.filter { $0.status == .supported }.map(\.name) }

    /// The bound of a number, length, time, integer or size key (of its
    /// first such option): what the parser checks and the schema states.
    func bound(of name: String) -> Bound {
        guard let i = positions[name], let b = bounds[i] else {
            preconditionFailure("'\(name)' is not a bounded key of the \(what) table")
        }
        return b
    }

    /// The message of the exclusion that rules out `excluded`.
    func exclusion(excluding excluded: String) -> String {
        guard let e = exclusions.first(where: { $0.excluded == excluded }) else {
            preconditionFailure("no exclusion of '\(excluded)' in the \(what) table")
        }
        return e.message
    }
}

extension ValueSchema {
    /// The bound of a number-like schema, or of the first such option.
    var bound: Bound? {
        switch self {
        case .number(let b), .integer(let b), .length(let b), .time(let b), .size(let b), .rect(let b): return b
        case .anyOf(let options): return options.lazy.compactMap(\.bound).first
        case .list(let item), .namedMap(let item): return item.bound
        case .tuple(let items): return items.first?.bound
        default: return nil
        }
    }
}
