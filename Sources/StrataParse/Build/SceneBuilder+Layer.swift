import StrataModel

extension SceneBuilder {
    /// A list of layers at `depth` (the root's sublayers are at depth 1).
    mutating func buildLayers(_ node: YAMLNode, depth: Int) -> [Layer] {
        guard let items = take(Values.list(node, of: "layers")) else { return [] }
        var layers: [Layer] = []
        var names: [String: SourceLocation] = [:]
        for item in items {
            guard layerCount < Limits.maxLayers else {
                if !layerLimitReported {
                    sink.error(item.useLocation, "the scene has more than \(Limits.maxLayers) layers")
                    layerLimitReported = true
                }
                break
            }
            guard depth <= Limits.maxLayerDepth else {
                sink.error(item.useLocation, "layers nest deeper than \(Limits.maxLayerDepth) levels")
                break
            }
            layerCount += 1
            guard let layer = buildLayer(item, depth: depth) else { continue }
            if let name = layer.name, let nameNode = item["name"] {
                let at = item.aliasLocation ?? nameNode.location
                if let first = names[name] {
                    sink.error(at, "duplicate layer name '\(name)' among siblings",
                               notes: [DiagnosticNote(first, "the first layer named '\(name)'")])
                } else {
                    names[name] = at
                }
            }
            layers.append(layer)
        }
        checkConstraints(of: layers)
        return layers
    }

    /// One layer mapping. Defaults are Core Animation's (see LayerProperties).
    mutating func buildLayer(_ node: YAMLNode, depth: Int) -> Layer? {
        var type = LayerType.layer
        if node.mapping != nil, let t = node["type"],
           let parsed = take(Values.choice(t, LayerType.self, what: "layer type")) {
            type = parsed
        }
        guard let m = MappingReader(node, KeyTables.layer, layerType: type, sink: &sink) else { return nil }
        var layer = Layer(name: nil, location: node.useLocation)
        layer.type = type
        if let n = m["name"], let name = take(Values.name(n, what: "layer name")) {
            if name.allSatisfy(\.isNumber) {
                sink.error(n.location, "layer name '\(name)' is only digits, which layer paths read as an index; add a letter")
            } else {
                layer.name = name
            }
        }
        layer.properties = buildProperties(m)
        buildCompositing(m, into: &layer, depth: depth)
        buildTypeProperties(m, type: type, into: &layer.properties)
        layerType = type
        layerModel = layer.properties
        if let v = read(m, "beginTime", { Values.time($0) }) { layer.timing.beginTime = v }
        if let v = read(m, "speed", { Values.number($0, .nonNegative) }) { layer.timing.speed = v }
        if let v = read(m, "timeOffset", { Values.time($0) }) { layer.timing.timeOffset = v }
        if let list = m["animations"], let items = take(Values.list(list, of: "animations")) {
            layer.animations = items.compactMap { buildAnimation($0) }
        }
        if let c = m["constraints"] { layer.constraints = buildConstraints(c) }
        if let v = m["autoresizingMask"], let mask = buildAutoresizingMask(v) { layer.autoresizingMask = mask }
        if let actions = m["actions"] { layer.actions = buildActions(actions) }
        if let sublayers = m["sublayers"] {
            layer.sublayers = buildLayers(sublayers, depth: depth + 1)
        }
        checkTypedLayer(layer, m)
        return layer
    }

    /// The model values of a layer mapping. `frame` is applied last, once the
    /// anchor point and transform it depends on are known.
    mutating func buildProperties(_ m: MappingReader) -> LayerProperties {
        var p = LayerProperties()
        if let v = read(m, "bounds", { Values.rect($0) }) { p.bounds = v }
        if let v = read(m, "position", Values.point) { p.position = v }
        if let v = read(m, "anchorPoint", Values.point) { p.anchorPoint = v }
        if let v = read(m, "anchorPointZ", { Values.length($0) }) { p.anchorPointZ = v }
        if let v = read(m, "zPosition", { Values.length($0) }) { p.zPosition = v }
        if let v = read(m, "transform", Values.transform) { p.transform = v }
        if let v = read(m, "sublayerTransform", Values.transform) { p.sublayerTransform = v }
        if let v = read(m, "opacity", { Values.number($0, .unit) }) { p.opacity = v }
        if let v = read(m, "hidden", Values.bool) { p.hidden = v }
        if let c = m["backgroundColor"], !c.isNull { p.backgroundColor = take(Values.color(c)) }
        if let v = read(m, "cornerRadius", { Values.length($0, .nonNegative) }) { p.cornerRadius = v }
        if let v = read(m, "borderWidth", { Values.length($0, .nonNegative) }) { p.borderWidth = v }
        if let v = read(m, "borderColor", Values.color) { p.borderColor = v }
        if let v = read(m, "masksToBounds", Values.bool) { p.masksToBounds = v }
        if let frameKey = m.keyNode("frame") {
            let clashes = ["bounds", "position"].filter { m.has($0) }
            if !clashes.isEmpty {
                sink.error(frameKey.location, "'frame' cannot be combined with \(Suggestion.list(clashes).replacingOccurrences(" or ", " and ")) on one layer; 'frame' sets the bounds size and the position")
            } else if let frame = read(m, "frame", { Values.rect($0) }) {
                p.setFrame(frame)
            }
        }
        return p
    }
}

extension String {
    /// Foundation-free single replacement helper for messages.
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
