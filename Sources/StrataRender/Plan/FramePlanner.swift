import StrataModel

/// Turns a RenderTree into a FramePlan: decides for every layer what it
/// draws (solid shapes, backing stores and where they land), which groups
/// need an offscreen buffer, and what clips what; finds or makes the
/// backing stores on the way. Nothing of one frame's plan is kept for the
/// next: the plan is returned as a value.
struct FramePlanner {
    let cache: BackingStoreCache
    let rasterizer: Rasterizer
    /// Draws flattened subtrees into their stores.
    let compositor: Compositor
    /// What the frame holds: each store it makes is charged before it is made.
    var memory = FrameMemory.Tally(limit: .infinity, width: 0, height: 0)
    /// The store this frame's plan asked for last (`store(for:node:)`).
    let lastStore = LastStore()

    /// W below which a point counts as at or behind the eye (near plane).
    static let nearW = 1e-5

    /// Where a layer is planned: what its parent's space maps to, what
    /// clips it, whether it moves, and the pixels of the surface.
    struct Context {
        /// The superlayer's bounds space -> surface pixels.
        var toSurface: Homography
        var clip: ClipStack = .none
        /// The pixel box the clip shapes leave (for culling and store sizes).
        var clipBox: PixelBox
        /// An ancestor's geometry is animated.
        var moving = false
        /// The surface's pixels.
        var surface: PixelBox

        /// The context of a layer's sublayers.
        func entering(_ node: RenderNode, map: Homography) -> Context {
            var c = self
            c.toSurface = map
            c.moving = moving || node.animatesGeometry
            return c.clipped(to: node.masksToBounds ? RoundedRect(bounds: node) : nil, map: map)
        }

        /// The same place, also clipped to `shape` (in the space `map` takes to the surface).
        func clipped(to shape: RoundedRect?, map: Homography) -> Context {
            guard let shape else { return self }
            var c = self
            guard let soft = SoftShape(shape, through: map, nearW: FramePlanner.nearW) else {
                c.clipBox = .empty
                return c
            }
            // A clip holding every pixel it could cut changes nothing.
            guard !soft.covers(clipBox) else { return c }
            c.clip.shapes.append(soft)
            c.clipBox = clipBox.intersection(PixelBox(covering: soft.boundingBox))
            return c
        }

        /// The same place with no clip (inside a group that clips as a whole).
        var unclipped: Context {
            var c = self
            c.clip = .none
            c.clipBox = surface
            return c
        }
    }

    /// A layer's items (relative to its own opacity, which the caller
    /// applies), the pixels they may touch, and how many fills they make
    /// (capped at 2: group opacity is needed only when fills can overlap).
    struct Planned {
        var items: [PlanItem] = []
        var box: PixelBox = .empty
        var fills = 0
        /// Multiplied into the alpha of each fill and quad appended with
        /// `append(fill:)` / `append(quad:)`: a leaf layer's own opacity,
        /// applied as its items are made instead of by copying them after
        /// (`FramePlanner.fadesAsItIsMade`). 1 else.
        var alpha = 1.0

        /// A fill made by the layer, its alpha times `alpha`.
        mutating func append(fill: consuming SolidFill) {
            fill.alpha *= alpha
            append(.fill(consume fill))
        }

        /// A quad made by the layer, its alpha times `alpha`.
        mutating func append(quad: consuming TexturedQuad, fills n: Int = 1) {
            quad.alpha *= alpha
            append(.quad(consume quad), fills: n)
        }

        mutating func append(_ item: PlanItem, fills n: Int = 1) {
            let itemBox = item.box
            guard !itemBox.isEmpty else { return }
            items.append(item)
            box = box.union(itemBox)
            fills = min(fills + n, 2)
        }

        mutating func append(_ other: Planned) {
            items += other.items
            box = box.union(other.box)
            fills = min(fills + other.fills, 2)
        }
    }

    func plan(_ tree: RenderTree) throws(RenderError) -> FramePlan {
        let canvas = PixelBox(minX: 0, minY: 0, maxX: tree.pixelWidth, maxY: tree.pixelHeight)
        let context = Context(toSurface: .scale(tree.scale), clipBox: canvas, surface: canvas)
        let root = try plan(tree.root, relative: tree.root.transform, in: context)
        return FramePlan(width: canvas.width, height: canvas.height, items: Self.dropHidden(root.items, canvas: canvas))
    }

