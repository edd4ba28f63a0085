import StrataModel

/// How a table property reads in words: the JSON Schema's descriptions
/// and the docs' property tables, both from the `LayerProperty` entry.
enum PropertyText {
    /// The schema's description after the unit and range (which the
    /// schema generator says from the form): the doc and the default
    /// ("rounds the background...; default 0").
    static func description(_ p: LayerProperty) -> String {
        description(p.doc, defaultText(p.defaultValue, p.form, code: false))
    }

    /// An emitter cell key's description.
    static func description(_ k: CellKey) -> String {
        description(k.doc, defaultText(.animatable(k.defaultValue), k.form, code: false))
    }

    static func description(_ doc: String, _ defaultValue: String) -> String {
        [doc, "default " + defaultValue].filter { !$0.isEmpty }.joined(separator: "; ")
    }

    /// The docs' value column: the form, then the doc
    /// ("length, 0 or more; drawn inside the bounds, above the sublayers").
    static func value(_ form: PropertyForm, nullable: Bool = false, doc: String) -> String {
        let phrase = formPhrase(form) + (nullable ? ", or null" : "")
        return doc.isEmpty ? phrase : phrase + "; " + doc
    }

    /// "number from 0 to 1", "length, 0 or more", "`butt`, `round`, `square`".
    static func formPhrase(_ form: PropertyForm) -> String {
        func bounded(_ noun: String, _ b: Bound, unit: String = "") -> String {
            let phrase = b.phrase { grouped($0) + unit }
            if phrase.isEmpty { return noun }
            return noun + (phrase.first!.isNumber || phrase.first == "-" ? ", " : " ") + phrase
        }
        switch form {
        case .number(let b): return bounded("number", b)
        case .length(let b): return bounded("length", b)
        case .time(let b): return bounded("time", b, unit: " s")
        case .angle: return "angle"
        case .integer(let b): return bounded("whole number", b)
        case .count(let max, _): return bounded("whole number", .closed(0, Double(max)))
        case .bool: return "boolean"
        case .color: return "color"
        case .point: return "point"
        case .size(let b): return bounded("size", b)
        case .rect: return "rect; size 0 or more"
        case .transform: return "transform"
        case .choice(let names): return names.map { "`\($0)`" }.joined(separator: ", ")
        case .names(let names, _): return "list of " + names.map { "`\($0)`" }.joined(separator: ", ")
        case .path, .shape:
            return "SVG path data (`\"M 0 0 L 80 0 ...\"`), `{rect: [x, y, w, h], cornerRadius: r}`, `{ellipse: [x, y, w, h]}`, `{polygon: [[x, y], ...]}` or `{arc: {center, radius, startAngle, endAngle, clockwise}}`"
        case .colors: return "list of colors"
        case .numbers(let b, let what): return bounded("list of \(what.dropArticle)s", b)
        case .text(let max): return "text, at most \(grouped(Double(max))) characters"
        case .image: return "asset name, or file path relative to the scene file"
        case .font: return "asset name (a font file), or family and style (`\"DejaVu Sans Bold\"`)"
        case .cells: return "list of cells (below)"
        case .filters: return "list of filters"
        }
    }

    /// The default value in words: `1`, `[0.5, 0.5]`, opaque black, identity, none.
    static func defaultText(_ value: PropertyValue, _ form: PropertyForm, code: Bool) -> String {
        func c(_ text: String) -> String { code ? "`\(text)`" : text }
        func list(_ values: [Double]) -> String { c("[" + values.map(Bound.format).joined(separator: ", ") + "]") }
        switch value {
        case .none: return "none"
        case .name(let n): return c(n)
        case .names(let names):
            if case .names(let all, _) = form, names == all { return "all" }
            return names.isEmpty ? "none" : names.map(c).joined(separator: ", ")
        case .integer(let i): return c(String(i))
        case .text(let t): return t.isEmpty ? "empty" : c(t)
        case .shape: return "a shape"
        case .font(let f): return c(f.description)
        case .cells(let cells): return cells.isEmpty ? "none" : "\(cells.count) cells"
        case .filters(let f): return f.isEmpty ? "none" : "\(f.count) filters"
        case .animatable(let v):
            switch v {
            case .scalar(let x): return c(Bound.format(x))
            case .point(let q): return list([q.x, q.y])
            case .size(let s): return list([s.width, s.height])
            case .rect(let r): return list([r.minX, r.minY, r.width, r.height])
            case .color(let color): return colorName(color) ?? c(color.hexString)
            case .transform(let t): return t.isIdentity ? "identity" : list(t.rowMajor)
            case .bool(let b): return c(String(b))
            case .path(let path): return path.isEmpty ? "none" : c(path.svgPathData)
            case .colors(let colors): return colors.isEmpty ? "none" : colors.map { c($0.hexString) }.joined(separator: ", ")
            case .numbers(let n): return n.isEmpty ? "none" : list(n)
            case .image(let image): return image.key.map(c) ?? "none"
            }
        }
    }

    static func colorName(_ color: Color) -> String? {
        switch color {
        case .black: return "opaque black"
        case .white: return "opaque white"
        case .clear: return "transparent"
        default: return nil
        }
    }

    /// `10,000`: whole numbers of five digits or more with thousands separators.
    static func grouped(_ v: Double) -> String {
        let text = Bound.format(v)
        guard v == v.rounded(), abs(v) >= 10_000, abs(v) < 1e15 else { return text }
        let digits = Array(text.drop { $0 == "-" })
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return (v < 0 ? "-" : "") + out
    }
}
