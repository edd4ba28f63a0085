import StrataModel

extension Inspector {
    /// A layer's properties as the table says to print them (`LayerProperty.inspect`):
    /// the frame, the keys every layer shows, the others that are not at their
    /// defaults, a type's keys whole in one object named after the type
    /// (`"shape": {"path": ...}`: a shape's `path` would clash with the
    /// layer's path, and the output shows the defaults that apply), then
    /// the compositing keys (docs/compositing.md).
    static func properties(_ p: LayerProperties) -> [(String, JSON)] {
        func pair(_ property: LayerProperty) -> (String, JSON) { (property.name, .property(property.value(of: p))) }
        func shown(_ property: LayerProperty) -> Bool {
            switch property.inspect {
            case .always: return true
            case .unlessDefault: return !property.isDefault(in: p)
            case .alongside(let other):
                return !property.isDefault(in: p) || LayerProperty.named(other).map { !$0.isDefault(in: p) } ?? false
            }
        }
        let layer = LayerProperty.all.filter { $0.group == .layer }
        var pairs: [(String, JSON)] = [("frame", .rect(p.frame))]
        pairs += layer.filter { $0.inspect == .always }.map(pair)
        pairs += layer.filter { $0.inspect != .always && shown($0) }.map(pair)
        for type in LayerType.allCases where p.hasProperties(of: type) {
            let keys = LayerProperty.all.filter { $0.layerTypes?.contains(type) ?? false }
            pairs.append((type.rawValue, .object(keys.map(pair))))
        }
        return pairs + LayerProperty.all.filter { $0.group == .compositing && shown($0) }.map(pair)
    }
}

extension JSON {
    /// A property's value as `inspect` prints it: animatable values as
    /// `value` does, none as null, a font by its file or description, the
    /// emitter cells by their count.
    static func property(_ v: PropertyValue) -> JSON {
        switch v {
        case .animatable(let a): return .value(a)
        case .none: return .null
        case .name(let n), .text(let n): return .string(n)
        case .names(let names): return .array(names.map(JSON.string))
        case .integer(let i): return .number(Double(i))
        case .shape(let s): return .shape(s)
        case .font(let f): return .string(f.file ?? f.description)
        case .cells(let cells): return .number(Double(cells.count))
        case .filters(let filters): return .array(filters.map(JSON.filter))
        }
    }
}
