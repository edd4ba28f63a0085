import StrataModel

/// The values of layer types' keys (docs/layer-types.md): paths, lists of
/// colors and of numbers.
extension SceneBuilder {
    // MARK: Values

    /// `path:` as SVG path data or a primitive mapping.
    static func pathValue(_ node: YAMLNode, source: [Unicode.Scalar]) -> ParsedMany<BezierPath> {
        if node.mapping != nil { return pathShape(node) }
        guard let s = node.scalar, !node.isNull else {
            return .failure(DiagnosticList([Diagnostic(node.location,
                "expected SVG path data or {rect: ...}, {ellipse: ...}, {polygon: ...}, {arc: ...}, found \(node.found)")]))
        }
        switch PathDataParser.parse(s.text) {
        case .success(let path): return .success(path)
        case .failure(let f):
            // The error points at the column inside the string.
            let at = node.location(ofTextOffset: f.offset, source: source)
            return .failure(DiagnosticList([Diagnostic(at, "invalid path data: " + f.message)]))
        }
    }

    /// `{rect: [x, y, w, h], cornerRadius: r}`, `{ellipse: [x, y, w, h]}`, `{polygon: [[x, y], ...]}`
    /// or `{arc: {center, radius, startAngle, endAngle, clockwise}}`.
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
        let kinds = ["rect", "ellipse", "polygon", "arc"].filter { m.has($0) }
        guard kinds.count == 1 else {
            return fail(node, kinds.isEmpty ? "a path shape needs one of 'rect', 'ellipse', 'polygon' or 'arc'"
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
        case "arc":
            guard let a = m["arc"] else { return .failure(DiagnosticList(sink.items)) }
            return arcPath(a)
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

    /// `{center: [x, y], radius: r, startAngle: a, endAngle: b, clockwise: true}`:
    /// UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:), angles
    /// from +x growing clockwise on screen (y down; -90deg is 12 o'clock).
    static func arcPath(_ node: YAMLNode) -> ParsedMany<BezierPath> {
        var sink = DiagnosticSink()
        guard let m = MappingReader(node, KeyTables.arc, sink: &sink), !sink.hasErrors else { return .failure(DiagnosticList(sink.items)) }
        func value<T>(_ key: String, _ parse: (YAMLNode) -> Parsed<T>) -> T? {
            guard let n = m[key] else { return nil }
            switch parse(n) {
            case .success(let v): return v
            case .failure(let d): sink.append(d); return nil
            }
        }
        let center = value("center", Values.point)
        let radius = value("radius") { Values.length($0, .nonNegative) }
        let start = value("startAngle") { Values.angle($0) }
        let end = value("endAngle") { Values.angle($0) }
        let clockwise = value("clockwise", Values.bool) ?? true
        guard !sink.hasErrors, let center, let radius, let start, let end else { return .failure(DiagnosticList(sink.items)) }
        return .success(.arc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise))
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
