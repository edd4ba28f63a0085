import StrataModel

extension SceneBuilder {
    mutating func buildEmitter(_ m: MappingReader) -> EmitterProperties {
        var e = EmitterProperties()
        if let v = read(m, "emitterPosition", Values.point) { e.emitterPosition = v }
        if let v = read(m, "emitterZPosition", { Values.length($0) }) { e.emitterZPosition = v }
        if let v = read(m, "emitterSize", { Values.size($0) }) { e.emitterSize = v }
        if let v = read(m, "emitterShape", { Values.choice($0, EmitterShape.self, what: "emitterShape") }) { e.emitterShape = v }
        if let v = read(m, "emitterMode", { Values.choice($0, EmitterMode.self, what: "emitterMode") }) { e.emitterMode = v }
        if let v = read(m, "renderMode", { Values.choice($0, EmitterRenderMode.self, what: "renderMode") }) { e.renderMode = v }
        if let v = read(m, "birthRate", { Values.number($0, .nonNegative) }) { e.birthRate = v }
        if let v = read(m, "lifetime", { Values.number($0, .nonNegative) }) { e.lifetime = v }
        if let v = read(m, "velocity", { Values.number($0) }) { e.velocity = v }
        if let v = read(m, "scale", { Values.number($0) }) { e.scale = v }
        if let v = read(m, "spin", { Values.number($0) }) { e.spin = v }
        if let v = read(m, "seed", { Values.integer($0, .closed(0, Double(UInt32.max)), what: "a seed") }) { e.seed = UInt32(v) }
        if let list = m["emitterCells"], let items = take(Values.list(list, of: "emitter cells")) {
            var names: [String: SourceLocation] = [:]
            for item in items {
                guard let cell = buildCell(item) else { continue }
                if let name = cell.name, let at = item["name"]?.location {
                    if let first = names[name] {
                        sink.error(at, "duplicate emitter cell name '\(name)'",
                                   notes: [DiagnosticNote(first, "the first cell named '\(name)'")])
                    }
                    names[name] = names[name] ?? at
                }
                e.cells.append(cell)
            }
        }
        return e
    }

