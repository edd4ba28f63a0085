import StrataModel

/// The kind of value a param takes (`params: {accent: {type: color, default: red}}`):
/// a given value is checked against it where it is given (`--set`, a
/// using layer's `params:`), rather than where `${name}` is read.
enum ParamType: String, CaseIterable, Sendable {
    case text, number, time, angle, color, boolean

    /// The problem with `text` as a value of this type, as the value reader
    /// says it, or nil when it is one. `text` is typed as a substituted
    /// scalar is (by its text, whatever its quotes).
    func problem(with text: String, at location: SourceLocation) -> Diagnostic? {
        let node = YAMLNode(.scalar(YAMLScalar(text: text, style: .plain, tag: nil, sourceRange: 0..<0, substituted: true)),
                            at: location)
        func problem<T>(_ parsed: Parsed<T>) -> Diagnostic? {
            if case .failure(let d) = parsed { return d }
            return nil
        }
        switch self {
        case .text: return nil
        case .number: return problem(Values.number(node))
        case .time: return problem(Values.time(node))
        case .angle: return problem(Values.angle(node))
        case .color: return problem(Values.color(node))
        case .boolean: return problem(Values.bool(node))
        }
    }

    /// How messages name a value of this type.
    var article: String { self == .angle ? "an angle" : self == .text ? "text" : "a \(rawValue)" }
}

/// A param as declared in the file: `name: default`, or `name: {type, default}`
/// (without `default` the param is required).
struct DeclaredParam {
    var name: String
    /// The default value's text (a null value is the empty string); nil: required.
    var value: String?
    var type: ParamType?
    var key: YAMLNode
}

extension SceneBuilder {
    /// The `params:` mapping, read before substitution (params are never
    /// substituted); a typed default is checked against its type.
    mutating func declaredParams(_ node: YAMLNode) -> [DeclaredParam] {
        guard let pairs = namedMapping(node, what: "param") else { return [] }
        var params: [DeclaredParam] = []
        for pair in pairs {
            guard let name = take(Values.name(pair.key, what: "param name")) else { continue }
            if pair.value.mapping != nil {
                guard let m = MappingReader(pair.value, KeyTables.param, sink: &sink) else { continue }
                let type = read(m, "type") { Values.choice($0, ParamType.self, what: "param type") }
                var value: String?
                if let d = m["default"] {
                    guard let s = paramText(d) else { continue }
                    if let type, let problem = type.problem(with: s, at: d.location) {
                        sink.error(d.location, "the default of param '\(name)' is not \(type.article): \(problem.message)")
                        continue
                    }
                    value = s
                }
                params.append(DeclaredParam(name: name, value: value, type: type, key: pair.key))
            } else if let s = paramText(pair.value) {
                params.append(DeclaredParam(name: name, value: s, type: nil, key: pair.key))
            }
        }
        return params
    }

    /// A param value's text: a scalar (null is the empty string), else nil after an error.
    mutating func paramText(_ node: YAMLNode) -> String? {
        guard let s = node.scalar else {
            sink.error(node.location, "a param value is a single number or string, found \(node.found)")
            return nil
        }
        return node.isNull ? "" : s.text
    }

    /// Applies `--set` overrides (later ones win); an unknown name, or a
    /// value that is not of the param's type, is an error at `<command line>`.
    mutating func applyOverrides(_ overrides: [(name: String, value: String)], declared: [DeclaredParam],
                                 to params: inout [String: String]) {
        for (name, value) in overrides {
            guard let param = declared.first(where: { $0.name == name }) else {
                let hint = Suggestion.hint(for: name, in: declared.map(\.name).sorted())
                let none = declared.isEmpty ? " (the scene declares no params)" : ""
                sink.error(.commandLine(), "--set: unknown param '\(name)'\(hint)\(none)")
                continue
            }
            if let type = param.type, let problem = type.problem(with: value, at: .commandLine()) {
                sink.error(.commandLine(), "--set: param '\(name)' is \(type.article): \(problem.message)",
                           notes: [DiagnosticNote(param.key.location, "'\(name)' is declared here")])
                continue
            }
            params[name] = value
        }
    }

    /// A using layer's `params:` (in this builder's file) for a used scene
    /// that declares `declared` in `usedFile`: each name must be declared
    /// there (did-you-mean), each value of its type, and every param
    /// without a default given. Problems are this file's, at the key or
    /// value (or at `use`, the `scene:` value, for a missing one).
    mutating func useParams(_ node: YAMLNode?, declared: [DeclaredParam], usedFile: String,
                            use: YAMLNode, into params: inout [String: String]) {
        var given = Set<String>()
        if let node, let pairs = namedMapping(node, what: "param") {
            for pair in pairs {
                guard let name = take(Values.name(pair.key, what: "param name")) else { continue }
                guard let param = declared.first(where: { $0.name == name }) else {
                    let guess = Suggestion.closest(to: name, in: declared.map(\.name).sorted())
                    let hint = guess.map { "; did you mean '\($0)'?" } ?? ""
                    let none = declared.isEmpty ? " (it declares no params)" : ""
                    sink.error(pair.key.location, "'\(usedFile)' has no param '\(YAMLNode.clip(name))'\(hint)\(none)",
                               suggestion: guess)
                    continue
                }
                given.insert(name)
                guard let text = paramText(pair.value) else { continue }
                if let type = param.type, let problem = type.problem(with: text, at: pair.value.location) {
                    sink.error(pair.value.location, "param '\(name)' is \(type.article): \(problem.message)",
                               notes: [DiagnosticNote(param.key.location, "'\(name)' is declared here")])
                    continue
                }
                params[name] = text
            }
        }
        for param in declared where param.value == nil && !given.contains(param.name) {
            sink.error((node ?? use).location, "'\(usedFile)' needs param '\(param.name)'\(param.type.map { " (\($0.article))" } ?? ""): it has no default; give it in 'params'",
                       notes: [DiagnosticNote(param.key.location, "'\(param.name)' is declared here")])
        }
    }

    /// A loaded scene's params without a default must come from `--set`.
    mutating func checkRequired(_ declared: [DeclaredParam], overrides: [(name: String, value: String)]) {
        for param in declared where param.value == nil && !overrides.contains(where: { $0.name == param.name }) {
            sink.error(param.key.location, "param '\(param.name)' has no default; give it with --set \(param.name)=VALUE (or a 'default')")
        }
    }
}
