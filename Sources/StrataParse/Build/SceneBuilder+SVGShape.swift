import StrataModel

extension SceneBuilder {
    /// At most this many path elements in a `shadowPath` (arcs count after
    /// they are split into cubics).
    static let maxShadowPathElements = 100_000

    /// SVG path data as a shape in the layer's own coordinates (a
    /// `shadowPath` string); errors point into the string when it is on one line.
    static func svgShapePath(_ node: YAMLNode) -> Parsed<ShapePath> {
        Values.string(node, what: "SVG path data").flatMap { text in
            switch SVGPathData.parse(text, limit: maxShadowPathElements) {
            case .failure(let e):
                var at = node.location
                if let s = node.scalar, !text.contains("\n"), s.style != .literal, s.style != .folded {
                    at.column += e.offset + (s.style == .plain ? 0 : 1)
                }
                return .failure(Diagnostic(at, e.message))
            case .success(let data):
                return .success(.path(data.commands.map(ShapePath.Element.init)))
            }
        }
    }
}

extension ShapePath.Element {
    init(_ command: SVGPathData.Command) {
        switch command {
        case .move(let p): self = .move(p)
        case .line(let p): self = .line(p)
        case .quad(let c, let p): self = .quad(c, p)
        case .cubic(let c1, let c2, let p): self = .cubic(c1, c2, p)
        case .close: self = .close
        }
    }
}
