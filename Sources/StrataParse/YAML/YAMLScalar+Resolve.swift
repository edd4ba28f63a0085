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
        if text.utf8.first.map(startsKeyword) ?? true, let keyword = keywords[text] { return keyword }
        if let i = integer(text) { return .int(i) }
        if isDecimalFloat(text), let d = Double(text) { return .float(d) }
        return .string(text)
    }

    /// The plain scalars that are not strings or numbers by their digits: nulls,
    /// booleans, infinities and NaN (the empty scalar is null).
    static let keywords: [String: YAMLValue] = {
        var table: [String: YAMLValue] = [:]
        for text in ["", "~", "null", "Null", "NULL"] { table[text] = .null }
        for text in ["true", "True", "TRUE"] { table[text] = .bool(true) }
        for text in ["false", "False", "FALSE"] { table[text] = .bool(false) }
        for text in [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"] { table[text] = .float(.infinity) }
        for text in ["-.inf", "-.Inf", "-.INF"] { table[text] = .float(-.infinity) }
        for text in [".nan", ".NaN", ".NAN"] { table[text] = .float(.nan) }
        return table
    }()

    /// Whether a plain scalar starting with this UTF-8 byte can be one of the
    /// `keywords`: every scalar is resolved, and most are names or numbers,
    /// which skip the look-up.
    private static func startsKeyword(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"): return true
        default: return false
        }
    }

    /// `[-+]?[0-9]+`, `0x[0-9a-fA-F]+`, `0o[0-7]+`; too large for Int becomes a float.
    private static func integer(_ text: String) -> Int? {
        if text.utf8.first == UInt8(ascii: "0") {
            if text.hasPrefix("0x"), text.count > 2 { return Int(text.dropFirst(2), radix: 16) }
            if text.hasPrefix("0o"), text.count > 2 { return Int(text.dropFirst(2), radix: 8) }
        }
        // Byte by byte: a non-ASCII byte is never a digit or a sign, as a
        // non-ASCII character is not, so bytes decide as characters would.
        var digits = Substring(text).utf8
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        return Int(text.utf8.first == UInt8(ascii: "+") ? String(text.dropFirst()) : text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, the core schema's float.
    static func isDecimalFloat(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isDecimalFloat)
    }

    /// The core schema's float over UTF-8 bytes. Signs, `.`, `e` and digits are
    /// ASCII and a non-ASCII byte is none of them, so any non-ASCII text is not a float.
    private static func isDecimalFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = bytes.count
        var start = 0
        if start < end, isSign(bytes[start]) { start += 1 }
        let mantissaEnd = bytes[start...].firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? end
        let dot = bytes[start..<mantissaEnd].firstIndex(of: UInt8(ascii: "."))
        let intPart = bytes[start..<(dot ?? mantissaEnd)]
        let fracPart = dot.map { bytes[($0 + 1)..<mantissaEnd] }
        guard intPart.allSatisfy(isDigit), fracPart?.allSatisfy(isDigit) ?? true else { return false }
        guard !intPart.isEmpty || !(fracPart?.isEmpty ?? true) else { return false }
        if mantissaEnd == end { return true }
        var exponent = mantissaEnd + 1
        if exponent < end, isSign(bytes[exponent]) { exponent += 1 }
        return exponent < end && bytes[exponent...].allSatisfy(isDigit)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isSign(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") }
}
