import StrataModel

extension SceneBuilder {
    /// A list of layers at `depth` (the root's sublayers are at depth 1),
    /// after `siblings` (the sequence, whose name they may not take).
    mutating func buildLayers(_ node: YAMLNode, depth: Int, siblings: [Layer] = []) -> [Layer] {
        guard let items = take(Values.list(node, of: "layers")) else { return [] }
        var layers: [Layer] = []
        var names: [String: SourceLocation] = [:]
        for sibling in siblings { if let name = sibling.name { names[name] = sibling.location } }
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
        layer.properties = buildProperties(m, type: type)
        if type == .lottie { buildLottie(m, into: &layer.properties) }
        buildMask(m, into: &layer, depth: depth)
        if let use = m["scene"] {
            buildComposition(m, use: use, into: &layer, depth: depth)
        } else {
            rejectSceneKeys(m)
        }
        layerType = type
        layerModel = layer.properties
        if let v = time(m, "beginTime") { layer.timing.beginTime = v }
        if let v = number(m, "speed") { layer.timing.speed = v }
        if let v = time(m, "timeOffset") { layer.timing.timeOffset = v }
        if let list = m["animations"], let items = take(Values.list(list, of: "animations")) {
            for item in items {
                if Self.isTransition(item) {
                    if let t = buildExplicitTransition(item) { layer.transitions.append(t) }
                } else if let a = buildAnimation(item) {
                    layer.animations.append(a)
                }
            }
        }
        if let c = m["constraints"] { layer.constraints = buildConstraints(c) }
        if let v = m["autoresizingMask"], let mask = buildAutoresizingMask(v) { layer.autoresizingMask = mask }
        if let actions = m["actions"] { layer.actions = buildActions(actions) }
        if let sublayers = m["sublayers"] {
            if m.has("scene") {
                sink.error(m.keyNode("sublayers")!.location, m.table.exclusion(excluding: "sublayers"))
            } else {
                layer.sublayers = buildLayers(sublayers, depth: depth + 1)
            }
        }
        checkTypedLayer(layer, m)
        checkTextGlyphs(layer, m)
        return layer
    }
}

extension String {
    /// Foundation-free single replacement helper for messages.
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
