import StrataModel

extension FramePlanner {
    /// Core Animation's order inside a layer: background, `contents`, the
    /// layer type's content, sublayers (clipped by masksToBounds), border.
    /// `map` takes the layer's bounds space to surface pixels; the layer's
    /// own items are made with `alpha` (`Planned.alpha`).
    func planBody(_ node: RenderNode, map: Homography, alpha: Double = 1, in context: Context) throws(RenderError)
        -> Planned {
        var out = Planned(alpha: alpha)
        let hasArea = node.bounds.hasDrawableArea
        let moving = context.moving || node.animatesGeometry
        let bounds = RoundedRect(bounds: node)
        if hasArea, let color = node.backgroundColor, color.alpha > 0,
           let shape = SoftShape(bounds, through: map, nearW: Self.nearW) {
            out.append(fill: SolidFill(shape: shape, hole: nil, color: color, alpha: 1, clip: context.clip,
                                       box: box(of: shape, in: context)))
        }
        if hasArea, node.image != nil || node.contentsFade != nil {
            let clip = node.masksToBounds ? bounds : nil
            if let extent = contentsExtent(node, clip: clip),
               let quad = try storeQuad(extent: extent, map: map, moving: moving,
                                        in: context.clipped(to: clip, map: map), for: node, content: { raster in
                   let bounds = node.bounds
                   let image = node.image.map { ImageContent($0, in: bounds, raster: raster) }
                   let fade = node.contentsFade.map {
                       ImageFade(from: $0.from.map { ImageContent($0, in: bounds, raster: raster) }, progress: $0.progress)
                   }
                   return .image(image, fade: fade, bounds: bounds)
               }) {
                out.append(quad: consume quad, fills: node.contentsImages.count)
            }
        }
        try planContent(node, map: map, moving: moving, in: context, into: &out)
        if !node.children.isEmpty && (!node.masksToBounds || hasArea) {
            let inner = context.entering(node, map: map)
            if let progress = node.crossDissolve, node.dissolvesChildren {
                out.append(try planDissolve(node, progress: progress, in: inner))
            } else {
                var planned: [Planned] = []
                planned.reserveCapacity(node.children.count)
                for child in node.children { planned.append(try plan(child, relative: child.transform, in: inner)) }
                // Room for every item at once: growing by appending copied them again and again.
                out.items.reserveCapacity(planned.reduce(out.items.count) { $0 + $1.items.count } + 1)
                for p in planned { out.append(p) }
            }
        }
        if hasArea && node.drawsBorder, let shape = SoftShape(bounds, through: map, nearW: Self.nearW) {
            let w = node.borderWidth, r = bounds.rect
            let inner = Rect(r.minX + w, r.minY + w, r.width - 2 * w, r.height - 2 * w)
            let hole = inner.width > 0 && inner.height > 0
                ? SoftShape(RoundedRect(inner, cornerRadius: max(0, bounds.radius - w), corners: bounds.corners,
                                        curve: bounds.curve),
                            through: map, nearW: Self.nearW)
                : nil
            out.append(fill: SolidFill(shape: shape, hole: hole, color: node.borderColor, alpha: 1, clip: context.clip,
                                       box: box(of: shape, in: context)))
        }
        return out
    }

    /// The pixels a soft shape may touch within the context's clip.
    func box(of shape: SoftShape, in context: Context) -> PixelBox {
        PixelBox(covering: shape.boundingBox).intersection(context.clipBox)
    }

    /// Where the images land in the bounds space (clipped by masksToBounds).
    private func contentsExtent(_ node: RenderNode, clip: RoundedRect?) -> Rect? {
        var box = DeviceBox.empty
        for image in node.contentsImages {
            let d = ContentsLayout.destination(of: image, in: node.bounds)
            if d.hasDrawableArea { box = box.union(DeviceBox(minX: d.minX, minY: d.minY, maxX: d.maxX, maxY: d.maxY)) }
        }
        if clip != nil { box = box.intersection(DeviceBox(minX: node.bounds.minX, minY: node.bounds.minY,
                                                          maxX: node.bounds.maxX, maxY: node.bounds.maxY)) }
        guard !box.isEmpty else { return nil }
        return Rect(box.minX, box.minY, box.maxX - box.minX, box.maxY - box.minY)
    }

