import CCairo
import StrataModel

/// Renders RenderTrees into Pixmaps the way Core Animation does: a layer's
/// content is rasterized into a backing store when something that changes
/// its pixels changes, and frames composite the stores again and again.
///
///     RenderTree --prepare--> FramePlan --draw--> Pixmap
///                    |                       |
///             BackingStoreCache         Compositor
///         (shared by the threads)   (this renderer's buffers)
///
/// `prepare` decides everything (groups, clips, stores and where they land)
/// and returns it as a value; `draw` only composites. A frame whose plan
/// equals the last frame this renderer drew costs nothing, and one that
/// differs redraws only the pixels of the items that changed; either way
/// the bytes are those of a frame drawn from scratch, so a frame stays a
/// pure function of its tree whichever renderer draws it, in whatever order.
///
/// Use one per thread (it keeps Pango state and scratch buffers); share one
/// `BackingStoreCache` between the renderers of a render.
public final class FrameRenderer {
    public let cache: BackingStoreCache
    private let textEngine = TextEngine()
    private let compositor = Compositor()
    /// The last frame drawn, and its plan.
    private var last: (plan: FramePlan, frame: Pixmap)?

    /// Largest frame side in pixels (what image encoders and Cairo take).
    public static let maxSide = 32_767

    public init(cache: BackingStoreCache = BackingStoreCache()) {
        self.cache = cache
    }

    /// Plans a frame, and says the bytes it holds while it is drawn
    /// (`FrameMemory`: the frame buffer, the stores it made, its groups'
    /// buffers). Throws when the canvas cannot be drawn, a layer's content
    /// cannot be rasterized, or the frame would hold more than
    /// `memoryLimit` bytes (at the layer where it passes it, before that
    /// store or any buffer is allocated).
    public func prepare(_ tree: RenderTree, memoryLimit: Double = .infinity) throws(RenderError)
        -> (plan: FramePlan, bytes: Double) {
        let width = tree.pixelWidth, height = tree.pixelHeight
        guard width >= 0, height >= 0, tree.scale.isFinite, tree.scale > 0 else {
            throw RenderError(tree.root, "invalid canvas \(tree.size.width)x\(tree.size.height) points at scale \(tree.scale)")
        }
        guard width <= Self.maxSide, height <= Self.maxSide,
              width.multipliedReportingOverflow(by: height * 4).overflow == false else {
            throw RenderError(tree.root, "cannot create a \(width)x\(height) pixel frame")
        }
        let memory = FrameMemory.Tally(limit: memoryLimit, width: width, height: height)
        let planner = FramePlanner(cache: cache, rasterizer: Rasterizer(textEngine: textEngine), compositor: compositor,
                                   memory: memory)
        let plan = try planner.plan(tree)
        let groups = try memory.chargeGroups(plan.items, surface: plan.canvas)
        return (plan, memory.bytes + groups)
    }

    /// Composites a plan into this renderer's frame buffer and returns it
    /// (premultiplied BGRA). The pixmap shares the buffer: keeping it is
    /// safe (the next frame then draws into a copy), dropping it before the
    /// next frame saves that copy. Throws, at its layer, when a group's
    /// buffer cannot be allocated: never a blank or partial frame.
    public func draw(_ plan: FramePlan) throws(RenderError) -> Pixmap {
        try drawChanges(plan).frame
    }

    /// Like `draw(_:)`, and which rows of the frame may differ from the
    /// frame this renderer returned before (the rows of the regions it redrew).
    public func drawChanges(_ plan: FramePlan) throws(RenderError) -> (frame: Pixmap, change: FrameChange) {
        if let last, last.plan == plan { return (last.frame, .rows([])) }
        var frame = Pixmap(width: 0, height: 0)
        var regions = [plan.canvas]
        var change = FrameChange.all
        if let previous = last, previous.frame.width == plan.width, previous.frame.height == plan.height {
            regions = plan.readsBackdrop ? [plan.canvas] : Damage.regions(from: previous.plan, to: plan, canvas: plan.canvas)
            frame = previous.frame
            change = .rows(spanning: regions.map { $0.minY..<$0.maxY })
        }
        last = nil  // the frame's storage is unique again unless a caller still holds it
        if frame.width != plan.width || frame.height != plan.height {
            let count = plan.width * plan.height * 4
            frame = Pixmap(width: plan.width, height: plan.height,
                           pixels: [UInt8](unsafeUninitializedCapacity: count) { _, n in n = count })
        }
        try draw(plan, into: &frame, regions: regions)
        last = (plan, frame)
        return (frame, change)
    }

    /// Plans and draws a frame.
    public func render(_ tree: RenderTree) throws(RenderError) -> Pixmap {
        try draw(try prepare(tree).plan)
    }

    /// Plans and draws a frame; which rows may differ from the frame this renderer returned before.
    public func renderChanges(_ tree: RenderTree) throws(RenderError) -> (frame: Pixmap, change: FrameChange) {
        try drawChanges(try prepare(tree).plan)
    }

    /// Draws `tree` into `pixmap` from scratch (every pixel written), in
    /// place when it has the frame's size and is not shared.
    public func render(_ tree: RenderTree, into pixmap: inout Pixmap) throws(RenderError) {
        try draw(try prepare(tree).plan, into: &pixmap)
    }

    /// Draws a plan into `pixmap` from scratch, like `render(_:into:)`.
    public func draw(_ plan: FramePlan, into pixmap: inout Pixmap) throws(RenderError) {
        if pixmap.width != plan.width || pixmap.height != plan.height {
            let count = plan.width * plan.height * 4
            pixmap = Pixmap(width: plan.width, height: plan.height,
                            pixels: [UInt8](unsafeUninitializedCapacity: count) { _, n in n = count })
        }
        try draw(plan, into: &pixmap, regions: [plan.canvas])
    }

    private func draw(_ plan: FramePlan, into frame: inout Pixmap, regions: [PixelBox]) throws(RenderError) {
        guard plan.width > 0, plan.height > 0 else { return }
        compositor.failure = nil
        defer { compositor.failure = nil }
        let opaque = plan.items.first?.coversOpaquely(plan.canvas) ?? false
        frame.pixels.withUnsafeMutableBytes { bytes in
            let surface = Surface(pixels: bytes.baseAddress!.assumingMemoryBound(to: UInt32.self), stride: plan.width,
                                  box: plan.canvas)
            if !opaque { for region in regions { surface.fill(region, with: 0) } }
            compositor.draw(plan, on: surface, within: regions, opaqueBase: opaque)
        }
        if let failure = compositor.failure { throw failure }
    }
}
