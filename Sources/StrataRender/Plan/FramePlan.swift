import StrataModel

/// One frame, planned: what the compositor draws, in order, and nothing
/// else. `FrameRenderer.prepare` makes it from a RenderTree (deciding
/// groups, clips, backing stores and where they land); `draw` consumes it.
/// A plan is a value: two equal plans draw the same pixels.
public struct FramePlan: Hashable, Sendable {
    /// Pixels.
    public let width: Int
    public let height: Int
    /// Back to front, in frame pixels.
    let items: [PlanItem]
    /// `items[i].box`, kept beside them so that finding what touches a
    /// region reads no item.
    let boxes: [PixelBox]

    init(width: Int, height: Int, items: [PlanItem]) {
        self.width = width
        self.height = height
        self.items = items
        boxes = items.map(\.box)
        readsBackdrop = items.contains(where: \.readsBackdrop)
    }

    /// Some item filters pixels other items drew (backgroundFilters): the
    /// frame is then drawn whole, never only where it changed.
    let readsBackdrop: Bool

    public static func == (a: FramePlan, b: FramePlan) -> Bool {
        a.width == b.width && a.height == b.height && a.boxes == b.boxes && a.items == b.items
    }

    public func hash(into h: inout Hasher) {
        h.combine(width); h.combine(height); h.combine(items)
    }

    /// Pixels of the frame that each item may touch.
    var canvas: PixelBox { PixelBox(minX: 0, minY: 0, maxX: width, maxY: height) }
}

/// One thing the compositor draws onto a surface.
///
/// Indirect: a plan's items are copied as they go up the layer tree
/// (into each superlayer's list, faded, into the frame plan), and the
/// payloads hold a dozen reference-counted arrays; boxed, a copy is one
/// retain.
indirect enum PlanItem: Hashable, Sendable {
    /// A one-colour shape computed per pixel (backgrounds and borders).
    case fill(SolidFill)
    /// A backing store through a map.
    case quad(TexturedQuad)
    /// Items drawn into an offscreen buffer first, then composited.
    case group(OffscreenGroup)

    /// The surface pixels it may change.
    var box: PixelBox {
        switch self {
        case .fill(let f): return f.box
        case .quad(let q): return q.box
        case .group(let g): return g.box
        }
    }

    /// The same item with its alpha multiplied by `k` (an ancestor's
    /// opacity that needed no group).
    func fading(by k: Double) -> PlanItem {
        switch self {
        case .fill(var f): f.alpha *= k; return .fill(f)
        case .quad(var q): q.alpha *= k; return .quad(q)
        case .group(var g): g.alpha *= k; return .group(g)
        }
    }
}

/// A solid colour (or a gradient) inside a shape (a rounded rect under any
/// map), minus an optional hole (a border is the bounds minus their inset),
/// anti-aliased by the area each pixel has inside.
struct SolidFill: Hashable, Sendable {
    var shape: SoftShape { didSet { compile() } }
    var hole: SoftShape? { didSet { compile() } }
    /// Straight sRGB (white under a gradient).
    var color: Color
    /// When set, the colour of each pixel comes from the gradient.
    var gradient: GradientPaint? = nil
    var alpha: Double
    var blend: Blend = .over
    var clip: ClipStack { didSet { compile() } }
    var box: PixelBox
    /// The shape, hole and clip as the compositor reads them, made once
    /// (in `init`, not also as a default value first).
    private(set) var region: ItemRegion

    init(shape: SoftShape, hole: SoftShape?, color: Color, gradient: GradientPaint? = nil, alpha: Double,
         blend: Blend = .over, clip: ClipStack, box: PixelBox) {
        self.shape = shape; self.hole = hole; self.color = color; self.gradient = gradient; self.alpha = alpha
        self.blend = blend
        self.clip = clip; self.box = box
        region = ItemRegion(own: shape, hole: hole, clip: clip)
    }

    private mutating func compile() { region = ItemRegion(own: shape, hole: hole, clip: clip) }
}

