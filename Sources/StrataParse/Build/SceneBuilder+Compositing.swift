import Foundation
import StrataImage
import StrataModel

extension SceneBuilder {
    /// A layer's `mask` (docs/compositing.md): a layer of its own, one
    /// level deeper, in this layer's bounds space.
    mutating func buildMask(_ m: MappingReader, into layer: inout Layer, depth: Int) {
        guard let node = m["mask"], !node.isNull else { return }
        guard depth < Limits.maxLayerDepth else {
            sink.error(node.location, "layers nest deeper than \(Limits.maxLayerDepth) levels")
            return
        }
        layerCount += 1
        if let mask = buildLayer(node, depth: depth + 1) { layer.mask = [mask] }
    }

    /// `{rect: [x, y, w, h], cornerRadius: r}`, `{ellipse: [x, y, w, h]}`, `{polygon: [[x, y], ...]}`
    /// or `{arc: {...}}` (a path, as in a shape layer's `path`).
    mutating func shapePath(_ node: YAMLNode) -> ShapePath? {
        if node.scalar != nil { return take(Self.svgShapePath(node)) }
        guard let pairs = node.mapping else {
            sink.error(node.location, "a shadowPath is SVG path data, {rect: [x, y, w, h], cornerRadius: r}, {ellipse: [x, y, w, h]}, {polygon: [[x, y], ...]} or {arc: {center, radius, startAngle, endAngle}}, found \(node.found)")
            return nil
        }
        let keys = pairs.map(\.name)
        if let rect = pairs.first(where: { $0.name == "rect" }) {
            var radius = 0.0
            for pair in pairs where pair.name != "rect" {
                if pair.name == "cornerRadius", let r = take(Values.length(pair.value, .nonNegative)) { radius = r }
                else if pair.name != "cornerRadius" { sink.error(pair.key.location, "unknown key '\(pair.name)' in a rect shadowPath; it takes rect and cornerRadius") }
            }
            return take(Values.rect(rect.value)).map { .rect($0, cornerRadius: radius) }
        }
        guard pairs.count == 1 else {
            sink.error(node.location, "a shadowPath has one shape key (rect, ellipse, polygon or arc), found \(keys.joined(separator: ", "))")
            return nil
        }
        let pair = pairs[0]
        switch pair.name {
        case "ellipse": return take(Values.rect(pair.value)).map { .ellipse($0) }
        case "arc": return take(Self.arcPath(pair.value)).map { .path($0) }
        case "polygon":
            guard let items = take(Values.list(pair.value, of: "points")) else { return nil }
            let points = items.compactMap { take(Values.point($0)) }
            guard points.count == items.count else { return nil }
            guard points.count >= 3 else {
                sink.error(pair.value.location, "a polygon needs at least 3 points, found \(points.count)")
                return nil
            }
            return .polygon(points)
        default:
            let hint = Suggestion.hint(for: pair.name, in: ["rect", "ellipse", "polygon", "arc"])
            sink.error(pair.key.location, "unknown shadowPath shape '\(pair.name)'\(hint)")
            return nil
        }
    }
}
