import StrataModel

extension SceneBuilder {
    /// An emitter's (or a cell's) `emitterCells`, names unique among siblings;
    /// `depth` counts the cells above.
    mutating func buildCells(_ list: YAMLNode, depth: Int = 0) -> [EmitterCell]? {
        guard depth < Limits.maxCellDepth else {
            sink.error(list.location, "emitter cells nest deeper than \(Limits.maxCellDepth) levels")
            return nil
        }
        guard let items = take(Values.list(list, of: "emitter cells")) else { return nil }
        var cells: [EmitterCell] = []
        var names: [String: SourceLocation] = [:]
        for item in items {
            guard let cell = buildCell(item, depth: depth) else { continue }
            if let name = cell.name, let at = item["name"]?.location {
                if let first = names[name] {
                    sink.error(at, "duplicate emitter cell name '\(name)'",
                               notes: [DiagnosticNote(first, "the first cell named '\(name)'")])
                }
                names[name] = names[name] ?? at
            }
            cells.append(cell)
        }
        return cells
    }

    /// One CAEmitterCell: its keys by the cell table (`CellKey`), then its
    /// contents. Angles are read in degrees (or with a unit) and kept in
    /// radians; spins are angles per second.
    mutating func buildCell(_ node: YAMLNode, depth: Int = 0) -> EmitterCell? {
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
        for key in CellKey.all {
            guard let node = m[key.name], let parsed = Self.plainValue(node, key.form), let value = take(parsed) else { continue }
            key.set(value, on: &c)
        }
        let contentsRect = read(m, "contentsRect", { Values.rect($0) })
        let contentsScale = number(m, "contentsScale")
        if let key = imageKey, let contents = m["contents"] {
            c.contents = cellImage(key: key, contentsRect: contentsRect ?? Rect(0, 0, 1, 1), contentsScale: contentsScale ?? 1,
                                   at: contents, rectNode: m["contentsRect"]).map { .image($0) }
        } else if c.contents != nil, let key = ["contentsRect", "contentsScale"].first(where: { m.has($0) }),
                  let at = m.keyNode(key) {
            sink.warning(at.location, "'\(key)' applies to image contents; a built-in shape ignores it")
        }
        if let sub = m["emitterCells"] { c.cells = buildCells(sub, depth: depth + 1) ?? [] }
        // A cell that only emits sub-cells (a firework's invisible burst) draws nothing on purpose.
        if c.contents == nil && m["contents"] == nil && c.birthRate > 0 && m["emitterCells"] == nil {
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