    /// One layer and its subtree. `relative` maps the layer's space into its
    /// flattening superlayer's (its transform; under a transform layer, the
    /// whole 3D chain), whose bounds space `context.toSurface` maps to pixels.
    func plan(_ node: RenderNode, relative: Transform3D, in context: Context) throws(RenderError) -> Planned {
        // NaN opacity draws nothing, like zero.
        guard node.opacity > 0 else { return Planned() }
        let flat = Homography(flattening: relative)
        let map = flat.then(context.toSurface)
        guard map.isFinite else { return Planned() }
        // Back-facing: the flattened map reverses orientation in front of the eye.
        if !node.doubleSided && flat.determinant <= 0 { return Planned() }
        if node.isTransformLayer { return try planDepthContext(node, relative: relative, in: context) }
        if node.rasterizationScale != nil { return try planRasterized(node, map: map, in: context) }
        if node.hasEffects { return try planWithEffects(node, map: map, in: context) }
        return try planGrouped(node, map: map, in: context)
    }

    /// A 2D layer composited source-over: its mask, or its group opacity.
    func planGrouped(_ node: RenderNode, map: Homography, in context: Context) throws(RenderError) -> Planned {
        let opacity = min(node.opacity, 1)
        if let mask = node.mask?.node {
            // The mask's alpha (times the opacity) cuts the layer, shadow included.
            let inner = context.unclipped
            let content = try planShadowed(node, map: map, in: inner)
            var maskContext = inner
            maskContext.toSurface = map
            maskContext.moving = context.moving || node.animatesGeometry
            let cut = try plan(mask, relative: mask.transform, in: maskContext)
            let maskItems = cut.items.map { $0.fading(by: min(mask.opacity, 1)) }
            var out = Planned()
            let box = content.box.intersection(cut.box).intersection(context.clipBox)
            out.append(.group(OffscreenGroup(node, box: box, items: content.items, effect: .mask(maskItems),
                                             alpha: opacity, clip: context.clip)))
            return out
        }
        if opacity < 1 && fadesAsItIsMade(node) {
            var body = try planBody(node, map: map, alpha: opacity, in: context)
            body.alpha = 1
            return body
        }
        var body = try planShadowed(node, map: map, in: context)
        if opacity < 1 {
            if body.fills > 1 && node.allowsGroupOpacity {
                // Overlapping fills inside a translucent layer must not show through each other.
                let group = OffscreenGroup(node, box: body.box, items: body.items, effect: .opacity, alpha: opacity, clip: .none)
                body.items = [.group(group)]
            } else {
                for i in body.items.indices { body.items[i] = body.items[i].fading(by: opacity) }
            }
        }
        return body
    }

    /// Whether a translucent layer's opacity is certain to be applied to
    /// each of its items rather than to a group (it has no sublayers, no
    /// shadow, no particles, and cannot make two fills that overlap, or
    /// does not group them): its items can then be made faded
    /// (`Planned.alpha`), with the alphas fading them after would give
    /// (1 × opacity is opacity).
    func fadesAsItIsMade(_ node: RenderNode) -> Bool {
        guard node.children.isEmpty, node.shadow == nil, node.crossDissolve == nil else { return false }
        if case .particles = node.content { return false }
        return !node.allowsGroupOpacity || Self.ownFillsAtMost(node) <= 1
    }

    /// At least as many fills as `planBody` can make for a layer without
    /// sublayers or particles (`Planned.fills`).
    static func ownFillsAtMost(_ node: RenderNode) -> Int {
        var n = 0
        if let color = node.backgroundColor, color.alpha > 0 { n += 1 }
        if node.image != nil || node.contentsFade != nil { n += node.contentsImages.count }
        switch node.content {
        case .none: break
        case .shape(let s):
            if ShapeGeometry.fills(s) { n += 1 }
            if ShapeGeometry.strokes(s) { n += 1 }
        case .text, .gradient, .particles: n += 1
        }
        if node.drawsBorder { n += 1 }
        return n
    }

