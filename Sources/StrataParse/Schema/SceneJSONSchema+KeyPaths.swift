import StrataModel

/// Key paths and the values they take: `keyPath` is an enum of the paths
/// `LayerKeyPath.parse` accepts (cell key paths by pattern), and one rule per
/// value form, `if keyPath is one of these then from/to/by/values are of
/// that form`, checks each value with the bounds the parser uses
/// (`LayerKeyPath.valueForm`; `by` and additive keyframes are deltas,
/// unbounded). A transaction's `set` checks each `layer.keyPath` key the same
/// way by pattern. Values that depend on more than the key path (a path's
/// structure, a list's count against the other end) are the parser's.
extension SchemaGenerator {
    static var animation: J {
        var body = objectBody(KeyTables.animation)
        let rules = valueRules + animationTypeRules + exclusionRules(KeyTables.animation)
        body.insert(("description", .string("an animation (CABasicAnimation, CAKeyframeAnimation, CASpringAnimation, CAAnimationGroup)")), at: 0)
        body.append(("allOf", .array(rules)))
        return .object(body)
    }

    /// `animationOf.T`: the key paths an animation on a layer of type T may
    /// name (every layer's, T's own, and for emitters the cell key paths),
    /// in groups too.
    static var animationsByLayerType: [(String, J)] {
        LayerType.allCases.map { type in
            let paths = LayerKeyPath.animatablePaths.filter { $0.property.belongs(to: type) }.map(\.text)
            let cells = LayerProperty.emitterCells.belongs(to: type) ? CellKey.animatable : []
            return ("animationOf.\(type.rawValue)", .object([("properties", .object([
                ("keyPath", keyPathSchema(paths, cells: cells)),
                ("animations", .object([("type", .string("array")), ("items", ref("animationOf.\(type.rawValue)"))])),
            ]))]))
        }
    }

    /// One of `paths`, a cell key path of `cells`, or a param.
    static func keyPathSchema(_ paths: [String], cells: [CellKey]) -> J {
        var options: [J] = [.object([("enum", .array(paths.map(J.string)))])]
        if !cells.isEmpty {
            options.append(.object([("type", .string("string")),
                                    ("pattern", .string("^" + LayerKeyPath.cellKeyPathPattern(cells) + "$"))]))
        }
        options.append(ref("param"))
        return .object([("anyOf", .array(options))])
    }

    /// Per value form: `from`/`to`/`values` of it, `by` of its unbounded
    /// form (none for booleans and paths, which do not add), no motion
    /// `path` unless the key path holds a point.
    static var valueRules: [J] {
        var groups: [(form: PropertyForm, kind: ValueKind, paths: [String], cells: [CellKey])] = []
        func add(_ form: PropertyForm, _ kind: ValueKind, path: String? = nil, cell: CellKey? = nil) {
            let i = groups.firstIndex { $0.form == form && $0.kind == kind } ?? {
                groups.append((form, kind, [], []))
                return groups.count - 1
            }()
            if let path { groups[i].paths.append(path) }
            if let cell { groups[i].cells.append(cell) }
        }
        for path in LayerKeyPath.animatablePaths { add(path.valueForm, path.valueKind, path: path.text) }
        for key in CellKey.animatable { add(key.form, key.form.valueKind ?? .scalar, cell: key) }
        return groups.map { g in
            var keyPath: [J] = []
            if !g.paths.isEmpty { keyPath.append(.object([("enum", .array(g.paths.map(J.string)))])) }
            if !g.cells.isEmpty {
                keyPath.append(.object([("type", .string("string")),
                                        ("pattern", .string("^" + LayerKeyPath.cellKeyPathPattern(g.cells) + "$"))]))
            }
            var condition: [(String, J)] = [("required", .array([.string("keyPath")])),
                                             ("properties", .object([("keyPath", keyPath.count == 1 ? keyPath[0] : .object([("anyOf", .array(keyPath))]))]))]
            // A value function's values are the function's, not transforms.
            if g.kind == .transform { condition.append(("not", .object([("required", .array([.string("valueFunction")]))]))) }
            return .object([("if", .object(condition)), ("then", values(of: g.form, kind: g.kind))])
        } + [valueFunctionRule]
    }

    /// With a `valueFunction` (CAValueFunction), the values are angles,
    /// factors or lengths (a number, angles with a unit), or `[x, y(, z)]`.
    static var valueFunctionRule: J {
        let n = ValueSchema.number(.any)
        let value = schema(.anyOf([.angle, .tuple([n, n]), .tuple([n, n, n])]))
        return .object([("if", .object([("required", .array([.string("valueFunction")]))])),
                        ("then", .object([("properties", .object([("from", value), ("to", value), ("by", value),
                                                                  ("values", .object([("items", value)]))]))]))])
    }

