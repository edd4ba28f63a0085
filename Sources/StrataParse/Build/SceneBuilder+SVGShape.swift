import StrataModel

extension SceneBuilder {
    /// SVG path data (one parser for shapes, motion paths and shadow paths:
    /// `PathDataParser`), at most `limit` elements; a syntax error points at
    /// its character in the string (`source` is the scene's text).
    static func svgPath(_ node: YAMLNode, limit: Int, source: [Unicode.Scalar]) -> Parsed<BezierPath> {
        Values.string(node, what: "SVG path data").flatMap { text in
            switch PathDataParser.parse(text) {
            case .failure(let e):
                return .failure(Diagnostic(node.location(ofTextOffset: e.offset, source: source),
                                           "invalid path data: " + e.message))
            case .success(let path):
                guard path.elements.count <= limit else {
                    return .failure(Diagnostic(node.location, "the path has more than \(limit) segments"))
                }
                return .success(path)
            }
        }
    }

    /// SVG path data as a shape in the layer's own coordinates (a `shadowPath` string).
    static func svgShapePath(_ node: YAMLNode, source: [Unicode.Scalar]) -> Parsed<ShapePath> {
        svgPath(node, limit: Limits.maxPathElements, source: source).map { .path($0) }
    }
}
