import StrataModel

extension LayerProperties {
    /// What this layer's sublayers go through last: the sublayerTransform about
    /// the anchor, then, with geometryFlipped, a vertical flip about the middle
    /// of the bounds (the layer's own drawing is not flipped).
    var sublayerTransformForSublayers: Transform3D {
        let base = sublayerTransformAboutAnchor
        guard geometryFlipped else { return base }
        return base * Transform3D.scale(1, -1) * Transform3D.translation(0, bounds.minY + bounds.maxY)
    }
}

extension Sampler {
    /// Copies the compositing properties (docs/compositing.md) onto `node`.
    static func applyCompositing(_ layer: PresentationLayer, to node: inout RenderNode, images: [String: Pixmap]) {
        let p = layer.properties
        node.doubleSided = p.doubleSided
        node.maskedCorners = p.maskedCorners
        node.allowsGroupOpacity = p.allowsGroupOpacity
        if layer.type == .transform {
            // CATransformLayer: only its sublayers render; 2D compositing
            // properties (background, border, contents, mask, shadow, clip) are ignored.
            node.isTransformLayer = true
            node.backgroundColor = nil
            node.borderWidth = 0
            node.masksToBounds = false
            return
        }
        if p.shouldRasterize, p.rasterizationScale.isFinite, p.rasterizationScale > 0 {
            node.rasterizationScale = min(p.rasterizationScale, Limits.maxRasterizationScale)
        }
        let opacity = min(max(p.shadowOpacity, 0), 1)
        if opacity > 0, p.shadowColor.alpha > 0, p.shadowRadius.isFinite,
           p.shadowOffset.width.isFinite, p.shadowOffset.height.isFinite {
            var color = p.shadowColor
            color.alpha = min(max(color.alpha, 0), 1) * opacity
            node.shadow = RenderShadow(color: color, offset: p.shadowOffset, radius: max(0, p.shadowRadius),
                                       path: p.shadowPath)
        }
        node.image = renderImage(p.contents, p, images: images)
        if let blend = p.contentsBlend {
            node.contentsFade = RenderContentsFade(from: renderImage(blend.from, p, images: images),
                                                   progress: min(max(blend.progress, 0), 1))
        }
        if let maskLayer = layer.mask.first {
            // A hidden mask masks everything away: a node that draws nothing.
            let mask = renderNode(maskLayer, parentSublayerTransform: .identity, images: images)
                ?? RenderNode(path: maskLayer.path, bounds: .zero, transform: .identity, opacity: 0,
                              backgroundColor: nil, cornerRadius: 0, borderWidth: 0, borderColor: .clear,
                              masksToBounds: false, children: [])
            node.mask = RenderNodeBox(mask)
        }
    }
}

extension Sampler {
    /// The decoded image of an asset key, placed by the layer's contents keys.
    static func renderImage(_ key: String?, _ p: LayerProperties, images: [String: Pixmap]) -> RenderImage? {
        guard let key, let pixmap = images[key], pixmap.width > 0, pixmap.height > 0 else { return nil }
        return RenderImage(pixmap: pixmap, gravity: p.contentsGravity, contentsRect: p.contentsRect,
                           contentsCenter: p.contentsCenter,
                           contentsScale: p.contentsScale > 0 && p.contentsScale.isFinite ? p.contentsScale : 1)
    }
}