/// A backing store drawn through a map: every pixel of the surface inside
/// `hull` samples the store where its centre lands (bilinear, clamped to
/// the store's edge; exact copies for whole-pixel translations), times the
/// colour (the tint of a coverage store, a multiplier of a colour store)
/// and the alpha, then blends.
struct TexturedQuad: Hashable, Sendable {
    var store: StoreRef
    /// Surface pixels -> store pixels.
    var toStore: Homography
    var color: Color = .white
    var alpha: Double
    var blend: Blend = .over
    /// Pixel centres outside are not drawn: the store's extent on the
    /// surface (in front of the eye).
    var hull: [EdgeLine] { didSet { compile() } }
    /// When set, the quad's sides are anti-aliased by area (a store without
    /// transparent padding, such as a particle's image).
    var edges: SoftShape? { didSet { compile() } }
    var clip: ClipStack { didSet { compile() } }
    var box: PixelBox
    /// Hull, edges and clip as the compositor reads them, made once (in
    /// `init`, not also as a default value first: a quad per layer per frame).
    private(set) var region: ItemRegion

    init(store: StoreRef, toStore: Homography, color: Color = .white, alpha: Double, blend: Blend = .over,
         hull: [EdgeLine], edges: SoftShape?, clip: ClipStack, box: PixelBox) {
        self.store = store; self.toStore = toStore; self.color = color; self.alpha = alpha; self.blend = blend
        self.hull = hull; self.edges = edges; self.clip = clip; self.box = box
        region = ItemRegion(hull: hull, own: edges, clip: clip)
    }

    private mutating func compile() { region = ItemRegion(hull: hull, own: edges, clip: clip) }
}

enum Blend: Hashable, Sendable {
    /// Porter-Duff over.
    case over
    /// Light added, each channel saturating (an emitter's additive mode).
    case add
}

/// Items drawn into a buffer covering `box` (transparent to start), then
/// composited with `alpha` and the effect.
struct OffscreenGroup: Hashable, Sendable {
    var box: PixelBox
    var items: [PlanItem]
    var effect: GroupEffect
    var alpha: Double
    var clip: ClipStack { didSet { region = ItemRegion(clip: clip) } }
    /// The clip as the compositor reads it, made once.
    private(set) var region: ItemRegion
    /// The layer the group draws (`RenderNode.path`): where an error is
    /// when its buffer cannot be allocated.
    let layer: String

    init(_ node: RenderNode, box: PixelBox, items: [PlanItem], effect: GroupEffect, alpha: Double, clip: ClipStack) {
        self.box = box; self.items = items; self.effect = effect; self.alpha = alpha; self.clip = clip
        region = ItemRegion(clip: clip)
        layer = node.path
    }
}

enum GroupEffect: Hashable, Sendable {
    /// Group opacity: overlapping content must not show through itself.
    case opacity
    /// The items' pixels times the alpha of the mask layer's items.
    case mask([PlanItem])
    /// A fade transition: the items (before) weighed 1 - progress plus
    /// these (after) weighed progress.
    case dissolve(after: [PlanItem], progress: Double)
    /// A shadow made from the items' alpha, beneath them.
    case shadow(Shadow)
    /// `filters` on the flattened items, then composited by the
    /// `compositingFilter` (docs/compositing.md#filters).
    case filtered(LayerEffects)
    /// `backgroundFilters`: no items; what the surface already holds under
    /// the clip (the layer's rounded bounds) is filtered and mixed back by alpha.
    case backdrop([PixelFilter])
}

/// A layer's filters and compositing filter, with radii in surface pixels.
struct LayerEffects: Hashable, Sendable {
    var filters: [PixelFilter]
    /// Nil: source-over.
    var blend: BlendMode?
}

/// A layer's shadow: its alpha offset, blurred, coloured.
struct Shadow: Hashable, Sendable {
    /// Straight sRGB with shadowOpacity in its alpha.
    var color: Color
    /// Surface pixels.
    var dx: Double, dy: Double
    /// Gaussian standard deviation in surface pixels.
    var sigma: Double
    /// What the layer's body covers: drawn whole, whatever part of the
    /// frame is being drawn, since the blur reads around every pixel.
    var bodyBox: PixelBox
    /// Where the shadow may show (masksToBounds clips a layer's own shadow).
    var clip: ClipStack
}

/// What clips an item besides its own extent: the masksToBounds shapes of
/// its ancestors (area coverage multiplies) and the cuts of a split 3D plane
/// (hard edges, by pixel centres, so the pieces tile).
struct ClipStack: Hashable, Sendable {
    var shapes: [SoftShape] = []
    var cuts: [EdgeLine] = []

    static let none = ClipStack()
    var isEmpty: Bool { shapes.isEmpty && cuts.isEmpty }
}

/// A backing store compared by identity: the same store draws the same pixels.
struct StoreRef: Hashable, Sendable {
    let store: BackingStore
    static func == (a: StoreRef, b: StoreRef) -> Bool { a.store === b.store }
    func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(store)) }
}
