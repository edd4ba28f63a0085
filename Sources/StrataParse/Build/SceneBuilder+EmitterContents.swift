import Foundation
import StrataModel

/// An emitter cell's `contents`: an image (Core Animation's only kind), or
/// a built-in shape (a Strata extension).
enum CellContents {
    case sprite(ParticleSprite)
    /// A key of `SceneBuilder.images`, decoded.
    case image(String)
}

extension SceneBuilder {
    /// `contents`: an asset name or an image path (decoded now, through the
    /// same cache as layer `contents`), `circle`/`square`, or a shape mapping.
    /// An asset named `circle` or `square` wins over the built-in shape.
    mutating func cellContents(_ node: YAMLNode) -> CellContents? {
        if node.isNull { return nil }
        guard let text = node.scalar?.text else { return take(Self.particleSprite(node)).map { .sprite($0) } }
        if assets[text] == nil {
            if ["circle", "square"].contains(text) { return take(Self.particleSprite(node)).map { .sprite($0) } }
            let resolved = text.hasPrefix("/") || directory.isEmpty ? text : directory + "/" + text
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), !isDirectory.boolValue else {
                let hint = Suggestion.hint(for: text, in: assets.keys.sorted() + ["circle", "square"])
                sink.error(node.location, "particle contents '\(YAMLNode.clip(text))' is neither an asset name, an image file (looked for '\(resolved)') nor a built-in shape ('circle', 'square')\(hint)")
                return nil
            }
        }
        guard let key = contentsKey(node) else { return nil }
        if let entry = media[key] {
            sink.error(node.location, "particle contents must be a still image (PNG, JPEG or WebP); '\(YAMLNode.clip(entry.file))' is \(entry.source.kind == .video ? "a video" : entry.source.kind == .svg ? "an SVG" : "a Lottie animation")")
            return nil
        }
        return .image(key)
    }

    /// The cell's image with its `contentsRect` and `contentsScale`, or nil
    /// (with an error at `contentsRect`, else at `contents`) when the shown
    /// part has no whole pixel or is too large to draw per particle.
    mutating func cellImage(key: String, contentsRect: Rect, contentsScale: Double,
                            at node: YAMLNode, rectNode: YAMLNode?) -> ParticleImage? {
        guard let pixmap = images[key] else { return nil }
        let image = ParticleImage(key: key, pixmap: pixmap, contentsRect: contentsRect, contentsScale: contentsScale)
        let shown = image.shownPixels
        let place = rectNode ?? node
        if shown.width < 1 || shown.height < 1 {
            sink.error(place.location, "contentsRect shows no whole pixel of image '\(YAMLNode.clip(key))' (\(pixmap.width)x\(pixmap.height) pixels)")
            return nil
        }
        if Double(shown.width) * Double(shown.height) > Double(Limits.maxParticleImagePixels) {
            sink.error(place.location, "the shown part of image '\(YAMLNode.clip(key))' is \(shown.width)x\(shown.height) pixels; a particle image may have at most \(Limits.maxParticleImagePixels) (4096x4096)")
            return nil
        }
        return image
    }
}
