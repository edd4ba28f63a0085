import StrataModel

extension SceneBuilder {
    /// SVG path data (one parser for shapes, motion paths and shadow paths:
    /// `PathDataParser`), at most `limit` elements; errors point into the
    /// string when it is on one line.
    static func svgPath(_ node: YAMLNode, limit: Int) -> Parsed<BezierPath> {
        Values.string(node, what: "SVG path data").flatMap { text in
            switch PathDataParser.parse(text) {
            case .failure(let e):
                var at = node.location
                if let s = node.scalar, !text.contains("\n"), s.style != .literal, s.style != .folded {
                    at.column += e.offset + (s.style == .plain ? 0 : 1)
                }
                return .failure(Diagnostic(at, "invalid path data: " + e.message))
            case .success(let path):
                guard path.elements.count <= limit else {
                    return .failure(Diagnostic(node.location, "the path has more than \(limit) segments"))
                }
                return .success(path)
            }
        }
    }

    /// SVG path data as a shape in the layer's own coordinates (a `shadowPath` string).
    static func svgShapePath(_ node: YAMLNode) -> Parsed<ShapePath> {
        svgPath(node, limit: Limits.maxPathElements).map { .path($0) }
    }
}
