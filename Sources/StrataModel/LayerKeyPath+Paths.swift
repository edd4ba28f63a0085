/// Every key path the grammar of `LayerKeyPath.parse` accepts, and how a
/// value of each is written: the JSON Schema's `keyPath` enums and its
/// per-key-path checks of `from`/`to`/`values`/`set` come from here, and
/// the parser reads those values by the same `valueForm`.
extension LayerKeyPath {
    /// The key paths of the addressable properties, in table order: each
    /// property, its struct fields (`bounds.size.width`), and for transforms
    /// the virtual components (`transform.rotation`, `transform.rotation.z`).
    /// Cell key paths are not listed (their middle is a cell's name): see
    /// `cellKeyPathPattern`.
    public static let allPaths: [LayerKeyPath] = LayerProperty.addressable.filter { $0.form != .cells }
        .flatMap { paths(of: $0) }

    /// The key paths below (and including) one property.
    public static func paths(of property: LayerProperty) -> [LayerKeyPath] {
        guard property.animation.isAddressable, let kind = property.form.valueKind else { return [] }
        var texts = [property.name]
        if kind == .transform {
            for c in TransformComponent.allCases {
                texts.append("\(property.name).\(c.rawValue)")
                texts += Axis.allCases.map { "\(property.name).\(c.rawValue).\($0.rawValue)" }
            }
        } else {
            func fields(_ prefix: String, _ kind: ValueKind) {
                for field in kind.fieldNames {
                    texts.append("\(prefix).\(field)")
                    fields("\(prefix).\(field)", kind.kind(ofField: field))
                }
            }
            fields(property.name, kind)
        }
        return texts.map { LayerKeyPath(stringLiteral: $0) }
    }

    /// `emitterCells.<name>.<key>` as a regular expression (ECMA-262, the
    /// dialect of JSON Schema's `pattern`): a cell name of letters, digits,
    /// `_` and `-`, sub-cells as `.emitterCells.<subName>`, then one of
    /// `keys` (default: every animatable cell key).
    public static func cellKeyPathPattern(_ keys: [CellKey] = CellKey.animatable) -> String {
        "emitterCells\\.[A-Za-z0-9_-]+(\\.emitterCells\\.[A-Za-z0-9_-]+)*\\.(" + keys.map(\.name).joined(separator: "|") + ")"
    }

    /// How a value of the path is written (`from`, `to`, `by`, keyframe
    /// `values`, a transaction's `set`), with its bound: the property's form
    /// for a whole property; a field's (`bounds.size.width`: a number of 0
    /// or more, `position.x`: any number); a transform component's
    /// (rotation: an angle, translation: a length or `[x, y]`, scale: a
    /// factor); a cell key's. `by` is a delta: its bound is lifted (`unbounded`).
    public var valueForm: PropertyForm {
        if let c = transformComponent {
            switch c {
            case .rotation: return .angle
            case .translation: return axis == nil ? .size(.any) : .length(.any)
            case .scale: return .number(.any)
            }
        }
        if let cell = emitterCell { return cell.key.form }
        if property.form == .cells { return .number(.any) }
        guard !fields.isEmpty else { return property.form }
        let bound = property.form.bound(ofFields: fields)
        switch valueKind {
        case .point: return .point
        case .size: return .size(bound)
        default: return .number(bound)
        }
    }
}

extension PropertyForm {
    /// The form with its bounds lifted (a `by` delta, an additive keyframe).
    public var unbounded: PropertyForm {
        switch self {
        case .number: return .number(.any)
        case .length: return .length(.any)
        case .time: return .time(.any)
        case .size: return .size(.any)
        case .numbers(_, let what): return .numbers(.any, what: what)
        default: return self
        }
    }
}

extension LayerKeyPath {
    /// The key paths explicit animations may name: those of animatable
    /// properties (not `setOnly` ones); `contents` by keyframes only (a
    /// flip-book), as `SchemaGenerator.valueRules` says.
    public static let animatablePaths: [LayerKeyPath] = allPaths.filter {
        $0.property.animation.isAnimatable
    }
}
