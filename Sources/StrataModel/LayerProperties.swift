/// The animatable state of one CALayer (model or presentation values).
/// Lengths are points in the superlayer's space (position) or the layer's own
/// space (bounds); opacity is 0...1; colors are sRGB.
public struct LayerProperties: Sendable, Hashable {
    public var bounds: Rect = .zero
    public var position: Point = .zero
    /// Unit coordinates in the bounds; (0.5, 0.5) is the centre.
    public var anchorPoint: Point = Point(0.5, 0.5)
    /// Points along z.
    public var anchorPointZ: Double = 0
    /// Points along z; also orders siblings.
    public var zPosition: Double = 0
    public var transform: Transform3D = .identity
    public var sublayerTransform: Transform3D = .identity
    public var opacity: Double = 1
    public var hidden: Bool = false
    public var backgroundColor: Color? = nil
    /// Points.
    public var cornerRadius: Double = 0
    public var cornerCurve: CornerCurve = .circular
    /// Points, drawn inside the bounds.
    public var borderWidth: Double = 0
    public var borderColor: Color = .black
    public var masksToBounds: Bool = false
    // Compositing properties (docs/compositing.md); defaults are Core Animation's.
    /// Which corners `cornerRadius` rounds.
    public var maskedCorners: CornerMask = .all
    public var shadowColor: Color = .black
    /// 0...1; 0 (the default) draws no shadow.
    public var shadowOpacity: Double = 0
    /// Points in the layer's space; y down, so the default [0, -3] lifts the shadow 3 points up.
    public var shadowOffset: Size = Size(0, -3)
    /// Standard deviation of the Gaussian, in points.
    public var shadowRadius: Double = 3
    /// When set, the shadow's shape instead of the layer's alpha.
    public var shadowPath: ShapePath? = nil
    /// An asset key of `Scene.images`, or nil.
    public var contents: String? = nil
    public var contentsGravity: ContentsGravity = .resize
    /// Unit rect of the image that is shown.
    public var contentsRect: Rect = Rect(0, 0, 1, 1)
    /// Unit rect of the image that stretches (nine-slice); the rest keeps its size.
    public var contentsCenter: Rect = Rect(0, 0, 1, 1)
    /// Image pixels per point.
    public var contentsScale: Double = 1
    public var geometryFlipped: Bool = false
    public var doubleSided: Bool = true
    public var shouldRasterize: Bool = false
    /// Pixels per point of the rasterized bitmap.
    public var rasterizationScale: Double = 1
    public var allowsGroupOpacity: Bool = true
    /// How the composited layer meets what is below it; nil is source-over.
    public var compositingFilter: BlendMode? = nil
    /// Applied in order to the layer and its sublayers, flattened.
    public var filters: [LayerFilter] = []
    /// Applied in order to what is behind the layer, within its rounded bounds.
    public var backgroundFilters: [LayerFilter] = []
    /// Type-specific properties: set for layers of that type only (see docs/layer-types.md).
    public var shape: ShapeProperties? = nil
    public var text: TextProperties? = nil
    public var gradient: GradientProperties? = nil
    public var replicator: ReplicatorProperties? = nil
    public var scroll: ScrollProperties? = nil
    public var emitter: EmitterProperties? = nil
    /// Presentation only: while a `contents` animation runs, the image
    /// dissolving out and the weight of `contents` (docs/compositing.md).
    public var contentsBlend: ContentsBlend? = nil

    public init() {}

    /// The frame: the bounding box of the bounds after the transform, in the
    /// superlayer's space (CALayer's `frame` getter).
    /// `bounds.origin` does not move it (`toSuperlayer` subtracts it again).
    public var frame: Rect {
        toSuperlayer(ignoringZ: true).boundingBox(of: bounds)
    }

    /// CALayer's `frame` setter: keeps the anchor point and transform, sets
    /// `bounds.size` and `position` so that the frame becomes `frame`.
    /// With a non-identity transform, the size is the frame's size mapped back
    /// through the inverse of the transform's 2D linear part (its bounding
    /// box), which makes the getter return `frame` again for scales and
    /// quarter turns; for other rotations Core Animation leaves the result undefined.
    public mutating func setFrame(_ frame: Rect) {
        if transform.isIdentity {
            bounds.size = frame.size
            position = Point(frame.minX + anchorPoint.x * frame.width,
                             frame.minY + anchorPoint.y * frame.height)
            return
        }
        // Core Animation positions the layer so that the transformed bounds
        // fill the frame's box: the anchor goes to where it lands in the box.
        let a = transform.affine2D
        let det = a.a * a.d - a.b * a.c
        if det != 0 && det.isFinite {
            // Row-vector inverse of [[a, b], [c, d]] is [[d, -b], [-c, a]] / det.
            let ia = a.d / det, ib = -a.b / det, ic = -a.c / det, id = a.a / det
            bounds.size = Size(abs(ia) * frame.width + abs(ic) * frame.height,
                               abs(ib) * frame.width + abs(id) * frame.height)
        } else {
            let sx = abs(a.a) + abs(a.c), sy = abs(a.b) + abs(a.d)
            bounds.size = Size(sx == 0 ? frame.width : frame.width / sx, sy == 0 ? frame.height : frame.height / sy)
        }
        position = .zero
        let box = self.frame
        position = Point(frame.minX - box.minX, frame.minY - box.minY)
    }

    /// Maps a point of this layer's own space (its bounds coordinates) into
    /// the superlayer's space, before the superlayer's sublayerTransform:
    /// subtract bounds.origin and the anchor, apply `transform`, add `position`
    /// and `zPosition`. With `ignoringZ`, anchorPointZ and zPosition are left out
    /// (what `frame` does).
    public func toSuperlayer(ignoringZ: Bool = false) -> Transform3D {
        let anchor = Point(bounds.minX + anchorPoint.x * bounds.width,
                           bounds.minY + anchorPoint.y * bounds.height)
        let az = ignoringZ ? 0 : anchorPointZ
        let z = ignoringZ ? 0 : zPosition
        return Transform3D.translation(-anchor.x, -anchor.y, -az)
            * transform
            * Transform3D.translation(position.x, position.y, z)
    }

    /// The sublayerTransform applied about this layer's anchor point, in its
    /// own bounds coordinates (what its sublayers' points go through last).
    public var sublayerTransformAboutAnchor: Transform3D {
        if sublayerTransform.isIdentity { return .identity }
        let anchor = Point(bounds.minX + anchorPoint.x * bounds.width,
                           bounds.minY + anchorPoint.y * bounds.height)
        return Transform3D.translation(-anchor.x, -anchor.y, -anchorPointZ)
            * sublayerTransform
            * Transform3D.translation(anchor.x, anchor.y, anchorPointZ)
    }
}
