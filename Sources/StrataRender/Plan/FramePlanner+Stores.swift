import StrataModel

extension FramePlanner {
    /// Pixels a store may have at most: four surfaces, at least 4 Mpx.
    func storeBudget(_ context: Context) -> Int { max(4 * context.surface.area, 1 << 22) }

    /// A quad of `content` (which paints within `extent` of the layer's
    /// space) tinted by `color`, its store found or made; nil when nothing
    /// of it can show.
    func storeQuad(_ content: StoreContent, extent: Rect, map: Homography, moving: Bool, in context: Context,
                   for node: RenderNode, color: Color = .white) throws(RenderError) -> TexturedQuad? {
        try storeQuad(extent: extent, map: map, moving: moving, in: context, for: node, color: color,
                      content: { _ in content })
    }

    /// Like `storeQuad(_:...)` for content whose key depends on the raster
    /// map (media pixels are made for the store's scale).
    func storeQuad(extent: Rect, map: Homography, moving: Bool, in context: Context, for node: RenderNode,
                   color: Color = .white, content: (RasterMap) -> StoreContent) throws(RenderError) -> TexturedQuad? {
        guard let space = RasterSpace(extent: extent, map: map, moving: moving, clipBox: context.clipBox,
                                      budget: storeBudget(context)) else { return nil }
        let key = StoreKey(content: content(space.raster), raster: space.raster, width: space.width, height: space.height)
        let store = try self.store(for: key, node: node)
        return TexturedQuad(store: StoreRef(store: store), toStore: space.toStore, color: color, alpha: 1,
                            hull: space.hull, edges: nil, clip: context.clip, box: space.box)
    }

    /// The store for `key`: the one asked for just before when the keys
    /// are equal, else from the cache, or rasterized now (charged to the
    /// frame's memory first).
    func store(for key: StoreKey, node: RenderNode) throws(RenderError) -> BackingStore {
        if let last = lastStore.store(matching: key) { return last }
        let store = try cache.store(for: key, node: node, charging: memory) { rasterizer.rasterize(key) }
        lastStore.remember(store, for: key)
        return store
    }

    /// A shadowPath's shadow: the path filled and blurred once into a
    /// coverage store, tinted with the shadow's colour and offset.
    func shadowPathQuad(_ node: RenderNode, _ path: ShapePath, sigma radius: Double, color: Color,
                        map: Homography, in context: Context) throws(RenderError) -> TexturedQuad? {
        guard let shadow = node.shadow else { return nil }
        let b = path.controlBounds
        // Offset in the layer's space, then the blur's reach around the shape.
        let shifted = Homography.translation(shadow.offset.width, shadow.offset.height).then(map)
        let moving = context.moving || node.animatesGeometry
        let reach = 3 * radius + 2
        let extent = Rect(b.minX - reach, b.minY - reach, b.width + 2 * reach, b.height + 2 * reach)
        guard let space = RasterSpace(extent: extent, map: shifted, moving: moving, clipBox: context.clipBox,
                                      budget: storeBudget(context)) else { return nil }
        // The blur in store pixels: the shadow radius times the raster map's scale.
        let scale = (abs(space.raster.xx * space.raster.yy - space.raster.xy * space.raster.yx)).squareRoot()
        let key = StoreKey(content: .shadowShape(path, sigma: radius * scale), raster: space.raster,
                           width: space.width, height: space.height)
        let store = try self.store(for: key, node: node)
        return TexturedQuad(store: StoreRef(store: store), toStore: space.toStore, color: color, alpha: 1,
                            hull: space.hull, edges: nil, clip: context.clip, box: space.box)
    }
}

/// The last store one frame's planner found, and its key. Sibling layers
/// often draw the same content one after another (a ring of equal dots),
/// and comparing a key with the last one costs less than hashing it for
/// the shared cache (and taking its lock). A repeat within the frame only
/// skips the cache's recency update, which never changes a pixel.
final class LastStore {
    /// The key, in memory of its own so that its fields are compared in
    /// place: read from a stored optional, the whole key was copied (and
    /// destroyed) for every layer; now only its content is, for `==`.
    /// Initialized once `store` is set.
    private let key = UnsafeMutablePointer<StoreKey>.allocate(capacity: 1)
    private var store: BackingStore?

    deinit {
        if store != nil { key.deinitialize(count: 1) }
        key.deallocate()
    }

    /// The last store when its key equals `key` (the cheap fields compared first).
    func store(matching key: StoreKey) -> BackingStore? {
        guard let store, self.key.pointee.width == key.width, self.key.pointee.height == key.height,
              self.key.pointee.raster == key.raster, self.key.pointee.content == key.content else { return nil }
        return store
    }

    func remember(_ store: BackingStore, for key: StoreKey) {
        if self.store == nil { self.key.initialize(to: key) } else { self.key.pointee = key }
        self.store = store
    }
}
