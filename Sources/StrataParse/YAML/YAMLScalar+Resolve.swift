/// The typed value of a scalar under the YAML 1.2 core schema.
enum YAMLValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
}

extension YAMLScalar {
    /// The scalar's type. Plain scalars resolve by the YAML 1.2 core schema
    /// (`true`/`false`, `null`/`~`/empty, decimal/`0x`/`0o` integers, floats,
    /// `.inf`, `.nan`; `yes`/`no`/`on`/`off` are strings); quoted and block
    /// scalars are strings; an explicit `!!int`, `!!float`, `!!bool`, `!!null`
    /// or `!!str` tag decides, falling back to a string when the text does not fit.
    /// A substituted scalar without a tag resolves like a plain one, except
    /// that a quoted one that became empty is the empty string.
    var value: YAMLValue {
        switch tag {
        case nil where style == .plain:
            return Self.resolvePlain(text)
        case nil where substituted:
            let v = Self.resolvePlain(text)
            return v == .null ? .string(text) : v
        case YAMLScalar.intTag?, YAMLScalar.floatTag?:
            switch Self.resolvePlain(text) {
            case .int(let i): return tag == YAMLScalar.floatTag ? .float(Double(i)) : .int(i)
            case .float(let d): return .float(d)
            default: return .string(text)
            }
        case YAMLScalar.boolTag?:
            if case .bool(let b) = Self.resolvePlain(text) { return .bool(b) }
            return .string(text)
        case YAMLScalar.nullTag?:
            return .null
        default:
            return .string(text)
        }
    }

    /// A number, if the scalar is an integer or float.
    var number: Double? {
        switch value {
        case .int(let i): return Double(i)
        case .float(let d): return d
        default: return nil
        }
    }

    static func resolvePlain(_ text: String) -> YAMLValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        if let i = integer(text) { return .int(i) }
        if isDecimalFloat(text), let d = Double(text) { return .float(d) }
        return .string(text)
    }

    /// `[-+]?[0-9]+`, `0x[0-9a-fA-F]+`, `0o[0-7]+`; too large for Int becomes a float.
    private static func integer(_ text: String) -> Int? {
        if text.hasPrefix("0x"), text.count > 2 { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o"), text.count > 2 { return Int(text.dropFirst(2), radix: 8) }
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text.first == "+" ? String(text.dropFirst()) : text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, the core schema's float.
    static func isDecimalFloat(_ text: String) -> Bool {
        var s = Substring(text)
        if s.first == "-" || s.first == "+" { s = s.dropFirst() }
        let mantissaEnd = s.firstIndex { $0 == "e" || $0 == "E" } ?? s.endIndex
        let mantissa = s[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let intPart = parts[0], fracPart = parts.count > 1 ? parts[1] : nil
        let allDigits = { (x: Substring) in x.allSatisfy { $0.isASCII && $0.isNumber } }
        guard allDigits(intPart), fracPart.map(allDigits) ?? true else { return false }
        guard !intPart.isEmpty || !(fracPart ?? "").isEmpty else { return false }
        if mantissaEnd == s.endIndex { return true }
        var exp = s[s.index(after: mantissaEnd)...]
        if exp.first == "-" || exp.first == "+" { exp = exp.dropFirst() }
        return !exp.isEmpty && allDigits(exp)
    }
}
