import StrataModel

extension FramePlanner {
    /// shouldRasterize: the layer's body, shadow and mask drawn into one
    /// bitmap in its own space at `rasterizationScale` (only the part that
    /// can show), kept while it does not change, and composited bilinearly
    /// through the layer's map with its opacity.
    func planRasterized(_ node: RenderNode, map: Homography, in context: Context) throws(RenderError) -> Planned {
        guard var scale = node.rasterizationScale, let full = Self.localExtent(node) else { return Planned() }
        let seen = ConvexPolygon.visiblePart(of: DeviceBox(full), under: map, nearW: Self.nearW,
                                             clip: context.clipBox.deviceBox).boundingBox
        guard !seen.isEmpty else { return Planned() }
        let extent = Rect(seen.minX, seen.minY, seen.maxX - seen.minX, seen.maxY - seen.minY)
        let budget = storeBudget(context)
        func pixels(_ s: Double) -> (Int, Int)? {
            let w = max(1, (extent.width * s).rounded(.up)), h = max(1, (extent.height * s).rounded(.up))
            guard w.isFinite, h.isFinite, w <= Double(BackingStore.maxSide), h <= Double(BackingStore.maxSide),
                  w * h <= Double(budget) else { return nil }
            return (Int(w), Int(h))
        }
        // Past the budget the bitmap is coarser than rasterizationScale asks.
        while pixels(scale) == nil && scale > RasterScale.smallest { scale /= 2.0.squareRoot() }
        guard let (width, height) = pixels(scale) else { return Planned() }
        // The layer's space -> bitmap pixels. No padding: the bitmap is
        // clamped to its edge and its sides anti-aliased by area, so a
        // bitmap magnified on screen keeps sharp sides.
        let raster = RasterMap.scale(scale, offsetX: -extent.minX * scale, offsetY: -extent.minY * scale)
        let toBitmap = Homography(raster)
        let bitmap = PixelBox(minX: 0, minY: 0, maxX: width, maxY: height)
        let inner = Context(toSurface: toBitmap, clipBox: bitmap, surface: bitmap)
        var body = node
        body.rasterizationScale = nil
        body.opacity = 1
        body.doubleSided = true
        let content = try plan(body, relative: .identity, in: inner)
        guard !content.box.isEmpty else { return Planned() }
        let key = StoreKey(content: .flattened(content.items), raster: raster, width: width, height: height)
        // Flattening takes the buffers of the content's groups while the store is made.
        let groups = FrameMemory.peak(of: content.items, surface: bitmap).bytes
        let store = try cache.store(for: key, node: node, charging: memory, transient: groups) {
            flatten(content.items, width: width, height: height)
        }
        let fromStore = toBitmap.inverted!.then(map)
        guard let toStore = fromStore.inverted,
              let edges = SoftShape(RoundedRect(Rect(0, 0, Double(width), Double(height)), cornerRadius: 0),
                                    through: fromStore, nearW: Self.nearW) else { return Planned() }
        var out = Planned()
        out.append(.quad(TexturedQuad(store: StoreRef(store: store), toStore: toStore, alpha: min(node.opacity, 1),
                                      hull: [], edges: edges, clip: context.clip,
                                      box: PixelBox(covering: edges.boundingBox).intersection(context.clipBox))))
        return out
    }

    /// A store holding `items` composited onto transparent pixels.
    private func flatten(_ items: [PlanItem], width: Int, height: Int) -> Result<BackingStore, RasterFailure> {
        guard let store = BackingStore(format: .argb32, width: width, height: height) else {
            return .failure(RasterFailure("a \(width)x\(height) pixel rasterized layer is too large"))
        }
        let box = PixelBox(minX: 0, minY: 0, maxX: width, maxY: height)
        let surface = Surface(pixels: store.pixels.assumingMemoryBound(to: UInt32.self), stride: store.stride / 4, box: box)
        compositor.draw(items, on: surface, within: box)
        // A group buffer the system would not give: an error, never a store with a hole.
        if let failure = compositor.failure {
            compositor.failure = nil
            return .failure(RasterFailure(failure.message))
        }
        store.seal()
        return .success(store)
    }

    /// What a layer and its subtree may paint, in its own space: bounds with
    /// a background, border or image, content, sublayers (clipped by
    /// masksToBounds), the shadow's reach, cut by the mask; nil for nothing.
    static func localExtent(_ node: RenderNode) -> Rect? {
        var box = DeviceBox.empty
        let bounds = node.bounds
        let own = DeviceBox(bounds)
        if bounds.hasDrawableArea {
            if (node.backgroundColor?.alpha ?? 0) > 0 || node.drawsBorder { box = box.union(own) }
            for image in node.contentsImages {
                let d = ContentsLayout.destination(of: image, in: bounds)
                if d.hasDrawableArea { box = box.union(node.masksToBounds ? DeviceBox(d).intersection(own) : DeviceBox(d)) }
            }
        }
        if let e = node.contentExtent { box = box.union(node.masksToBounds ? DeviceBox(e).intersection(own) : DeviceBox(e)) }
        var children = DeviceBox.empty
        for child in node.children {
            guard let e = localExtent(child) else { continue }
            let h = Homography(flattening: child.transform)
            var p = ConvexPolygon(rect: DeviceBox(e))
            if !h.isAffine { p = p.clipped(a: h.a13, b: h.a23, c: h.a33 - nearW) }
            guard !p.isEmpty else { continue }
            children = children.union(p.mapped { h.project($0, $1) }.boundingBox)
        }
        box = box.union(node.masksToBounds ? children.intersection(own) : children)
        if let shadow = node.shadow, !box.isEmpty {
            let source = shadow.path.map { DeviceBox($0.controlBounds) } ?? box
            let reach = 3 * shadow.radius + 1
            box = box.union(DeviceBox(minX: source.minX + shadow.offset.width - reach, minY: source.minY + shadow.offset.height - reach,
                                      maxX: source.maxX + shadow.offset.width + reach, maxY: source.maxY + shadow.offset.height + reach))
        }
        if let mask = node.mask?.node {
            guard let e = localExtent(mask) else { return nil }
            let h = Homography(flattening: mask.transform)
            box = box.intersection(ConvexPolygon(rect: DeviceBox(e)).mapped { h.project($0, $1) }.boundingBox)
        }
        guard !box.isEmpty, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        return Rect(box.minX, box.minY, box.maxX - box.minX, box.maxY - box.minY)
    }
}
