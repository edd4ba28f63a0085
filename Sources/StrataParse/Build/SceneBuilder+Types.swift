import StrataModel

/// The keys of each layer type (docs/layer-types.md). Defaults are Core
/// Animation's (see the property structs in StrataModel/Layers).
extension SceneBuilder {
    mutating func buildTypeProperties(_ m: MappingReader, type: LayerType, into p: inout LayerProperties) {
        switch type {
        case .shape: p.shape = buildShape(m)
        case .text: p.text = buildText(m)
        case .gradient: p.gradient = buildGradient(m)
        case .replicator: p.replicator = buildReplicator(m)
        case .scroll:
            var s = ScrollProperties()
            if let v = read(m, "scrollMode", { Values.choice($0, ScrollMode.self, what: "scrollMode") }) { s.scrollMode = v }
            p.scroll = s
            // CAScrollLayer's scroll(to:): the scroll point is bounds.origin.
            if let v = read(m, "scrollPoint", Values.point) { p.bounds.origin = s.scrollMode.scrolled(p.bounds.origin, to: v) }
        case .emitter: p.emitter = buildEmitter(m)
        case .layer, .transform: break
        }
    }

    mutating func buildShape(_ m: MappingReader) -> ShapeProperties {
        var s = ShapeProperties()
        if let node = m["path"] { s.path = take(Self.pathValue(node, source: source)) }
        if let c = m["fillColor"] { s.fillColor = c.isNull ? nil : take(Values.color(c)) ?? s.fillColor }
        if let v = read(m, "fillRule", { Values.choice($0, FillRule.self, what: "fillRule") }) { s.fillRule = v }
        if let c = m["strokeColor"], !c.isNull { s.strokeColor = take(Values.color(c)) }
        if let v = read(m, "lineWidth", { Values.length($0, .nonNegative) }) { s.lineWidth = v }
        if let v = read(m, "lineCap", { Values.choice($0, LineCap.self, what: "lineCap") }) { s.lineCap = v }
        if let v = read(m, "lineJoin", { Values.choice($0, LineJoin.self, what: "lineJoin") }) { s.lineJoin = v }
        if let v = read(m, "miterLimit", { Values.number($0, .nonNegative) }) { s.miterLimit = v }
        if let d = m["lineDashPattern"], !d.isNull, let v = take(Self.numberList(d, .nonNegative, what: "a dash length")) {
            s.lineDashPattern = v
        }
        if let v = read(m, "lineDashPhase", { Values.length($0) }) { s.lineDashPhase = v }
        if let v = read(m, "strokeStart", { Values.number($0, .unit) }) { s.strokeStart = v }
        if let v = read(m, "strokeEnd", { Values.number($0, .unit) }) { s.strokeEnd = v }
        return s
    }

    /// The longest run of combining marks (non-starters: canonical combining
    /// class above 0) and where it starts, in Unicode scalars; nil when there are none.
    static func longestCombiningRun(_ text: String) -> (count: Int, offset: Int)? {
        var best: (count: Int, offset: Int)?, run = 0
        for (i, scalar) in text.unicodeScalars.enumerated() {
            if scalar.properties.canonicalCombiningClass.rawValue == 0 { run = 0; continue }
            run += 1
            if run > (best?.count ?? 0) { best = (run, i + 1 - run) }
        }
        return best
    }

    mutating func buildText(_ m: MappingReader) -> TextProperties {
        var t = TextProperties()
        if let node = m["string"], let v = take(Values.string(node, what: "a string")) {
            if v.unicodeScalars.count > Limits.maxTextLength {
                sink.error(node.location, "the string has \(v.unicodeScalars.count) characters; at most \(Limits.maxTextLength) are allowed")
            } else if let run = Self.longestCombiningRun(v), run.count > Limits.maxCombiningMarks {
                sink.error(node.location(ofTextOffset: run.offset, source: source),
                           "the string has \(run.count) combining marks in a row; Unicode's stream-safe text (UAX #15) "
                           + "has at most \(Limits.maxCombiningMarks) after a character")
            } else {
                t.string = v
            }
        }
        if let node = m["font"], let v = take(Values.string(node, what: "a font asset name or family")) {
            t.font = font(v, at: node)
        }
        if let v = read(m, "fontSize", { Values.length($0, .closed(0, Limits.maxFontSize)) }) { t.fontSize = v }
        if let v = read(m, "foregroundColor", Values.color) { t.foregroundColor = v }
        if let v = read(m, "alignmentMode", { Values.choice($0, TextAlignment.self, what: "alignmentMode") }) { t.alignmentMode = v }
        if let v = read(m, "isWrapped", Values.bool) { t.isWrapped = v }
        if let v = read(m, "truncationMode", { Values.choice($0, TruncationMode.self, what: "truncationMode") }) { t.truncationMode = v }
        return t
    }

    mutating func buildGradient(_ m: MappingReader) -> GradientProperties {
        var g = GradientProperties()
        if let node = m["colors"], let v = take(Self.colorList(node)) { g.colors = v }
        if let node = m["locations"], !node.isNull, let v = take(Self.numberList(node, .unit, what: "a location")) {
            if m["colors"] != nil, v.count != g.colors.count {
                sink.error(node.location, "'locations' has \(v.count) value\(v.count == 1 ? "" : "s") but 'colors' has \(g.colors.count); give one location per color")
            } else {
                g.locations = v
            }
        }
        if let v = read(m, "startPoint", Values.point) { g.startPoint = v }
        if let v = read(m, "endPoint", Values.point) { g.endPoint = v }
        if let v = read(m, "gradientType", { Values.choice($0, GradientType.self, what: "gradientType") }) { g.type = v }
        return g
    }