    /// One CAEmitterCell. Angles are read in degrees (or with a unit) and
    /// kept in radians; spins are angles per second.
    mutating func buildCell(_ node: YAMLNode) -> EmitterCell? {
        guard let m = MappingReader(node, KeyTables.emitterCell, sink: &sink) else { return nil }
        var c = EmitterCell()
        if let v = read(m, "name", { Values.name($0, what: "emitter cell name") }) { c.name = v }
        var imageKey: String? = nil
        if let node = m["contents"] {
            switch cellContents(node) {
            case .sprite(let sprite)?: c.contents = sprite
            case .image(let key)?: imageKey = key
            case nil: break
            }
        }
        func number(_ key: String, _ bound: Bound = .any, _ set: (inout EmitterCell, Double) -> Void) {
            if let v = read(m, key, { Values.number($0, bound) }) { set(&c, v) }
        }
        func time(_ key: String, _ bound: Bound, _ set: (inout EmitterCell, Double) -> Void) {
            if let v = read(m, key, { Values.time($0, bound) }) { set(&c, v) }
        }
        func angle(_ key: String, _ set: (inout EmitterCell, Double) -> Void) {
            if let v = read(m, key, { Values.angle($0) }) { set(&c, v) }
        }
        number("birthRate", .nonNegative) { $0.birthRate = $1 }
        time("lifetime", .nonNegative) { $0.lifetime = $1 }
        time("lifetimeRange", .nonNegative) { $0.lifetimeRange = $1 }
        number("velocity") { $0.velocity = $1 }
        number("velocityRange", .nonNegative) { $0.velocityRange = $1 }
        angle("emissionLatitude") { $0.emissionLatitude = $1 }
        angle("emissionLongitude") { $0.emissionLongitude = $1 }
        angle("emissionRange") { $0.emissionRange = $1 }
        number("xAcceleration") { $0.xAcceleration = $1 }
        number("yAcceleration") { $0.yAcceleration = $1 }
        number("zAcceleration") { $0.zAcceleration = $1 }
        number("scale") { $0.scale = $1 }
        number("scaleRange", .nonNegative) { $0.scaleRange = $1 }
        number("scaleSpeed") { $0.scaleSpeed = $1 }
        angle("spin") { $0.spin = $1 }
        angle("spinRange") { $0.spinRange = $1 }
        if let v = read(m, "color", Values.color) { c.color = v }
        number("redRange", .nonNegative) { $0.redRange = $1 }
        number("greenRange", .nonNegative) { $0.greenRange = $1 }
        number("blueRange", .nonNegative) { $0.blueRange = $1 }
        number("alphaRange", .nonNegative) { $0.alphaRange = $1 }
        number("redSpeed") { $0.redSpeed = $1 }
        number("greenSpeed") { $0.greenSpeed = $1 }
        number("blueSpeed") { $0.blueSpeed = $1 }
        number("alphaSpeed") { $0.alphaSpeed = $1 }
        time("beginTime", .closed(-Limits.maxDuration, Limits.maxDuration)) { $0.beginTime = $1 }
        time("duration", .closed(0, Limits.maxDuration)) { $0.duration = $1 }
        let contentsRect = read(m, "contentsRect", { Values.rect($0) })
        let contentsScale = read(m, "contentsScale", { Values.number($0, .positive(atMost: 64)) })
        if let key = imageKey, let contents = m["contents"] {
            c.contents = cellImage(key: key, contentsRect: contentsRect ?? Rect(0, 0, 1, 1), contentsScale: contentsScale ?? 1,
                                   at: contents, rectNode: m["contentsRect"]).map { .image($0) }
        } else if c.contents != nil, let key = ["contentsRect", "contentsScale"].first(where: { m.has($0) }),
                  let at = m.keyNode(key) {
            sink.warning(at.location, "'\(key)' applies to image contents; a built-in shape ignores it")
        }
        if c.contents == nil && m["contents"] == nil && c.birthRate > 0 {
            sink.warning(node.location, "emitter cell has no 'contents', so its particles draw nothing (as in Core Animation); use an image (an asset name or a path), or circle, square, {circle: d} or {rect: [w, h]}")
        }
        return c
    }

    /// Built-in particle contents (a Strata extension; images are in
    /// SceneBuilder+EmitterContents): `circle` / `square` (10 points), or
    /// `{circle: d}`, `{circle: [w, h]}`, `{square: d}`, `{rect: [w, h]}`.
    static func particleSprite(_ node: YAMLNode) -> ParsedMany<ParticleSprite> {
        func one(_ r: Parsed<ParticleSprite>) -> ParsedMany<ParticleSprite> { r.mapError { DiagnosticList([$0]) } }
        if node.scalar != nil {
            return one(Values.choice(node, ["circle", "square"], what: "particle contents").map {
                $0 == "circle" ? .circle(Size(10, 10)) : .rect(Size(10, 10))
            })
        }
        var sink = DiagnosticSink()
        guard let m = MappingReader(node, KeyTables.particleShape, sink: &sink), !sink.hasErrors else {
            return .failure(DiagnosticList(sink.items))
        }
        let kinds = ["circle", "square", "rect"].filter { m.has($0) }
        guard kinds.count == 1, let value = m[kinds[0]] else {
            return .failure(DiagnosticList([Diagnostic(node.location, "particle contents take one of 'circle', 'square' or 'rect'")]))
        }
        switch kinds[0] {
        case "circle":
            if value.sequence != nil { return one(Values.size(value, .positive).map { .circle($0) }) }
            return one(Values.length(value, .positive).map { .circle(Size($0, $0)) })
        case "square":
            return one(Values.length(value, .positive).map { .rect(Size($0, $0)) })
        default:
            return one(Values.size(value, .positive).map { .rect($0) })
        }
    }
}
