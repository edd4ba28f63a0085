import StrataModel

/// A YAML node with its place in the source. Scalars keep their text, style
/// and tag, so that typing happens later, after `${name}` substitution:
/// a plain `1` is a number, a quoted `"1"` stays a string.
struct YAMLNode: Sendable {
    enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        /// Pairs in file order (merge keys already applied).
        case mapping([YAMLPair])
    }

    var content: Content
    /// Where the node starts: 1-based line and column.
    var location: SourceLocation
    /// For a node reused through an alias: where that alias (`*name`) is.
    var aliasLocation: SourceLocation?

    /// Where this instance of the node is used: the alias, or the node itself.
    /// Problems of the instance as a whole (a duplicate name, a limit reached)
    /// point here; problems inside a template point into the template.
    var useLocation: SourceLocation { aliasLocation ?? location }

    init(_ content: Content, at location: SourceLocation) {
        self.content = content
        self.location = location
    }

    var scalar: YAMLScalar? {
        if case .scalar(let s) = content { return s }
        return nil
    }

    var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The value of a mapping's key, if the node is a mapping that has it.
    subscript(key: String) -> YAMLNode? {
        // Found by index, so that only the value is copied out, not the pairs.
        guard case .mapping(let pairs) = content, let i = pairs.firstIndex(where: { $0.name == key }) else { return nil }
        return pairs[i].value
    }

    /// True for a plain empty scalar, `~` or `null` (an explicit or implied YAML null).
    var isNull: Bool {
        if let s = scalar, case .null = s.value { return true }
        return false
    }

    /// How the node reads in "found ..." messages: `'fast'`, `a list`, `a mapping`, `nothing`.
    var found: String {
        switch content {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar(let s):
            if case .null = s.value, s.style == .plain { return s.text.isEmpty ? "nothing" : "null" }
            return "'\(Self.clip(s.text))'"
        }
    }

    /// User text as a message quotes it (`Diagnostic.clip`).
    static func clip(_ text: String, limit: Int = 40) -> String { Diagnostic.clip(text, limit: limit) }
}

/// One `key: value` entry of a mapping.
struct YAMLPair: Sendable {
    var key: YAMLNode
    var value: YAMLNode
    /// The key's text (keys are scalars; the YAML layer rejects others).
    var name: String { key.scalar?.text ?? "" }
}

/// A scalar as written: text after YAML unescaping, style and explicit tag.
struct YAMLScalar: Sendable {
    enum Style: Sendable, Equatable { case plain, singleQuoted, doubleQuoted, literal, folded }

    var text: String
    var style: Style
    /// The explicit tag, expanded (`!!str` is `tag:yaml.org,2002:str`), or nil.
    var tag: String?
    /// Character offsets of the scalar in the source (quotes included), used
    /// to point at a `${` inside it.
    var sourceRange: Range<Int>
    /// True once `${name}` substitution changed the text: such a scalar is
    /// typed by its new text whatever its quotes, since YAML forces quotes on
    /// `${x}` inside flow collections (`[0, "${w}"]`).
    var substituted = false

    static let stringTag = "tag:yaml.org,2002:str"
    static let intTag = "tag:yaml.org,2002:int"
    static let floatTag = "tag:yaml.org,2002:float"
    static let boolTag = "tag:yaml.org,2002:bool"
    static let nullTag = "tag:yaml.org,2002:null"
    /// Tags a scalar may carry; `!` is YAML's non-specific tag (a string).
    static let knownTags: Set<String> = [stringTag, intTag, floatTag, boolTag, nullTag, "!"]
}