    mutating func buildReplicator(_ m: MappingReader) -> ReplicatorProperties {
        var r = ReplicatorProperties()
        if let node = m["instanceCount"] {
            if let v = take(Values.integer(node, .nonNegative, what: "an instance count")) {
                if v > Limits.maxInstanceCount {
                    sink.error(node.location, "instanceCount \(v) is more than the limit of \(Limits.maxInstanceCount) copies")
                } else {
                    r.instanceCount = v
                }
            }
        }
        if let v = read(m, "instanceTransform", Values.transform) { r.instanceTransform = v }
        if let v = read(m, "instanceDelay", { Values.time($0) }) { r.instanceDelay = v }
        if let v = read(m, "instanceColor", Values.color) { r.instanceColor = v }
        if let v = read(m, "instanceRedOffset", { Values.number($0) }) { r.instanceRedOffset = v }
        if let v = read(m, "instanceGreenOffset", { Values.number($0) }) { r.instanceGreenOffset = v }
        if let v = read(m, "instanceBlueOffset", { Values.number($0) }) { r.instanceBlueOffset = v }
        if let v = read(m, "instanceAlphaOffset", { Values.number($0) }) { r.instanceAlphaOffset = v }
        if let v = read(m, "preservesDepth", Values.bool) { r.preservesDepth = v }
        return r
    }

    // MARK: Values

    /// `path:` as SVG path data or a primitive mapping.
    static func pathValue(_ node: YAMLNode, source: [Unicode.Scalar]) -> ParsedMany<BezierPath> {
        if node.mapping != nil { return pathShape(node) }
        guard let s = node.scalar, !node.isNull else {
            return .failure(DiagnosticList([Diagnostic(node.location,
                "expected SVG path data or {rect: ...}, {ellipse: ...}, {polygon: ...}, found \(node.found)")]))
        }
        switch PathDataParser.parse(s.text) {
        case .success(let path): return .success(path)
        case .failure(let f):
            // The error points at the column inside the string.
            let at = node.location(ofTextOffset: f.offset, source: source)
            return .failure(DiagnosticList([Diagnostic(at, "invalid path data: " + f.message)]))
        }
    }

    /// `{rect: [x, y, w, h], cornerRadius: r}`, `{ellipse: [x, y, w, h]}` or `{polygon: [[x, y], ...]}`.
    static func pathShape(_ node: YAMLNode) -> ParsedMany<BezierPath> {
        var sink = DiagnosticSink()
        func fail(_ at: YAMLNode, _ message: String) -> ParsedMany<BezierPath> {
            sink.error(at.location, message)
            return .failure(DiagnosticList(sink.items))
        }
        func failed(_ d: Diagnostic) -> ParsedMany<BezierPath> {
            sink.append(d)
            return .failure(DiagnosticList(sink.items))
        }
        guard let m = MappingReader(node, KeyTables.pathShape, sink: &sink) else { return .failure(DiagnosticList(sink.items)) }
        if sink.hasErrors { return .failure(DiagnosticList(sink.items)) }
        let kinds = ["rect", "ellipse", "polygon"].filter { m.has($0) }
        guard kinds.count == 1 else {
            return fail(node, kinds.isEmpty ? "a path shape needs one of 'rect', 'ellipse' or 'polygon'"
                : "a path shape takes one of \(Suggestion.list(kinds)), not several")
        }
        if kinds[0] != "rect", let key = m.keyNode("cornerRadius") {
            return fail(key, "'cornerRadius' applies to 'rect' only")
        }
        switch kinds[0] {
        case "rect":
            guard let r = m["rect"] else { return .failure(DiagnosticList(sink.items)) }
            var radius = 0.0
            if let c = m["cornerRadius"] {
                switch Values.length(c, .nonNegative) {
                case .success(let v): radius = v
                case .failure(let d): return failed(d)
                }
            }
            switch Values.rect(r) {
            case .success(let rect): return .success(.rect(rect, cornerRadius: radius))
            case .failure(let d): return failed(d)
            }
        case "ellipse":
            guard let r = m["ellipse"] else { return .failure(DiagnosticList(sink.items)) }
            switch Values.rect(r) {
            case .success(let rect): return .success(.ellipse(rect))
            case .failure(let d): return failed(d)
            }
        default:
            guard let list = m["polygon"] else { return .failure(DiagnosticList(sink.items)) }
            guard let items = list.sequence else { return fail(list, "expected a list of points [x, y], found \(list.found)") }
            var points: [Point] = []
            for item in items {
                switch Values.point(item) {
                case .success(let p): points.append(p)
                case .failure(let d): return failed(d)
                }
            }
            guard points.count >= 2 else { return fail(list, "a polygon needs at least 2 points, found \(points.count)") }
            return .success(.polygon(points))
        }
    }

    /// A list of colors, each checked where it is.
    static func colorList(_ node: YAMLNode) -> Parsed<[Color]> {
        guard let items = node.sequence else { return Values.fail(node, "expected a list of colors, found \(node.found)") }
        var colors: [Color] = []
        for item in items {
            switch Values.color(item) {
            case .success(let c): colors.append(c)
            case .failure(let d): return .failure(d)
            }
        }
        return .success(colors)
    }

    /// A list of numbers within `bound`, each checked where it is.
    static func numberList(_ node: YAMLNode, _ bound: Bound, what: String) -> Parsed<[Double]> {
        guard let items = node.sequence else { return Values.fail(node, "expected a list of numbers, found \(node.found)") }
        var values: [Double] = []
        for item in items {
            switch Values.number(item, bound, what: what) {
            case .success(let v): values.append(v)
            case .failure(let d): return .failure(d)
            }
        }
        return .success(values)
    }
}
