import StrataModel

/// A parsed value, or the located problem that kept it from parsing.
typealias Parsed<T> = Result<T, Diagnostic>

/// Parsers for the scene format's values. Each returns the value or a
/// diagnostic that says what was expected and what was found, located at the
/// offending node (an element of a list, not the whole list).
enum Values {
    /// `1`, `0.5`, `1e-06` without trailing zeros noise.
    static func format(_ v: Double) -> String { Bound.format(v) }

    static func fail<T>(_ node: YAMLNode, _ message: String) -> Parsed<T> {
        .failure(Diagnostic(node.location, message))
    }

    /// How a node reads after "found", with a hint when a number was quoted.
    static func found(_ node: YAMLNode) -> String {
        if let s = node.scalar, s.style != .plain, case .string = s.value,
           YAMLScalar.isDecimalFloat(s.text) {
            return "the string '\(YAMLNode.clip(s.text))' (a quoted number is text; remove the quotes)"
        }
        return node.found
    }

    /// A finite number within `bound`; `what` names it in messages ("a number", "a length").
    static func number(_ node: YAMLNode, _ bound: Bound = .any, what: String = "a number") -> Parsed<Double> {
        guard let v = node.scalar?.number else {
            return fail(node, "expected \(what)\(suffix(bound)), found \(found(node))")
        }
        return checked(v, node, bound, what: what)
    }

    /// Rejects NaN and infinities, values outside `bound` and values past
    /// `Limits.maxMagnitude` (whatever the bound: no number of a scene is larger).
    static func checked(_ v: Double, _ node: YAMLNode, _ bound: Bound, what: String) -> Parsed<Double> {
        guard v.isFinite else { return fail(node, "expected a finite \(what.dropArticle), found \(node.found)") }
        guard bound.contains(v) else { return fail(node, "expected \(what)\(suffix(bound)), found \(node.found)") }
        guard abs(v) <= Limits.maxMagnitude else { return tooLarge(node, what: what) }
        return .success(v)
    }

    /// The error for a number past `Limits.maxMagnitude`.
    static func tooLarge<T>(_ node: YAMLNode, what: String) -> Parsed<T> {
        fail(node, "\(what) may be at most \(format(Limits.maxMagnitude)) in magnitude (a scene's limit), found \(node.found)")
    }

    /// " of 0 or more", " from 0 to 1", " greater than 0", or "" for any number.
    static func suffix(_ bound: Bound, _ f: (Double) -> String = format) -> String {
        let p = bound.phrase(f)
        if p.isEmpty { return "" }
        return (p.first!.isNumber || p.first == "-" ? " of " : " ") + p
    }

    /// A length in points (a bare number).
    static func length(_ node: YAMLNode, _ bound: Bound = .any) -> Parsed<Double> {
        number(node, bound, what: "a length")
    }

    /// A whole number within `bound`.
    static func integer(_ node: YAMLNode, _ bound: Bound = .any, what: String = "a whole number") -> Parsed<Int> {
        guard let s = node.scalar, case .int(let i) = s.value else {
            return fail(node, "expected \(what)\(suffix(bound)), found \(found(node))")
        }
        guard bound.contains(Double(i)) else { return fail(node, "expected \(what)\(suffix(bound)), found \(node.found)") }
        return .success(i)
    }

    /// `true` or `false` (YAML 1.2: `yes`/`no`/`on`/`off` are not booleans).
    static func bool(_ node: YAMLNode) -> Parsed<Bool> {
        guard let s = node.scalar, case .bool(let b) = s.value else {
            return fail(node, "expected true or false, found \(found(node))")
        }
        return .success(b)
    }

    /// A scalar's text as a string (any style; numbers keep their spelling).
    static func string(_ node: YAMLNode, what: String = "a string") -> Parsed<String> {
        guard let s = node.scalar, !node.isNull else { return fail(node, "expected \(what), found \(node.found)") }
        return .success(s.text)
    }

    /// A name of letters, digits, `_` and `-` (layer, asset, param and variant names).
    static func name(_ node: YAMLNode, what: String) -> Parsed<String> {
        string(node, what: "a \(what)").flatMap { text in
            isName(text) ? .success(text)
                : fail(node, "\(what) '\(YAMLNode.clip(text))' may use only letters, digits, '_' and '-'")
        }
    }

    static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "-"
        }
    }

    /// One of `choices`; `what` names the setting ("fillMode"). `aliases`
    /// maps names other tools use to the choice they mean, for the suggestion.
    static func choice(_ node: YAMLNode, _ choices: [String], what: String,
                       aliases: [String: String] = [:]) -> Parsed<String> {
        guard let s = node.scalar, case .string(let text) = s.value else {
            return fail(node, "expected a \(what): \(Suggestion.list(choices)), found \(node.found)")
        }
        if choices.contains(text) { return .success(text) }
        let guess = Suggestion.closest(to: text, in: choices, aliases: aliases)
        let hint = guess.map { "; did you mean '\($0)'?" } ?? "; expected \(Suggestion.list(choices))"
        return .failure(Diagnostic(node.location, "unknown \(what) '\(YAMLNode.clip(text))'" + hint, suggestion: guess))
    }

    /// One case of an enum whose raw values are the YAML spellings.
    static func choice<E: RawRepresentable & CaseIterable>(_ node: YAMLNode, _: E.Type, what: String) -> Parsed<E>
    where E.RawValue == String {
        choice(node, E.allCases.map(\.rawValue), what: what).map { E(rawValue: $0)! }
    }

    /// The items of a list, or a failure naming what the list should hold.
    static func list(_ node: YAMLNode, of what: String) -> Parsed<[YAMLNode]> {
        guard let items = node.sequence else { return fail(node, "expected a list of \(what), found \(node.found)") }
        return .success(items)
    }

    /// Exactly `counts` numbers in a list, each read by `element`.
    static func numbers(_ node: YAMLNode, counts: [Int], what: String,
                        element: (YAMLNode) -> Parsed<Double> = { number($0) }) -> Parsed<[Double]> {
        guard let items = node.sequence else { return fail(node, "expected \(what), found \(found(node))") }
        guard counts.contains(items.count) else {
            let n = counts.map(String.init).joined(separator: " or ")
            return fail(node, "expected \(what) (\(n) numbers), found \(items.count) item\(items.count == 1 ? "" : "s")")
        }
        var values: [Double] = []
        values.reserveCapacity(items.count)
        for item in items {
            switch element(item) {
            case .success(let v): values.append(v)
            case .failure(let d): return .failure(d)
            }
        }
        return .success(values)
    }
}

extension String {
    /// "a length" -> "length", for "expected a finite length".
    var dropArticle: String {
        if hasPrefix("a ") { return String(dropFirst(2)) }
        if hasPrefix("an ") { return String(dropFirst(3)) }
        return self
    }
}
