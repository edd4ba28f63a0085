import StrataModel

/// A layer's properties, read by the table (`LayerProperty.all`): each key
/// of the layer's type that is present is parsed by its form, with its
/// bounds, and written through its key path. Defaults are the stored
/// fields' (Core Animation's).
extension SceneBuilder {
    /// The model values of a layer mapping, in table order (so `scrollPoint`
    /// sees `scrollMode`, `locations` sees `colors`). `frame` is applied
    /// last, once the anchor point and transform it depends on are known.
    mutating func buildProperties(_ m: MappingReader, type: LayerType) -> LayerProperties {
        var p = LayerProperties(type: type)
        // The present keys' properties, in table order: a few lookups by key
        // rather than one per property of the table.
        var present: [(property: LayerProperty, node: YAMLNode)] = []
        present.reserveCapacity(m.pairs.count)
        for pair in m.pairs {
            for index in Self.propertyIndices[pair.name] ?? [] { present.append((LayerProperty.all[index], pair.value)) }
        }
        present.sort { $0.property.index < $1.property.index }
        for (property, node) in present where property.belongs(to: type) {
            guard let value = propertyValue(node, property) else { continue }
            property.set(value, on: &p)
        }
        checkLocations(m, &p)
        if let frameKey = m.keyNode("frame") {
            let clashes = m.table.exclusions.filter { $0.present == ["frame"] }.map(\.excluded).filter { m.has($0) }
            if !clashes.isEmpty {
                sink.error(frameKey.location, "'frame' cannot be combined with \(Suggestion.list(clashes).replacingOccurrences(" or ", " and ")) on one layer; 'frame' sets the bounds size and the position")
            } else if let frame = read(m, "frame", { Values.rect($0) }) {
                p.setFrame(frame)
            }
        }
        return p
    }

    /// The positions in `LayerProperty.all` of the properties a key names.
    static let propertyIndices: [String: [Int]] = Dictionary(grouping: LayerProperty.all.indices) { LayerProperty.all[$0].name }

    /// One key's value, or nil after reporting why it does not parse. YAML
    /// null means none for the properties that allow it.
    mutating func propertyValue(_ node: YAMLNode, _ property: LayerProperty) -> PropertyValue? {
        if node.isNull && property.nullable { return PropertyValue.none }
        if let plain = Self.plainValue(node, property.form) { return take(plain).map { .animatable($0) } }
        func value(_ r: Parsed<AnimatableValue>) -> PropertyValue? { take(r).map { .animatable($0) } }
        let whole = property.noun ?? "a whole number"
        switch property.form {
        case .number, .length, .time, .angle, .bool, .color, .point, .size, .rect: return nil
        case .integer(let b): return take(Values.integer(node, b, what: whole)).map { .integer($0) }
        case .count(let max, let what):
            guard let v = take(Values.integer(node, .nonNegative, what: whole)) else { return nil }
            guard v <= max else {
                sink.error(node.location, "\(property.name) \(v) is more than the limit of \(max) \(what)")
                return nil
            }
            return .integer(v)
        case .transform: return take(Values.transform(node)).map { .animatable(.transform($0)) }
        case .choice(let names):
            return take(Values.choice(node, names, what: property.noun ?? property.name)).map { .name($0) }
        case .names(let names, let what):
            guard let items = take(Values.list(node, of: "\(what) names")) else { return nil }
            return .names(items.compactMap { take(Values.choice($0, names, what: what)) })
        case .path: return take(Self.pathValue(node, source: source)).map { .animatable(.path($0)) }
        case .shape: return shapePath(node).map { .shape($0) }
        case .colors: return value(Self.colorList(node).map { .colors($0) })
        case .numbers(let b, let what): return value(Self.numberList(node, b, what: what).map { .numbers($0) })
        case .text(let maxLength):
            guard let v = take(Values.string(node, what: "a string")) else { return nil }
            guard v.unicodeScalars.count <= maxLength else {
                sink.error(node.location, "the \(property.name) has \(v.unicodeScalars.count) characters; at most \(maxLength) are allowed")
                return nil
            }
            if let run = Self.longestCombiningRun(v), run.count > Limits.maxCombiningMarks {
                sink.error(node.location(ofTextOffset: run.offset, source: source),
                           "the \(property.name) has \(run.count) combining marks in a row; Unicode's stream-safe text (UAX #15) "
                           + "has at most \(Limits.maxCombiningMarks) after a character")
                return nil
            }
            return .text(v)
        case .image: return contentsKey(node).map { .animatable(.image(ContentsValue(key: $0))) }
        case .font:
            return take(Values.string(node, what: "a font asset name or family")).map { .font(font($0, at: node)) }
        case .cells: return buildCells(node).map { .cells($0) }
        case .filters: return buildFilters(node).map { .filters($0) }
        }
    }

    /// A value of the forms that are one number, colour, point, size or rect
    /// (within the form's bound); nil for the other forms.
    static func plainValue(_ node: YAMLNode, _ form: PropertyForm) -> Parsed<AnimatableValue>? {
        switch form {
        case .number(let b): return Values.number(node, b).map { .scalar($0) }
        case .length(let b): return Values.length(node, b).map { .scalar($0) }
        case .time(let b): return Values.time(node, b).map { .scalar($0) }
        case .angle: return Values.angle(node).map { .scalar($0) }
        case .bool: return Values.bool(node).map { .bool($0) }
        case .color: return Values.color(node).map { .color($0) }
        case .point: return Values.point(node).map { .point($0) }
        case .size(let b): return Values.size(node, b).map { .size($0) }
        case .rect: return Values.rect(node).map { .rect($0) }
        default: return nil
        }
    }

    /// `locations` take one stop per color when both are given.
    mutating func checkLocations(_ m: MappingReader, _ p: inout LayerProperties) {
        guard let node = m["locations"], m["colors"] != nil, var g = p.gradient, let v = g.locations,
              v.count != g.colors.count else { return }
        sink.error(node.location, "'locations' has \(v.count) value\(v.count == 1 ? "" : "s") but 'colors' has \(g.colors.count); give one location per color")
        g.locations = nil
        p.gradient = g
    }
}
