import StrataModel

/// The JSON Schema (draft 2020-12) of the scene format, for `strata schema`
/// and editors. Generated from the key tables the parser validates with, so
/// the two cannot drift: keys not supported yet are listed with a
/// description and a schema nothing satisfies, so editors flag them too.
public func sceneJSONSchema() -> String {
    SchemaGenerator.document().serialized(indent: 2) + "\n"
}

enum SchemaGenerator {
    typealias J = JSON

    static func document() -> J {
        var root: [(String, J)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("Strata scene, format version 1")),
            ("description", .string("A declarative Core Animation scene (y down). Any scalar may be written as ${param}.")),
        ]
        root += objectBody(KeyTables.top)
        root.append(("$defs", .object(definitions)))
        return .object(root)
    }

    static var definitions: [(String, J)] {
        let number = J.object([("type", .string("number"))])
        return [
            ("param", .object([("description", .string("a ${name} reference to a param, replaced before the value is read")),
                               ("type", .string("string")), ("pattern", .string("\\$\\{[A-Za-z0-9_-]+\\}"))])),
            ("number", withParam(number)),
            ("boolean", withParam(.object([("type", .string("boolean"))]))),
            ("time", .object([("description", .string("seconds: a bare number, or a number with ms or s")),
                              ("anyOf", .array([number, unitString(["ms", "s"]), ref("param")]))])),
            ("angle", .object([("description", .string("degrees as a bare number, or a number with deg, rad or turn")),
                               ("anyOf", .array([number, unitString(["deg", "rad", "turn"]), ref("param")]))])),
            ("color", color),
            ("transform", transform),
            ("transformOperation", .object(objectBody(KeyTables.transformOperations)
                + [("minProperties", .number(1)), ("maxProperties", .number(1))])),
            ("canvas", .object(objectBody(KeyTables.canvas))),
            ("layer", .object(objectBody(KeyTables.layer))),
            ("animation", .object(objectBody(KeyTables.animation))),
            ("transaction", .object(objectBody(KeyTables.transaction))),
            ("transition", .object(objectBody(KeyTables.transition))),
            ("golden", .object(objectBody(KeyTables.golden))),
            ("audioTrack", .object(objectBody(KeyTables.audioTrack))),
            ("goldenFrame", .object(objectBody(KeyTables.goldenFrame))),
            ("tolerance", .object(objectBody(KeyTables.tolerance))),
            ("constraint", .object(objectBody(KeyTables.constraint))),
            ("emitterCell", .object(objectBody(KeyTables.emitterCell))),
            ("pathShape", .object(objectBody(KeyTables.pathShape) + [("minProperties", .number(1))])),
            ("particleShape", .object(objectBody(KeyTables.particleShape) + [("minProperties", .number(1)), ("maxProperties", .number(1))])),
        ]
    }

    /// `type`, `properties`, `required`, `additionalProperties: false` of a key table.
    static func objectBody(_ table: KeyTable) -> [(String, J)] {
        let properties: [(String, J)] = table.keys.map { spec in
            switch spec.status {
            case .supported, .typeSpecific:
                return (spec.name, described(schema(spec.schema), spec.doc))
            case .notSupportedYet:
                return (spec.name, .object([("description", .string(spec.doc)), ("not", .object([]))]))
            }
        }
        var body: [(String, J)] = [("type", .string("object")), ("properties", .object(properties))]
        let required = table.keys.filter(\.required).map { J.string($0.name) }
        if !required.isEmpty { body.append(("required", .array(required))) }
        body.append(("additionalProperties", .bool(false)))
        return body
    }

    static func schema(_ s: ValueSchema) -> J {
        switch s {
        case .number(let b), .length(let b): return withParam(bounded("number", b))
        case .integer(let b): return withParam(bounded("integer", b))
        case .time(let b): return .object([("anyOf", .array([bounded("number", b), unitString(["ms", "s"]), ref("param")]))])
        case .angle: return ref("angle")
        case .bool: return ref("boolean")
        case .string: return .object([("type", .string("string"))])
        case .name: return .object([("type", .string("string")), ("pattern", .string("^[A-Za-z0-9_-]+$"))])
        case .color: return ref("color")
        case .point: return tuple(2, ref("number"))
        case .size(let b): return tuple(2, withParam(bounded("number", b)))
        case .rect: return tuple(4, ref("number"))
        case .choice(let names): return withParam(.object([("enum", .array(names.map(J.string)))]))
        case .transform: return ref("transform")
        case .list(let item): return .object([("type", .string("array")), ("items", schema(item))])
        case .tuple(let items):
            return .object([("type", .string("array")), ("prefixItems", .array(items.map(schema))),
                            ("minItems", .number(Double(items.count))), ("maxItems", .number(Double(items.count)))])
        case .emptyList: return .object([("type", .string("array")), ("maxItems", .number(0))])
        case .namedMap(let value):
            return .object([("type", .string("object")),
                            ("propertyNames", .object([("pattern", .string("^[A-Za-z0-9_-]+$"))])),
                            ("additionalProperties", schema(value))])
        case .ref(let name): return ref(name)
        case .anyOf(let options): return .object([("anyOf", .array(options.map(schema)))])
        case .constant(let v): return .object([("const", .number(Double(v)))])
        case .scalar: return .object([("type", .array(["string", "number", "boolean", "null"].map(J.string)))])
        case .animationValue:
            return .object([("anyOf", .array([ref("angle"), ref("color"), ref("transform"), ref("boolean"),
                                              .object([("type", .string("array")), ("items", ref("number")),
                                                       ("minItems", .number(2)), ("maxItems", .number(4))])]))])
        case .repeatCount:
            return .object([("anyOf", .array([bounded("number", .nonNegative),
                                              .object([("enum", .array([.string("inf"), .string(".inf")]))]), ref("param")]))])
        case .timingFunction:
            return .object([("anyOf", .array([schema(.choice(KeyTables.timingFunctionNames)), tuple(4, ref("number"))]))])
        case .goldenFrame:
            return .object([("anyOf", .array([bounded("integer", .nonNegative), unitString(["ms", "s"]), ref("goldenFrame")]))])
        case .unchecked: return .object([])
        case .null: return .object([("type", .string("null"))])
        case .changes:
            return .object([("type", .string("object")),
                             ("propertyNames", .object([("pattern", .string("^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*\\.[A-Za-z.]+$"))])),
                             ("additionalProperties", schema(.animationValue))])
        }
    }

    static var color: J {
        let hex = J.object([("type", .string("string")), ("pattern", .string("^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"))])
        let named = J.object([("enum", .array(CSSColors.allNames.map(J.string)))])
        let functional = J.object([("type", .string("string")), ("pattern", .string("^\\s*[rR][gG][bB][aA]?\\(.*\\)\\s*$"))])
        let unit = J.object([("type", .string("number")), ("minimum", .number(0)), ("maximum", .number(1))])
        let array = J.object([("type", .string("array")), ("items", withParam(unit)), ("minItems", .number(3)), ("maxItems", .number(4))])
        return .object([("description", .string("sRGB: #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS name, rgb()/rgba(), or [r, g, b(, a)] from 0 to 1")),
                        ("anyOf", .array([hex, named, functional, array, ref("param")]))])
    }

    static var transform: J {
        .object([("description", .string("a list of one-key operations applied in order, a single operation, or 16 numbers (row-major m11...m44)")),
                 ("anyOf", .array([tuple(16, ref("number")),
                                   .object([("type", .string("array")), ("items", ref("transformOperation"))]),
                                   ref("transformOperation")]))])
    }

    static func ref(_ name: String) -> J { .object([("$ref", .string("#/$defs/\(name)"))]) }

    static func withParam(_ s: J) -> J { .object([("anyOf", .array([s, ref("param")]))]) }

    static func described(_ s: J, _ doc: String) -> J {
        guard case .object(let pairs) = s else { return s }
        return .object([("description", .string(doc))] + pairs)
    }

    static func tuple(_ n: Int, _ item: J) -> J {
        .object([("type", .string("array")), ("items", item), ("minItems", .number(Double(n))), ("maxItems", .number(Double(n)))])
    }

    static func unitString(_ units: [String]) -> J {
        .object([("type", .string("string")),
                 ("pattern", .string("^[-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?(\(units.joined(separator: "|")))$"))])
    }

    static func bounded(_ type: String, _ b: Bound) -> J {
        var pairs: [(String, J)] = [("type", .string(type))]
        if let lo = b.min { pairs.append((b.minInclusive ? "minimum" : "exclusiveMinimum", .number(lo))) }
        if let hi = b.max { pairs.append((b.maxInclusive ? "maximum" : "exclusiveMaximum", .number(hi))) }
        return .object(pairs)
    }
}
