import StrataModel

/// A layer's keys by its type, from the property table's layer types: the
/// layer lists every key (so `additionalProperties: false` knows them all),
/// and one rule per type, `if type is T then the layer.T rules`, rejects
/// the keys of other types at the key itself and narrows the key paths its
/// animations may name. A layer without `type` is a plain `layer`; with a
/// `${param}` type no rule applies and any type's keys pass.
extension SchemaGenerator {
    static var layer: J {
        let table = KeyTables.layer
        var properties: [(String, J)] = []
        for spec in table.keys {
            if case .typeSpecific = spec.status {
                // Checked by the type's rule; not offered where the type has no such key.
                properties.append((spec.name, .object([("description", .string(description(spec))),
                                                       ("doNotSuggest", .bool(true))])))
            } else {
                properties.append(property(spec))
            }
        }
        let rules = LayerType.allCases.map { type -> J in
            var condition: [(String, J)] = [("properties", .object([("type", .object([("const", .string(type.rawValue))]))]))]
            // An absent type passes `properties` alone: the plain layer's rule is the one that applies.
            if type != .layer { condition.insert(("required", .array([.string("type")])), at: 0) }
            return .object([("if", .object(condition)), ("then", ref("layer.\(type.rawValue)"))])
        }
        return .object([
            ("description", .string("a layer (CALayer); 'type' picks its class, and a layer without 'type' is a plain 'layer'")),
            ("type", .string("object")), ("properties", .object(properties)),
            ("additionalProperties", .bool(false)),
            ("allOf", .array(rules + exclusionRules(KeyTables.layer) + sceneRules)),
        ])
    }

    /// A layer with `scene` is a plain layer; the keys of its CAMediaTiming and its `params` need `scene`.
    static var sceneRules: [J] {
        [.object([("if", .object([("not", .object([("required", .array([.string("scene")]))]))])),
                  ("then", forbidden(KeyTables.sceneOnlyKeys, KeyTables.sceneOnlyMessage))]),
         .object([("if", .object([("required", .array([.string("scene")]))])),
                  ("then", .object([("properties", .object([("type", .object([("const", .string("layer"))]))])),
                                    ("errorMessage", .string(KeyTables.sceneLayerTypeMessage))]))])]
    }

    /// `layer.T` for every layer type: the keys of T with their schemas, the
    /// keys of other types not allowed (one message per owning set of types,
    /// the parser's), and T's animations (`animationOf.T`).
    static var layerTypeDefinitions: [(String, J)] {
        LayerType.allCases.map { type in
            var own: [(String, J)] = []
            var foreign: [([LayerType], [String])] = []
            for spec in KeyTables.layer.keys {
                guard case .typeSpecific(let types) = spec.status else { continue }
                if types.contains(type) {
                    own.append(property(spec))
                } else if let i = foreign.firstIndex(where: { $0.0 == types }) {
                    foreign[i].1.append(spec.name)
                } else {
                    foreign.append((types, [spec.name]))
                }
            }
            own.append(("animations", .object([("type", .string("array")),
                                               ("items", .object([("anyOf", .array([ref("animationOf.\(type.rawValue)"), ref("explicitTransition")]))]))])))
            let rejections = foreign.map { types, keys in
                forbidden(keys, "a key of \(Suggestion.list(types.map(\.rawValue))) layers, not of type '\(type.rawValue)'")
            }
            return ("layer.\(type.rawValue)", .object([("properties", .object(own)), ("allOf", .array(rejections))]))
        }
    }
}
