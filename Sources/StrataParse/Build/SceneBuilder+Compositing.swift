import Foundation
import StrataImage
import StrataModel

extension SceneBuilder {
    /// The compositing keys of a layer mapping (docs/compositing.md): they
    /// fill `layer.properties` and `layer.mask`; `contents` images are decoded here.
    mutating func buildCompositing(_ m: MappingReader, into layer: inout Layer, depth: Int) {
        var p = layer.properties
        if let list = m["maskedCorners"], let items = take(Values.list(list, of: "corner names")) {
            var corners: CornerMask = []
            for item in items {
                guard let name = take(Values.choice(item, CornerMask.names.map(\.0), what: "corner")) else { continue }
                corners.insert(CornerMask.names.first { $0.0 == name }!.1)
            }
            p.maskedCorners = corners
        }
        if let v = read(m, "shadowColor", Values.color) { p.shadowColor = v }
        if let v = read(m, "shadowOpacity", { Values.number($0, .unit) }) { p.shadowOpacity = v }
        if let v = read(m, "shadowOffset", { Values.size($0, .any) }) { p.shadowOffset = v }
        if let v = read(m, "shadowRadius", { Values.length($0, .nonNegative) }) { p.shadowRadius = v }
        if let node = m["shadowPath"], !node.isNull { p.shadowPath = shapePath(node) }
        if let node = m["contents"], !node.isNull { p.contents = contentsKey(node) }
        if let v = read(m, "contentsGravity", { Values.choice($0, ContentsGravity.self, what: "contents gravity") }) {
            p.contentsGravity = v
        }
        if let v = read(m, "contentsRect", { Values.rect($0) }) { p.contentsRect = v }
        if let v = read(m, "contentsCenter", { Values.rect($0) }) { p.contentsCenter = v }
        if let v = read(m, "contentsScale", { Values.number($0, .positive(atMost: 64)) }) { p.contentsScale = v }
        if let v = read(m, "geometryFlipped", Values.bool) { p.geometryFlipped = v }
        if let v = read(m, "doubleSided", Values.bool) { p.doubleSided = v }
        if let v = read(m, "shouldRasterize", Values.bool) { p.shouldRasterize = v }
        if let v = read(m, "rasterizationScale", { Values.number($0, .positive(atMost: 16)) }) { p.rasterizationScale = v }
        if let v = read(m, "allowsGroupOpacity", Values.bool) { p.allowsGroupOpacity = v }
        layer.properties = p
        if let node = m["mask"], !node.isNull {
            guard depth < Limits.maxLayerDepth else {
                sink.error(node.location, "layers nest deeper than \(Limits.maxLayerDepth) levels")
                return
            }
            layerCount += 1
            if let mask = buildLayer(node, depth: depth + 1) { layer.mask = [mask] }
        }
    }

    /// `{rect: [x, y, w, h], cornerRadius: r}`, `{ellipse: [x, y, w, h]}` or `{polygon: [[x, y], ...]}`.
    mutating func shapePath(_ node: YAMLNode) -> ShapePath? {
        if node.scalar != nil { return take(Self.svgShapePath(node, source: source)) }
        guard let pairs = node.mapping else {
            sink.error(node.location, "a shadowPath is SVG path data, {rect: [x, y, w, h], cornerRadius: r}, {ellipse: [x, y, w, h]} or {polygon: [[x, y], ...]}, found \(node.found)")
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
            sink.error(node.location, "a shadowPath has one shape key (rect, ellipse or polygon), found \(keys.joined(separator: ", "))")
            return nil
        }
        let pair = pairs[0]
        switch pair.name {
        case "ellipse": return take(Values.rect(pair.value)).map { .ellipse($0) }
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
            let hint = Suggestion.hint(for: pair.name, in: ["rect", "ellipse", "polygon"])
            sink.error(pair.key.location, "unknown shadowPath shape '\(pair.name)'\(hint)")
            return nil
        }
    }

    /// An asset name, or a file path relative to the scene; decodes the
    /// image (once per process) and reports a bad one at the `contents` value.
    mutating func contentsKey(_ node: YAMLNode) -> String? {
        guard let text = take(Values.string(node, what: "an asset name or an image path")) else { return nil }
        let path: String
        if let asset = assets[text] {
            path = asset
        } else {
            let resolved = text.hasPrefix("/") || directory.isEmpty ? text : directory + "/" + text
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), !isDirectory.boolValue else {
                let hint = Suggestion.hint(for: text, in: assets.keys.sorted())
                sink.error(node.location, "contents '\(text)' is neither an asset name nor an image file (looked for '\(resolved)')\(hint)")
                return nil
            }
            path = resolved
        }
        if images[text] != nil { return text }
        switch ImageCache.shared.image(path: path) {
        case .success(let pixmap):
            images[text] = pixmap
            return text
        case .failure(let error):
            sink.error(node.location, "cannot use image '\(text)' ('\(path)'): \(error.message)")
            return nil
        }
    }
}
