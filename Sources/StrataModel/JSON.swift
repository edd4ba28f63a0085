/// A JSON value with ordered object keys, printed deterministically.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool { a.serialized() == b.serialized() }

    /// Compact or indented text. Numbers print in their shortest form,
    /// rounded to 1e-9 so that float noise (0.30000000000000004) does not show.
    public func serialized(indent: Int? = nil) -> String {
        var out = ""
        write(to: &out, indent: indent, level: 0)
        return out
    }

    private func write(to out: inout String, indent: Int?, level: Int) {
        let newline = indent == nil ? "" : "\n"
        func pad(_ l: Int) -> String { String(repeating: " ", count: (indent ?? 0) * l) }
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += JSON.format(d)
        case .string(let s): out += JSON.quote(s)
        case .array(let items):
            // Arrays of numbers stay on one line: they are points, rects and matrices.
            let flat = indent == nil || items.allSatisfy { if case .number = $0 { true } else { false } }
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += flat ? ", " : "," }
                if !flat { out += newline + pad(level + 1) }
                item.write(to: &out, indent: indent, level: level + 1)
            }
            if !flat { out += newline + pad(level) }
            out += "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                out += newline + pad(level + 1) + JSON.quote(key) + (indent == nil ? ":" : ": ")
                value.write(to: &out, indent: indent, level: level + 1)
            }
            out += newline + pad(level) + "}"
        }
    }

    public static func format(_ d: Double) -> String {
        guard d.isFinite else { return d.isNaN ? "null" : (d > 0 ? "1e999" : "-1e999") }
        // Round away float noise, but not where d * 1e9 would overflow.
        var r = abs(d) < 1e15 ? (d * 1e9).rounded() / 1e9 : d
        if r == 0 { r = 0 }  // no "-0"
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return String(r)
    }

    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