    /// A fade transition: the old subtree and the new one summed with
    /// their weights in one group (opaque where both are opaque).
    private func planDissolve(_ node: RenderNode, progress: Double, in context: Context) throws(RenderError) -> Planned {
        let inner = context.unclipped
        let before = try plan(node.children[0], relative: node.children[0].transform, in: inner)
        let after = try plan(node.children[1], relative: node.children[1].transform, in: inner)
        var out = Planned()
        let box = before.box.union(after.box).intersection(context.clipBox)
        out.append(.group(OffscreenGroup(node, box: box, items: before.items, effect: .dissolve(after: after.items, progress: progress),
                                         alpha: 1, clip: context.clip)), fills: 2)
        return out
    }

    /// The layer type's own drawing: a shape's fill and stroke, a text, a
    /// gradient, an emitter's particles. Text and gradients are clipped to
    /// the bounds (rounded with masksToBounds, a gradient always), shapes
    /// and particles only with masksToBounds.
    private func planContent(_ node: RenderNode, map: Homography, moving: Bool, in context: Context,
                             into out: inout Planned) throws(RenderError) {
        let hasArea = node.bounds.hasDrawableArea
        let rounded = RoundedRect(bounds: node)
        let masked = node.masksToBounds ? rounded : nil
        switch node.content {
        case .none:
            return
        case .gradient(let g):
            guard hasArea else { return }
            // Moving or turning: the gradient worked out per pixel in its rounded
            // bounds; still: rasterized once where it is, then copied.
            if moving, let paint = GradientPaint(g, bounds: node.bounds, map: map),
               let shape = SoftShape(rounded, through: map, nearW: Self.nearW) {
                out.append(fill: SolidFill(shape: shape, hole: nil, color: .white, gradient: paint, alpha: 1,
                                           clip: context.clip, box: box(of: shape, in: context)))
            } else if let quad = try storeQuad(.gradient(g, bounds: node.bounds), extent: node.bounds, map: map,
                                               moving: moving, in: context.clipped(to: rounded, map: map), for: node) {
                out.append(quad: consume quad)
            }
        case .text(let t):
            guard hasArea else { return }
            let clip = masked ?? RoundedRect(node.bounds, cornerRadius: 0)
            if let quad = try storeQuad(.text(TextLayout(t), bounds: node.bounds), extent: node.bounds, map: map,
                                        moving: moving, in: context.clipped(to: clip, map: map), for: node,
                                        color: t.foregroundColor) {
                out.append(quad: consume quad)
            }
        case .shape(let s):
            guard let path = s.path, !(node.masksToBounds && !hasArea) else { return }
            let inner = context.clipped(to: masked, map: map)
            if ShapeGeometry.fills(s), let color = s.fillColor, let extent = ShapeGeometry.fillExtent(of: s),
               let quad = try storeQuad(.fill(path, s.fillRule), extent: clipped(extent, masked), map: map,
                                        moving: moving, in: inner, for: node, color: color) {
                out.append(quad: consume quad)
            }
            if ShapeGeometry.strokes(s), let color = s.strokeColor,
               let extent = ShapeGeometry.strokeExtent(of: s, pixelsPerPoint: map.affineScale),
               let quad = try storeQuad(.stroke(StrokeStyle(s, path: path)), extent: clipped(extent, masked),
                                        map: map, moving: moving, in: inner, for: node, color: color) {
                out.append(quad: consume quad)
            }
        case .particles(let p):
            guard !(node.masksToBounds && !hasArea) else { return }
            try planParticles(p, map: map, in: context.clipped(to: masked, map: map), for: node, into: &out)
        }
    }

    private func clipped(_ extent: Rect, _ clip: RoundedRect?) -> Rect {
        guard let clip else { return extent }
        let x0 = max(extent.minX, clip.rect.minX), y0 = max(extent.minY, clip.rect.minY)
        let x1 = min(extent.maxX, clip.rect.maxX), y1 = min(extent.maxY, clip.rect.maxY)
        return Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))
    }
}

extension ShapeGeometry {
    /// The box a shape's fill paints in: its control points' box plus a
    /// point for anti-aliasing.
    static func fillExtent(of s: ShapeProperties) -> Rect? {
        guard let path = s.path, let box = path.controlPointBounds else { return nil }
        let r = Rect(box.minX - 1, box.minY - 1, box.width + 2, box.height + 2)
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return nil }
        return r
    }
}
