import StrataModel

extension RenderNode {
    /// Whether the layer has filters, background filters or a compositing filter.
    var hasEffects: Bool { compositingFilter != nil || !filters.isEmpty || !backgroundFilters.isEmpty }
}

extension FramePlanner {
    /// A layer with `backgroundFilters`, `filters` or a `compositingFilter`
    /// (docs/compositing.md#filters): first the backdrop under its rounded
    /// bounds is filtered; then the layer (mask and opacity applied) is
    /// flattened into a group, filtered, and composited by its compositing
    /// filter. Operators that change the backdrop where the layer is
    /// transparent act within its rounded bounds only.
    func planWithEffects(_ node: RenderNode, map: Homography, in context: Context) throws(RenderError) -> Planned {
        // Radii in surface pixels (the layer's linear part at its centre, as shadows).
        let j = map.jacobian(atX: node.bounds.midX, y: node.bounds.midY)
        let scale = abs(j.a * j.d - j.b * j.c).squareRoot()
        guard scale.isFinite else { return Planned() }
        var out = Planned()
        let boundsShape = node.bounds.hasDrawableArea
            ? SoftShape(RoundedRect(bounds: node), through: map, nearW: Self.nearW) : nil
        if !node.backgroundFilters.isEmpty, let shape = boundsShape {
            var clip = context.clip
            clip.shapes.append(shape)
            let filters = node.backgroundFilters.map { PixelFilter($0, pixelsPerPoint: scale) }
            out.append(.group(OffscreenGroup(box: box(of: shape, in: context), items: [], effect: .backdrop(filters),
                                             alpha: min(node.opacity, 1), clip: clip)))
        }
        guard node.compositingFilter != nil || !node.filters.isEmpty else {
            out.append(try planGrouped(node, map: map, in: context))
            return out
        }
        let inner = try planGrouped(node, map: map, in: context.unclipped)
        let filters = node.filters.map { PixelFilter($0, pixelsPerPoint: scale) }
        var box = inner.box
        var clip = context.clip
        if let mode = node.compositingFilter, !mode.leavesBackdropOutside {
            guard let shape = boundsShape else { return out }
            box = PixelBox(covering: shape.boundingBox)
            clip.shapes.append(shape)
        } else if box.isEmpty {
            return out
        }
        let reach = filters.map(\.reach).reduce(0, +)
        box = PixelBox(minX: box.minX - reach, minY: box.minY - reach, maxX: box.maxX + reach, maxY: box.maxY + reach)
            .intersection(context.clipBox).intersection(context.surface)
        let effects = LayerEffects(filters: filters, blend: node.compositingFilter)
        out.append(.group(OffscreenGroup(box: box, items: inner.items, effect: .filtered(effects), alpha: 1, clip: clip)),
                   fills: 2)
        return out
    }
}

extension PlanItem {
    /// Whether the item, or one inside it, filters what is already drawn (backgroundFilters).
    var readsBackdrop: Bool {
        guard case .group(let g) = self else { return false }
        switch g.effect {
        case .backdrop: return true
        case .mask(let mask): return g.items.contains(where: \.readsBackdrop) || mask.contains(where: \.readsBackdrop)
        case .dissolve(let after, _):
            return g.items.contains(where: \.readsBackdrop) || after.contains(where: \.readsBackdrop)
        case .opacity, .shadow, .filtered: return g.items.contains(where: \.readsBackdrop)
        }
    }
}
