import StrataModel

/// The layer key of a table property: its schema, status and description
/// all come from the `LayerProperty` entry.
extension KeySpec {
    init(property p: LayerProperty) {
        let schema = ValueSchema(form: p.form)
        self.init(p.name, p.nullable ? .anyOf([schema, .null]) : schema, PropertyText.description(p))
        if let types = p.layerTypes { self = .typed(self, types) }
    }
}

extension KeySpec {
    /// The emitter cell key of a `CellKey`.
    init(cell k: CellKey) {
        self.init(k.name, ValueSchema(form: k.form), PropertyText.description(k))
    }
}

extension ValueSchema {
    /// What a delta of `form` may be (`by`, additive keyframes): its bounds
    /// lifted, a rect's size too (as the parser reads them).
    init(delta form: PropertyForm) {
        self = form == .rect ? .rect(.any) : ValueSchema(form: form.unbounded)
    }

    /// What a value of `form` may be in the JSON Schema.
    init(form: PropertyForm) {
        switch form {
        case .number(let b): self = .number(b)
        case .length(let b): self = .length(b)
        case .time(let b): self = .time(b)
        case .angle: self = .angle
        case .integer(let b): self = .integer(b)
        case .count(let max, _): self = .integer(.closed(0, Double(max)))
        case .bool: self = .bool
        case .color: self = .color
        case .point: self = .point
        case .size(let b): self = .size(b)
        case .rect: self = .rect(.nonNegative)
        case .transform: self = .transform
        case .choice(let names): self = .choice(names)
        case .names(let names, _): self = .list(.choice(names))
        case .path, .shape: self = .anyOf([.pattern(PathDataParser.schemaPattern), .ref("pathShape")])
        case .colors: self = .list(.color)
        case .numbers(let b, _): self = .list(.number(b))
        case .text, .font: self = .string
        // A still, an SVG, a Lottie file or a video by name, or a mapping that plays media.
        case .image: self = .anyOf([.string, .ref("mediaContents")])
        case .cells: self = .list(.ref("emitterCell"))
        case .filters: self = .list(.ref("layerFilter"))
        }
    }

    /// The values an animation (`from`, `to`, `by`, `values`) or a
    /// transaction's `set` may give some key path: the forms of every
    /// addressable property with bounds lifted (`by` is a delta), the
    /// numbers and `[x, y]` of struct fields, transform components' angles,
    /// and `null` for no contents.
    static let animationValues: [ValueSchema] = {
        var schemas: [ValueSchema] = [.angle]
        for p in LayerProperty.addressable where p.form != .cells {
            schemas.append(ValueSchema(form: p.form.unbounded))
            if p.form == .image { schemas.append(.null) }
        }
        schemas += [ValueSchema(form: .number(.any)), ValueSchema(form: .point)]
        var seen: Set<String> = []
        return schemas.filter { seen.insert(SchemaGenerator.schema($0).serialized(indent: nil)).inserted }
    }()
}
