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

extension CompiledLayers {
    /// Copies the compositing properties (docs/compositing.md) of presentation
    /// values `p` onto `node`; the image and the mask too.
    func applyCompositing(_ index: Int, _ p: LayerProperties, localTime: Double, context: SampleContext,
                          to node: inout RenderNode) {
        node.doubleSided = p.doubleSided
        node.maskedCorners = p.maskedCorners
        node.cornerCurve = p.cornerCurve
        node.allowsGroupOpacity = p.allowsGroupOpacity
        if layers[index].type == .transform {
            // CATransformLayer: only its sublayers render; 2D compositing
            // properties (background, border, contents, mask, shadow, clip) are ignored.
            node.isTransformLayer = true
            node.backgroundColor = nil
            node.borderWidth = 0
            node.masksToBounds = false
            return
        }
        node.compositingFilter = p.compositingFilter == .sourceOver ? nil : p.compositingFilter
        node.filters = p.filters.filter { !$0.isIdentity }
        node.backgroundFilters = p.backgroundFilters.filter { !$0.isIdentity }
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
        if let constant = layers[index].constantImage {
            node.image = constant.image
            node.contentsFade = constant.fade
        } else {
            node.image = Sampler.renderImage(p.contents, p, localTime: localTime, library: library)
            if let blend = p.contentsBlend {
                node.contentsFade = RenderContentsFade(
                    from: Sampler.renderImage(blend.from, p, localTime: localTime, library: library),
                    progress: min(max(blend.progress, 0), 1))
            }
        }
        if let mask = layers[index].mask {
            // The mask lives in this layer's time and bounds space; a hidden
            // mask masks everything away: a node that draws nothing.
            let masking = placedInIdentity(mask, parentTime: localTime, context: context)
                ?? RenderNode(path: layers[mask].path, bounds: .zero, transform: .identity, opacity: 0,
                              backgroundColor: nil, cornerRadius: 0, borderWidth: 0, borderColor: .clear,
                              masksToBounds: false, children: [])
            node.mask = RenderNodeBox(masking)
        }
    }
}

/// The `contents` a render tree draws from: a scene's decoded images and opened media.
struct ContentsLibrary {
    var images: [String: Pixmap]
    var media: [String: MediaContents]
    static let empty = ContentsLibrary(images: [:], media: [:])

    init(images: [String: Pixmap], media: [String: MediaContents]) {
        self.images = images; self.media = media
    }

    init(_ scene: Scene) { self.init(images: scene.images, media: scene.media) }
}

extension Sampler {
    /// The image of a contents key, placed by the layer's contents keys: a
    /// decoded still, or the frame of media the layer shows at `localTime`
    /// (its own time, through the media's start, trim, rate and loop).
    static func renderImage(_ key: String?, _ p: LayerProperties, localTime: Double,
                            library: ContentsLibrary) -> RenderImage? {
        guard let key else { return nil }
        let pixels: RenderImagePixels
        if let pixmap = library.images[key] {
            guard pixmap.width > 0, pixmap.height > 0 else { return nil }
            pixels = .bitmap(pixmap)
        } else if let media = library.media[key] {
            pixels = .media(media.source, frame: media.frame(atLayerTime: localTime))
        } else {
            return nil
        }
        return RenderImage(pixels: pixels, gravity: p.contentsGravity, contentsRect: p.contentsRect,
                           contentsCenter: p.contentsCenter,
                           contentsScale: p.contentsScale > 0 && p.contentsScale.isFinite ? p.contentsScale : 1)
    }
}
