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
    mutating func apply(_ node: YAMLNode) -> YAMLNode {
        switch node.content {
        case .scalar(let s):
            guard s.text.contains("${") else { return node }
            var copy = node
            copy.content = .scalar(substitute(s, at: node.location))
            return copy
        case .sequence(let items):
            var copy = node
            copy.content = .sequence(items.map { apply($0) })
            return copy
        case .mapping(let pairs):
            var copy = node
            copy.content = .mapping(pairs.map { YAMLPair(key: $0.key, value: apply($0.value)) })
            return copy
        }
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