    /// The body, beneath it its shadow: a shadowPath's cached blurred shape,
    /// or a group that blurs the body's alpha.
    func planShadowed(_ node: RenderNode, map: Homography, in context: Context) throws(RenderError) -> Planned {
        guard let shadow = node.shadow else { return try planBody(node, map: map, in: context) }
        let ox = shadow.offset.width, oy = shadow.offset.height
        // The offset and sigma in surface pixels (the layer's linear part, at its centre).
        let centre = Point(node.bounds.midX, node.bounds.midY)
        let jacobian = map.jacobian(atX: centre.x, y: centre.y)
        let dx = ox * jacobian.a + oy * jacobian.c, dy = ox * jacobian.b + oy * jacobian.d
        let sigma = shadow.radius * abs(jacobian.a * jacobian.d - jacobian.b * jacobian.c).squareRoot()
        guard dx.isFinite, dy.isFinite, sigma.isFinite else { return try planBody(node, map: map, in: context) }
        // masksToBounds clips the layer's own shadow too.
        var shadowClip = ClipStack.none
        var shadowClipBox = context.clipBox
        if node.masksToBounds, let shape = SoftShape(RoundedRect(bounds: node), through: map, nearW: Self.nearW) {
            shadowClip.shapes.append(shape)
            shadowClipBox = shadowClipBox.intersection(PixelBox(covering: shape.boundingBox))
        }
        if let path = shadow.path {
            var out = Planned()
            var clip = context
            clip.clip.shapes += shadowClip.shapes
            clip.clipBox = shadowClipBox
            if let quad = try shadowPathQuad(node, path, sigma: shadow.radius, color: shadow.color, map: map, in: clip) {
                out.append(.quad(quad))
            }
            out.append(try planBody(node, map: map, in: context))
            return out
        }
        let body = try planBody(node, map: map, in: context.unclipped)
        let grow = Double(Int((3 * sigma).rounded(.up)) + 1)
        let b = body.box.deviceBox
        let shadowBox = PixelBox(covering: DeviceBox(minX: b.minX + dx - grow, minY: b.minY + dy - grow,
                                                     maxX: b.maxX + dx + grow, maxY: b.maxY + dy + grow))
            .intersection(shadowClipBox)
        var out = Planned()
        guard !body.box.isEmpty else { return out }
        let box = shadowBox.union(body.box.intersection(context.clipBox)).intersection(context.surface)
        let effect = Shadow(color: shadow.color, dx: dx, dy: dy, sigma: sigma, bodyBox: body.box, clip: shadowClip)
        out.append(.group(OffscreenGroup(node, box: box, items: body.items, effect: .shadow(effect), alpha: 1, clip: context.clip)),
                   fills: 2)
        return out
    }

    /// Items before the last one that hides the whole canvas cannot show.
    static func dropHidden(_ items: [PlanItem], canvas: PixelBox) -> [PlanItem] {
        guard let last = items.lastIndex(where: { $0.coversOpaquely(canvas) }), last > 0 else { return items }
        return Array(items[last...])
    }
}

extension PlanItem {
    /// Whether the item paints every pixel of `box` with an opaque colour.
    func coversOpaquely(_ box: PixelBox) -> Bool {
        switch self {
        case .fill(let f):
            guard f.hole == nil, f.clip.isEmpty, f.alpha >= 1, f.color.alpha >= 1, f.shape.rounding == nil else { return false }
            // Every corner of the box's pixels inside every side.
            let corners = [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)]
            return f.shape.sides.allSatisfy { line in
                corners.allSatisfy { line.distance(Double($0.0), Double($0.1)) >= 0 }
            }
        case .quad(let q):
            guard q.alpha >= 1, q.color == .white, q.blend == .over, q.clip.isEmpty, q.edges == nil,
                  q.store.store.isOpaque, q.store.store.format == .argb32,
                  case .exact(let dx, let dy) = TexelFetch(store: q.store.store, toStore: q.toStore, color: 0).mode
            else { return false }
            return PixelBox(minX: -dx, minY: -dy, maxX: q.store.store.width - dx, maxY: q.store.store.height - dy).contains(box)
        case .group:
            return false
        }
    }
}

extension SoftShape {
    var boundingBox: DeviceBox { outline.boundingBox }
}
