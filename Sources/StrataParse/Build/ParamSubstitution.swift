import StrataModel

/// `${name}` substitution: replaces params in the text of every scalar value
/// (mapping keys are left alone) before the scalar is typed, so that a plain
/// `opacity: ${o}` becomes the number the param spells. A substituted scalar is
/// typed by its new text even when quoted (see `YAMLScalar.substituted`).
/// `$${` writes a literal `${`.
struct ParamSubstitution {
    let params: [String: String]
    /// The params' names, ready for suggestions once, not per unknown name.
    private var names: Suggestion.Index
    /// The source text as characters, to point at a `${` inside a scalar.
    let source: [Unicode.Scalar]
    private(set) var used: Set<String> = []
    private(set) var diagnostics: [Diagnostic] = []

    init(params: [String: String], source: [Unicode.Scalar]) {
        self.params = params
        self.names = Suggestion.Index(params.keys.sorted())
        self.source = source
    }

    /// The node with every scalar value below it substituted.
    mutating func apply(_ node: YAMLNode) -> YAMLNode { substituted(node) ?? node }

    /// The node with its scalar values substituted, or nil when none of them
    /// refers to a param: most subtrees have none, and are kept as they are
    /// rather than copied node by node.
    private mutating func substituted(_ node: YAMLNode) -> YAMLNode? {
        let content: YAMLNode.Content
        switch node.content {
        case .scalar(let s):
            guard Self.mayHoldReference(s.text), s.text.contains("${") else { return nil }
            content = .scalar(substitute(s, at: node.location))
        case .sequence(let items):
            var changed: [YAMLNode]?
            for (i, item) in items.enumerated() {
                guard let new = substituted(item) else { continue }
                if changed == nil { changed = items }
                changed?[i] = new
            }
            guard let changed else { return nil }
            content = .sequence(changed)
        case .mapping(let pairs):
            var changed: [YAMLPair]?
            for (i, pair) in pairs.enumerated() {
                guard let new = substituted(pair.value) else { continue }
                if changed == nil { changed = pairs }
                changed?[i].value = new
            }
            guard let changed else { return nil }
            content = .mapping(changed)
        }
        var copy = node
        copy.content = content
        return copy
    }

    /// False when the text holds no `$` byte followed by a `{` byte, so that
    /// it cannot contain `${` however it is compared: a cheap test before
    /// the character-wise one, for the many scalars without a reference.
    static func mayHoldReference(_ text: String) -> Bool {
        var afterDollar = false
        for byte in text.utf8 {
            if afterDollar && byte == UInt8(ascii: "{") { return true }
            afterDollar = byte == UInt8(ascii: "$")
        }
        return false
    }

    private mutating func substitute(_ scalar: YAMLScalar, at location: SourceLocation) -> YAMLScalar {
        let chars = Array(scalar.text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        var occurrence = 0  // index of the `${` being read, to find it in the source
        while i < chars.count {
            if chars[i] == "$", i + 2 < chars.count, chars[i + 1] == "$", chars[i + 2] == "{" {
                out.append(contentsOf: ["$", "{"])
                occurrence += 1
                i += 3
                continue
            }
            guard chars[i] == "$", i + 1 < chars.count, chars[i + 1] == "{" else {
                out.append(chars[i])
                i += 1
                continue
            }
            let here = self.location(ofOccurrence: occurrence, in: scalar, start: location)
            occurrence += 1
            guard let close = chars[(i + 2)...].firstIndex(of: "}") else {
                diagnostics.append(Diagnostic(here, "'${' is not closed by '}' (write '$${' for a literal '${')"))
                out.append(contentsOf: chars[i...])
                break
            }
            let name = String(String.UnicodeScalarView(chars[(i + 2)..<close]))
            if let value = params[name] {
                used.insert(name)
                out.append(contentsOf: value.unicodeScalars)
            } else {
                let hint = names.closest(to: name).map { "; did you mean '\($0)'?" } ?? ""
                let none = params.isEmpty ? " (the scene declares no params)" : ""
                diagnostics.append(Diagnostic(here, "unknown param '\(YAMLNode.clip(name))'\(hint)\(none)"))
            }
            i = close + 1
        }
        var result = scalar
        result.text = String(out)
        result.substituted = true
        return result
    }

    /// Where the `occurrence`-th `${` of the scalar's value sits in the source:
    /// the same-numbered `${` of the scalar's source text. Falls back to the
    /// scalar's start when escapes make the two disagree.
    private func location(ofOccurrence occurrence: Int, in scalar: YAMLScalar, start: SourceLocation) -> SourceLocation {
        let range = scalar.sourceRange.clamped(to: 0..<source.count)
        var seen = 0
        var line = start.line, column = start.column
        var i = range.lowerBound
        while i < range.upperBound {
            if source[i] == "$", i + 1 < range.upperBound, source[i + 1] == "{" {
                if seen == occurrence { return SourceLocation(file: start.file, line: line, column: column) }
                seen += 1
            }
            if source[i] == "\n" || (source[i] == "\r" && (i + 1 >= source.count || source[i + 1] != "\n")) {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += 1
        }
        return start
    }
}