    /// The value keys of an animation of a key path of `form`.
    static func values(of form: PropertyForm, kind: ValueKind) -> J {
        if kind == .image {
            // Images (or null) dissolve or flip; nothing adds to an image.
            let image = schema(.anyOf([ValueSchema(form: form), .null]))
            return .object([("properties", .object([("from", image), ("to", image), ("values", .object([("items", image)]))])),
                            ("allOf", .array([forbidden(["by", "additive", "cumulative"], "'by', 'additive' and 'cumulative' do not apply to images; use 'from' and 'to'")]))])
        }
        let value = schema(ValueSchema(form: form)), delta = schema(ValueSchema(delta: form))
        let adds = kind != .bool && kind != .path
        var properties: [(String, J)] = [("from", value), ("to", value)]
        if adds { properties.append(("by", delta)) }
        var then: [(String, J)] = []
        if value == delta || !adds {
            properties.append(("values", .object([("items", value)])))
        } else {
            // Additive keyframe values are deltas too.
            then += [("if", .object([("required", .array([.string("additive")])),
                                     ("properties", .object([("additive", .object([("const", .bool(true))]))]))])),
                     ("then", .object([("properties", .object([("values", .object([("items", delta)]))]))])),
                     ("else", .object([("properties", .object([("values", .object([("items", value)]))]))]))]
        }
        var rejections: [J] = []
        if !adds { rejections.append(forbidden(["by"], "'by' does not apply to a \(kind.rawValue) key path; use 'from' and 'to'")) }
        if kind != .point && kind != .size {
            rejections.append(forbidden(["path"], "a motion path moves a point, but this key path holds a \(kind.rawValue); animate position, anchorPoint, bounds.origin or transform.translation"))
        }
        return .object([("properties", .object(properties))] + then
            + (rejections.isEmpty ? [] : [("allOf", .array(rejections))]))
    }

    /// A transaction's `set`: `layer/path.keyPath` keys, each of a key path
    /// a transaction may set, with a value of that key path's form: the
    /// key paths of the addressable properties, the other properties whole
    /// (`string`, `instanceCount`...), and every cell key of any cell.
    static var changes: J {
        var groups: [(form: PropertyForm, nullable: Bool, paths: [String])] = []
        func add(_ form: PropertyForm, nullable: Bool, _ text: String) {
            if let i = groups.firstIndex(where: { $0.form == form && $0.nullable == nullable }) {
                groups[i].paths.append(text)
            } else {
                groups.append((form, nullable, [text]))
            }
        }
        for path in LayerKeyPath.allPaths { add(path.valueForm, nullable: path.valueForm == .image, path.text) }
        for p in LayerProperty.settableWhole { add(p.form, nullable: p.nullable, p.name) }
        let layerPath = "[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*"
        var patterns: [(String, J)] = groups.map { g in
            let alternatives = g.paths.map { $0.replacingOccurrences(".", "\\.") }.joined(separator: "|")
            let value = ValueSchema(form: g.form)
            return ("^\(layerPath)\\.(\(alternatives))$", schema(g.nullable ? .anyOf([value, .null]) : value))
        }
        var cellGroups: [(form: PropertyForm, keys: [CellKey])] = []
        for key in CellKey.all {
            if let i = cellGroups.firstIndex(where: { $0.form == key.form }) { cellGroups[i].keys.append(key) } else { cellGroups.append((key.form, [key])) }
        }
        patterns += cellGroups.map { g in
            ("^\(layerPath)\\.\(LayerKeyPath.cellKeyPathPattern(g.keys))$", schema(ValueSchema(form: g.form)))
        }
        return .object([("type", .string("object")),
                        ("patternProperties", .object(patterns)),
                        ("additionalProperties", .bool(false))])
    }

    /// The keys of other animation types are not allowed, with the parser's
    /// message; a type left out is the one the keys imply
    /// (`KeyTables.animationTypeImpliedBy`), else basic.
    static var animationTypeRules: [J] {
        let implied = KeyTables.animationTypeImpliedBy
        func anyPresent(_ keys: [String]) -> J {
            .object([("anyOf", .array(keys.map { .object([("required", .array([.string($0)]))]) }))])
        }
        return KeyTables.animationTypes.map { type -> J in
            var condition = J.object([("required", .array([.string("type")])),
                                      ("properties", .object([("type", .object([("const", .string(type))]))]))])
            let index = implied.firstIndex { $0.type == type }
            if index != nil || type == KeyTables.defaultAnimationType {
                // Without `type`: the first implied type whose keys are present, as in the parser.
                var untyped: [J] = [.object([("not", .object([("required", .array([.string("type")]))]))])]
                if let index { untyped.append(anyPresent(implied[index].keys)) }
                let earlier = implied[..<(index ?? implied.count)].flatMap(\.keys)
                if !earlier.isEmpty { untyped.append(.object([("not", anyPresent(earlier))])) }
                condition = .object([("anyOf", .array([condition, .object([("allOf", .array(untyped))])]))])
            }
            var rejections: [J] = []
            for (keys, owners) in foreignAnimationKeys(of: type) {
                rejections.append(forbidden(keys, "a key of \(owners.joined(separator: " and ")) animations, not of \(type) animations"))
            }
            if type == "group" { rejections.append(forbidden(["keyPath"], "a group has no 'keyPath'; the animations in it do")) }
            return .object([("if", condition), ("then", .object([("allOf", .array(rejections))]))])
        }
    }

    /// Keys of other animation types than `type`, grouped by the types that own them.
    static func foreignAnimationKeys(of type: String) -> [([String], [String])] {
        let byType = KeyTables.animationKeysByType
        let own = Set(byType.first { $0.0 == type }?.1 ?? [])
        var groups: [([String], [String])] = []
        for (_, keys) in byType {
            for key in keys where !own.contains(key) {
                let owners = byType.filter { $0.1.contains(key) }.map(\.0)
                if let i = groups.firstIndex(where: { $0.1 == owners }) {
                    if !groups[i].0.contains(key) { groups[i].0.append(key) }
                } else {
                    groups.append(([key], owners))
                }
            }
        }
        return groups
    }
}
