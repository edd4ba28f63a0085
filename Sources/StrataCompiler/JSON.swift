import StrataModel

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

    static func format(_ d: Double) -> String {
        guard d.isFinite else { return d.isNaN ? "null" : (d > 0 ? "1e999" : "-1e999") }
        var r = (d * 1e9).rounded() / 1e9
        if r == 0 { r = 0 }  // no "-0"
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return String(r)
    }

    static func quote(_ s: String) -> String {
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

extension JSON {
    static func point(_ p: Point) -> JSON { .array([.number(p.x), .number(p.y)]) }
    static func size(_ s: Size) -> JSON { .array([.number(s.width), .number(s.height)]) }
    static func rect(_ r: Rect) -> JSON { .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)]) }
    static func color(_ c: Color) -> JSON { .string(c.hexString) }
    static func transform(_ t: Transform3D) -> JSON { .array(t.rowMajor.map(JSON.number)) }

    static func value(_ v: AnimatableValue) -> JSON {
        switch v {
        case .scalar(let d): return .number(d)
        case .point(let p): return .point(p)
        case .size(let s): return .size(s)
        case .rect(let r): return .rect(r)
        case .color(let c): return .color(c)
        case .transform(let t): return .transform(t)
        case .bool(let b): return .bool(b)
        case .path(let p): return .string(p.svgPathData)
        case .colors(let c): return .array(c.map(JSON.color))
        case .numbers(let n): return .array(n.map(JSON.number))
        }
    }
}
