import StrataModel

/// The JSON Schema (draft 2020-12) of the scene format, for `strata schema`
/// and editors. Generated from the tables the parser validates with (the key
/// tables, `LayerProperty.all`, `CellKey.all`, `LayerKeyPath.allPaths`), so
/// the two cannot drift: keys not supported yet are listed with a
/// description and a schema nothing satisfies, so editors flag them too.
///
/// It means the same to draft-07 validators (yaml-language-server before its
/// 2020-12 support, VS Code's YAML extension) except that they skip
/// `prefixItems`: there every item of a tuple is checked against the union
/// of its positions' schemas instead of its own (see `tuple`). It also
/// carries yaml-language-server's extensions `errorMessage` (the message of
/// a key on the wrong layer type) and `doNotSuggest`, which other
/// validators ignore.
public func sceneJSONSchema() -> String {
    SchemaGenerator.document().serialized(indent: 2) + "\n"
}

enum SchemaGenerator {
    typealias J = JSON

    /// The schema's `$id`: a name (a URN, nothing is served there) that
    /// stays the same for every strata that reads format version 1, so tools
    /// that cache schemas by id see one schema per format version.
    static let id = "urn:strata:scene:1"

    static func document() -> J {
        var root: [(String, J)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string(id)),
            ("title", .string("Strata scene, format version 1")),
            ("description", .string("A declarative Core Animation scene (y down; lengths in points, times in seconds, angles in degrees). Any scalar may be written as ${param}.")),
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
                              ("anyOf", .array([number, unitString(["ms", "s"], .any), ref("param")]))])),
            ("angle", .object([("description", .string("degrees as a bare number, or a number with deg, rad or turn")),
                               ("anyOf", .array([number, unitString(["deg", "rad", "turn"], .any), ref("param")]))])),
            ("color", color),
            ("transform", transform),
            ("transformOperation", .object(objectBody(KeyTables.transformOperations)
                + [("minProperties", .number(1)), ("maxProperties", .number(1))])),
            ("canvas", .object(objectBody(KeyTables.canvas))),
            ("layer", layer),
        ] + layerTypeDefinitions + [
            ("animation", animation),
        ] + animationsByLayerType + [
            ("transaction", .object(objectBody(KeyTables.transaction) + [("required", .array([.string("at")]))])),
            ("nestedTransaction", .object(objectBody(KeyTables.transaction)
                + [("allOf", .array([forbidden(["at"], "a nested transaction commits with its outer one; 'at' belongs on top-level timeline entries")]))])),
            ("changes", changes),
            ("transition", .object(objectBody(KeyTables.transition))),
            ("explicitTransition", .object(objectBody(KeyTables.explicitTransition))),
            ("golden", .object(objectBody(KeyTables.golden))),
            ("audioTrack", .object(objectBody(KeyTables.audioTrack))),
            ("paramDeclaration", .object(objectBody(KeyTables.param))),
            ("sequenceItem", .object(objectBody(KeyTables.sequenceItem) + [("allOf", .array(exclusionRules(KeyTables.sequenceItem)))])),
            ("sequenceTransition", .object(objectBody(KeyTables.sequenceTransition))),
            ("goldenFrame", .object(objectBody(KeyTables.goldenFrame) + [("allOf", .array(exclusionRules(KeyTables.goldenFrame)))]
                + [("anyOf", .array(["frame", "time"].map { .object([("required", .array([.string($0)]))]) }))])),
            ("tolerance", .object(objectBody(KeyTables.tolerance))),
            ("constraint", .object(objectBody(KeyTables.constraint))),
            ("emitterCell", .object(objectBody(KeyTables.emitterCell))),
            ("layerFilter", .object(objectBody(KeyTables.layerFilter))),
            ("pathShape", .object(objectBody(KeyTables.pathShape) + [("minProperties", .number(1))])),
            ("arc", .object(objectBody(KeyTables.arc))),
            ("particleShape", .object(objectBody(KeyTables.particleShape) + [("minProperties", .number(1)), ("maxProperties", .number(1))])),
            ("mediaContents", .object(objectBody(KeyTables.mediaContents))),
            ("clipAudio", .object(objectBody(KeyTables.clipAudio))),
        ]
    }

    /// `type`, `properties`, `required`, `additionalProperties: false` of a key table.
    static func objectBody(_ table: KeyTable) -> [(String, J)] {
        var body: [(String, J)] = [("type", .string("object")), ("properties", .object(table.keys.map(property)))]
        let required = table.keys.filter(\.required).map { J.string($0.name) }
        if !required.isEmpty { body.append(("required", .array(required))) }
        body.append(("additionalProperties", .bool(false)))
        return body
    }

    /// One key's schema with its description (units, range, meaning, default).
    static func property(_ spec: KeySpec) -> (String, J) {
        switch spec.status {
        case .supported, .typeSpecific:
            return (spec.name, described(schema(spec.schema), description(spec)))
        case .notSupportedYet:
            return (spec.name, .object([("description", .string(spec.doc)), ("not", .object([]))]))
        }
    }

    /// Rules for `allOf` of the table's keys that exclude each other: once
    /// the keys of `present` are there, `excluded` is not allowed, with the parser's message.
    static func exclusionRules(_ table: KeyTable) -> [J] {
        table.exclusions.map { e in
            .object([("if", .object([("required", .array(e.present.map(J.string)))])),
                     ("then", forbidden([e.excluded], e.message))])
        }
    }

    /// Keys that may not be present, with the message editors show at them.
    static func forbidden(_ keys: [String], _ message: String) -> J {
        .object([("properties", .object(keys.map { ($0, J.bool(false)) })), ("errorMessage", .string(message))])
    }

    static func schema(_ s: ValueSchema) -> J {
        switch s {
        case .number(let b), .length(let b): return withParam(bounded("number", b))
        case .integer(let b): return withParam(bounded("integer", b))
        case .time(let b): return .object([("anyOf", .array([bounded("number", b), unitString(["ms", "s"], b), ref("param")]))])
        case .angle: return ref("angle")
        case .bool: return ref("boolean")
        case .string: return .object([("type", .string("string"))])
        case .pattern(let p): return withParam(.object([("type", .string("string")), ("pattern", .string(p))]))
        case .name: return .object([("type", .string("string")), ("pattern", .string("^[A-Za-z0-9_-]+$"))])
        case .color: return ref("color")
        case .point: return tuple([.number(.any), .number(.any)])
        case .size(let b): return tuple([.number(b), .number(b)])
        case .rect(let b): return tuple([.number(.any), .number(.any), .number(b), .number(b)])
        case .choice(let names): return withParam(.object([("enum", .array(names.map(J.string)))]))
        case .transform: return ref("transform")
        case .list(let item): return .object([("type", .string("array")), ("items", schema(item))])
        case .tuple(let items): return tuple(items)
        case .emptyList: return .object([("type", .string("array")), ("maxItems", .number(0))])
        case .namedMap(let value):
            return .object([("type", .string("object")),
                            ("propertyNames", .object([("pattern", .string("^[A-Za-z0-9_-]+$"))])),
                            ("additionalProperties", schema(value))])
        case .ref(let name): return ref(name)
        case .anyOf(let options): return .object([("anyOf", .array(options.map(schema)))])
        case .constant(let v): return .object([("const", .number(Double(v)))])
        case .scalar: return .object([("type", .array(["string", "number", "boolean", "null"].map(J.string)))])
        case .animationValue: return .object([])
        case .animationKeyPath: return keyPathSchema(LayerKeyPath.animatablePaths.map(\.text), cells: CellKey.animatable)
        case .repeatCount:
            return .object([("anyOf", .array([bounded("number", .nonNegative),
                                              .object([("enum", .array([.string("inf"), .string(".inf")]))]), ref("param")]))])
        case .timingFunction:
            return .object([("anyOf", .array([schema(.choice(KeyTables.timingFunctionNames)),
                                              tuple([.number(.unit), .number(.any), .number(.unit), .number(.any)])]))])
        case .goldenFrame:
            return .object([("anyOf", .array([bounded("integer", .nonNegative),
                                              unitString(["ms", "s"], KeyTables.goldenFrame.bound(of: "time")), ref("goldenFrame")]))])
        case .unchecked: return .object([])
        case .null: return .object([("type", .string("null"))])
        case .changes: return ref("changes")
        }
    }

    /// The strings `Values.color` accepts, as patterns that Python's `re` and
    /// JavaScript's `RegExp` (with 'u', no inline flags) both compile: spaces
    /// around, hex of 3, 4, 6 or 8 digits, a CSS name in any ASCII case, or
    /// rgb()/rgba() with its arguments' ranges spelled out digit by digit.
    static var color: J {
        func string(_ pattern: String) -> J { .object([("type", .string("string")), ("pattern", .string("^ *" + pattern + " *$"))]) }
        let hex = string("#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
        let anyCase = CSSColors.allNames.map { name in name.map { "[\($0)\(Character($0.uppercased()))]" }.joined() }
        // The enum is for editors' completion; the pattern takes every case.
        let named = J.object([("anyOf", .array([.object([("enum", .array(CSSColors.allNames.map(J.string)))]),
                                                string("(" + anyCase.joined(separator: "|") + ")")]))])
        let channel = "0*(25[0-5](\\.0*)?|2[0-4][0-9](\\.[0-9]*)?|1[0-9][0-9](\\.[0-9]*)?|[0-9]{1,2}(\\.[0-9]*)?|\\.[0-9]+)"
        let percent = "0*(100(\\.0*)?|[0-9]{1,2}(\\.[0-9]*)?|\\.[0-9]+)%"
        let fraction = "0*(1(\\.0*)?|0(\\.[0-9]*)?|\\.[0-9]+)"
        let c = "(\(channel)|\(percent))", a = "(\(fraction)|\(percent))"
        // Commas with spaces around each argument, or CSS 4's spaces with `/` (any run of spaces and slashes).
        let commas = " *\(c) *, *\(c) *, *\(c) *( *, *\(a) *)?"
        let spaces = "[ /]*\(c)[ /]+\(c)[ /]+\(c)([ /]+\(a))?[ /]*"
        let functional = string("[rR][gG][bB][aA]? *\\((\(commas)|\(spaces))\\)")
        let unit = J.object([("type", .string("number")), ("minimum", .number(0)), ("maximum", .number(1))])
        let array = J.object([("type", .string("array")), ("items", withParam(unit)), ("minItems", .number(3)), ("maxItems", .number(4))])
        return .object([("description", .string("sRGB: #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS name, rgb()/rgba(), or [r, g, b(, a)] from 0 to 1")),
                        ("anyOf", .array([hex, named, functional, array, ref("param")]))])
    }

    static var transform: J {
        .object([("description", .string("a list of one-key operations applied in order, a single operation, or 16 numbers (row-major m11...m44)")),
                 ("anyOf", .array([tuple(Array(repeating: .number(.any), count: 16)),
                                   .object([("type", .string("array")), ("items", ref("transformOperation"))]),
                                   ref("transformOperation")]))])
    }

    static func ref(_ name: String) -> J { .object([("$ref", .string("#/$defs/\(name)"))]) }

    static func withParam(_ s: J) -> J { .object([("anyOf", .array([s, ref("param")]))]) }

    static func described(_ s: J, _ doc: String) -> J {
        guard case .object(let pairs) = s, !doc.isEmpty else { return s }
        return .object([("description", .string(doc))] + pairs)
    }

    /// A fixed-length list, one schema per position. `prefixItems` checks
    /// each position (2020-12); `items`, the union of the positions, is what
    /// a draft-07 validator checks every item against (2020-12 applies it to
    /// items past the prefix, and there are none).
    static func tuple(_ items: [ValueSchema]) -> J {
        var distinct: [J] = []
        for item in items.map(schema) where !distinct.contains(item) { distinct.append(item) }
        var pairs: [(String, J)] = [("type", .string("array"))]
        if distinct.count > 1 { pairs.append(("prefixItems", .array(items.map(schema)))) }
        pairs += [("items", distinct.count == 1 ? distinct[0] : .object([("anyOf", .array(distinct))])),
                  ("minItems", .number(Double(items.count))), ("maxItems", .number(Double(items.count)))]
        return .object(pairs)
    }

    /// A number followed by one of `units`; without a minus sign when
    /// `bound` has no negative values (other bounds are the parser's to check).
    static func unitString(_ units: [String], _ bound: Bound) -> J {
        let sign = (bound.min ?? -1) < 0 ? "[-+]?" : "\\+?"
        return .object([("type", .string("string")),
                        ("pattern", .string("^\(sign)([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?(\(units.joined(separator: "|")))$"))])
    }

    static func bounded(_ type: String, _ b: Bound) -> J {
        var pairs: [(String, J)] = [("type", .string(type))]
        if let lo = b.min { pairs.append((b.minInclusive ? "minimum" : "exclusiveMinimum", .number(lo))) }
        if let hi = b.max { pairs.append((b.maxInclusive ? "maximum" : "exclusiveMaximum", .number(hi))) }
        return .object(pairs)
    }
}
