import StrataModel
import StrataTimeline

extension Inspector {
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
        case .path(let path): return .string(path.svgPathData)
        }
    }
}
