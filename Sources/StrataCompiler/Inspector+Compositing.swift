import StrataModel
import StrataTimeline

extension Inspector {
    /// The compositing properties (docs/compositing.md) that differ from
    /// Core Animation's defaults. The four shadow keys print together once
    /// `shadowOpacity` is not 0 (as `borderColor` does with `borderWidth`),
    /// and `rasterizationScale` with `shouldRasterize`.
    static func compositingProperties(_ p: LayerProperties) -> [(String, JSON)] {
        let d = LayerProperties()
        var pairs: [(String, JSON)] = []
        if p.maskedCorners != d.maskedCorners {
            pairs.append(("maskedCorners", .array(CornerMask.names.filter { p.maskedCorners.contains($0.1) }.map { .string($0.0) })))
        }
        let shadow = p.shadowOpacity != 0
        if shadow || p.shadowColor != d.shadowColor { pairs.append(("shadowColor", .color(p.shadowColor))) }
        if shadow { pairs.append(("shadowOpacity", .number(p.shadowOpacity))) }
        if shadow || p.shadowOffset != d.shadowOffset { pairs.append(("shadowOffset", .size(p.shadowOffset))) }
        if shadow || p.shadowRadius != d.shadowRadius { pairs.append(("shadowRadius", .number(p.shadowRadius))) }
        if let path = p.shadowPath { pairs.append(("shadowPath", .shape(path))) }
        if p.contents != nil || p.contentsBlend != nil {
            pairs.append(("contents", .contents(ContentsValue(key: p.contents, blend: p.contentsBlend))))
        }
        if p.contentsGravity != d.contentsGravity { pairs.append(("contentsGravity", .string(p.contentsGravity.rawValue))) }
        if p.contentsRect != d.contentsRect { pairs.append(("contentsRect", .rect(p.contentsRect))) }
        if p.contentsCenter != d.contentsCenter { pairs.append(("contentsCenter", .rect(p.contentsCenter))) }
        if p.contentsScale != d.contentsScale { pairs.append(("contentsScale", .number(p.contentsScale))) }
        if p.geometryFlipped { pairs.append(("geometryFlipped", .bool(true))) }
        if !p.doubleSided { pairs.append(("doubleSided", .bool(false))) }
        if p.shouldRasterize { pairs.append(("shouldRasterize", .bool(true))) }
        if p.shouldRasterize || p.rasterizationScale != d.rasterizationScale {
            pairs.append(("rasterizationScale", .number(p.rasterizationScale)))
        }
        if !p.allowsGroupOpacity { pairs.append(("allowsGroupOpacity", .bool(false))) }
        return pairs
    }

    /// The mask layer as a nested entry (its path ends in `/mask`), with its
    /// sublayers nested under `sublayers`: a mask is not in the layer list.
    static func maskEntry(_ mask: PresentationLayer) -> JSON {
        guard case .object(var pairs) = entry(mask) else { return .null }
        if !mask.sublayers.isEmpty { pairs.append(("sublayers", .array(mask.sublayers.map(maskEntry)))) }
        return .object(pairs)
    }
}

extension JSON {
    /// A shadowPath: `{"rect": [...], "cornerRadius": r}`, `{"ellipse": [...]}`,
    /// `{"polygon": [[x, y], ...]}`, or SVG path data (absolute commands).
    static func shape(_ s: ShapePath) -> JSON {
        switch s {
        case .rect(let r, let radius): return .object([("rect", .rect(r)), ("cornerRadius", .number(radius))])
        case .ellipse(let r): return .object([("ellipse", .rect(r))])
        case .polygon(let points): return .object([("polygon", .array(points.map(JSON.point)))])
        case .path(let elements): return .string(svgPathData(elements))
        }
    }

    /// `M x y L x y Q cx cy x y C ... Z`, numbers as JSON prints them.
    static func svgPathData(_ elements: [ShapePath.Element]) -> String {
        func n(_ p: Point) -> String { JSON.format(p.x) + " " + JSON.format(p.y) }
        return elements.map { e in
            switch e {
            case .move(let p): return "M " + n(p)
            case .line(let p): return "L " + n(p)
            case .quad(let c, let p): return "Q " + n(c) + " " + n(p)
            case .cubic(let c1, let c2, let p): return "C " + n(c1) + " " + n(c2) + " " + n(p)
            case .close: return "Z"
            }
        }.joined(separator: " ")
    }
}
