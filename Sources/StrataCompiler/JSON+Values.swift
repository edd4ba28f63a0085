import StrataModel

/// JSON forms of model values, as `strata inspect` prints them.
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
        case .image(let v): return .contents(v)
        }
    }
}

extension JSON {
    /// An asset key (or null); mid-dissolve `{"from": a, "to": b, "progress": p}`.
    static func contents(_ v: ContentsValue) -> JSON {
        let key: JSON = v.key.map(JSON.string) ?? .null
        guard let blend = v.blend else { return key }
        return .object([("from", blend.from.map(JSON.string) ?? .null), ("to", key), ("progress", .number(blend.progress))])
    }
}

extension JSON {
    /// A filter as written: `{"filter": "CIGaussianBlur", "inputRadius": 4}`,
    /// its name when not the filter's, its input keys.
    static func filter(_ f: LayerFilter) -> JSON {
        var fields: [(String, JSON)] = [("filter", .string(f.kind.rawValue))]
        if f.name != f.kind.rawValue { fields.append(("name", .string(f.name))) }
        switch f.kind {
        case .gaussianBlur: fields.append(("inputRadius", .number(f.inputRadius)))
        case .colorControls:
            fields += [("inputSaturation", .number(f.inputSaturation)), ("inputBrightness", .number(f.inputBrightness)),
                       ("inputContrast", .number(f.inputContrast))]
        }
        return .object(fields)
    }
}
