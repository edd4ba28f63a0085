import StrataModel

/// The docs' property tables, generated from the property table
/// (`LayerProperty.all`). A docs file holds each one between marker lines:
///
///     <!-- properties: shape -->
///     | key | value | default |
///     ...
///     <!-- /properties -->
///
/// `update(_:)` rewrites what is between the markers; a test fails when the
/// docs and the table disagree (`make docs` writes them).
public enum PropertyDocs {
    /// The tables by marker name: `layer`, `compositing` (keys every layer
    /// has), one per layer type (`shape`, `text`...), `keyPaths` and
    /// `typeKeyPaths` (what animations and transactions may name).
    public static func table(named name: String) -> String? {
        switch name {
        case "layer": return keyTable(LayerProperty.all.filter { $0.group == .layer }, defaultHeader: "default (Core Animation's)")
        case "compositing": return keyTable(LayerProperty.all.filter { $0.group == .compositing })
        case "keyPaths": return keyPathTable(LayerProperty.addressable.filter { $0.layerTypes == nil }, withType: false)
        case "typeKeyPaths": return keyPathTable(LayerProperty.addressable.filter { $0.layerTypes != nil }, withType: true)
        case "emitterCell": return cellTable()
        case "layerFilter": return specTable(KeyTables.layerFilter)
        default:
            guard let type = LayerType(rawValue: name) else { return nil }
            let keys = LayerProperty.all.filter { $0.layerTypes?.contains(type) ?? false }
            return keys.isEmpty ? nil : keyTable(keys)
        }
    }

    /// `markdown` with every marked table replaced by the generated one.
    /// Throws for a marker that names no table or is never closed.
    public static func update(_ markdown: String) throws(PropertyDocsError) -> String {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        var i = 0
        while i < lines.count {
            let line = lines[i]
            out.append(line)
            i += 1
            guard line.hasPrefix(open), line.hasSuffix(" -->") else { continue }
            let name = String(line.dropFirst(open.count).dropLast(4))
            guard let table = table(named: name) else { throw PropertyDocsError("no property table named '\(name)'") }
            guard let end = lines[i...].firstIndex(of: close) else { throw PropertyDocsError("'\(line)' is not closed by '\(close)'") }
            // Blank lines keep the table a block of its own between the markers.
            out.append("")
            out.append(contentsOf: table.split(separator: "\n").map(String.init))
            out.append("")
            out.append(close)
            i = end + 1
        }
        return out.joined(separator: "\n")
    }

    static let open = "<!-- properties: "
    static let close = "<!-- /properties -->"

    // MARK: Tables

    /// key | value | default, one row per property.
    static func keyTable(_ properties: [LayerProperty], defaultHeader: String = "default") -> String {
        var rows = ["| key | value | \(defaultHeader) |", "| --- | --- | --- |"]
        for p in properties {
            let value = PropertyText.value(p.form, nullable: p.nullable, doc: p.doc)
            rows.append("| `\(p.name)` | \(cell(value)) | \(cell(PropertyText.defaultText(p.defaultValue, p.form, code: true))) |")
        }
        return rows.joined(separator: "\n")
    }

    /// The keys of a mapping's table (a filter's): key | meaning (units, range, default).
    static func specTable(_ table: KeyTable) -> String {
        var rows = ["| key | meaning |", "| --- | --- |"]
        for k in table.keys { rows.append("| `\(k.name)` | \(cell(k.doc)) |") }
        return rows.joined(separator: "\n")
    }

    /// An emitter cell's keys: key | value | default | whether `emitterCells.<name>.<key>` animates it.
    static func cellTable() -> String {
        var rows = ["| key | value | default | animates |", "| --- | --- | --- | --- |"]
        for k in CellKey.all {
            let value = PropertyText.value(k.form, doc: k.doc)
            let initial = PropertyText.defaultText(.animatable(k.defaultValue), k.form, code: true)
            rows.append("| `\(k.name)` | \(cell(value)) | \(cell(initial)) | \(k.animates ? "yes" : "no") |")
        }
        return rows.joined(separator: "\n")
    }

    /// key path | (type) | from / to / by | animates, one row per property a key path may name.
    static func keyPathTable(_ properties: [LayerProperty], withType: Bool) -> String {
        var rows = withType
            ? ["| key path | type | from / to / by | animates |", "| --- | --- | --- | --- |"]
            : ["| key path | from / to / by | animates |", "| --- | --- | --- |"]
        for p in properties {
            let type = withType ? " \((p.layerTypes ?? []).map(\.rawValue).joined(separator: ", ")) |" : ""
            rows.append("| \(keyPaths(p)) |\(type) \(cell(values(p))) | \(animates(p.animation)) |")
        }
        return rows.joined(separator: "\n")
    }

    /// The property's key paths: itself and its fields.
    static func keyPaths(_ p: LayerProperty) -> String {
        switch p.form {
        case .cells: return "`\(p.name).<cellName>.<key>`"
        case .point: return "`\(p.name)` (and `.x`, `.y`)"
        case .size: return "`\(p.name)` (and `.width`, `.height`)"
        case .rect: return "`\(p.name)` (and `.origin`, `.size`, `.origin.x`, `.size.width`, ...)"
        case .transform: return "`\(p.name)` (and `.rotation`, `.scale`, `.translation` paths)"
        default: return "`\(p.name)`"
        }
    }

    /// What `from`, `to` and `by` take.
    static func values(_ p: LayerProperty) -> String {
        switch p.form {
        case .cells: return "the cell key's value (below)"
        case .image: return "asset name, file path or media mapping, or null (transactions)"
        case .rect: return "rect; `.origin` a point, `.size` a size (0 or more), their fields numbers"
        default: return PropertyText.formPhrase(p.form)
        }
    }

    static func animates(_ a: PropertyAnimation) -> String {
        switch a {
        case .linear: return "linearly"
        case .decomposed: return "through its decomposition"
        case .discrete: return "switches halfway; `by` does not apply"
        case .sameStructure: return "point by point, between paths of the same structure; `by` does not apply"
        case .sameCount: return "element by element, between lists of the same count"
        case .crossDissolve: return "cross-dissolves; set by transactions, animated by their actions, by from/to and linear keyframes (dissolves) and discrete keyframes (a flip-book)"
        case .setOnly: return "no: transactions set it at once"
        case .notYet: return "not supported yet"
        case .never: return "no"
        }
    }

    /// A table cell: pipes escaped.
    static func cell(_ text: String) -> String { text.replacingOccurrences("|", "\\|") }
}

/// A docs file whose property markers do not fit the table.
public struct PropertyDocsError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
