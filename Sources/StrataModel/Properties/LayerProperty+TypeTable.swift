/// The keys of the layer types (docs/layer-types.md), stored in the type's
/// struct (`inShape`: `LayerProperties.shape`...); a layer of another type
/// reads the type's defaults.
extension LayerProperty {
    static let typeTable: [Entry] = shapeTable + textTable + gradientTable + replicatorTable
        + scrollTable + emitterTable

    /// CAShapeLayer.
    static let shapeTable: [Entry] = [
        Entry(inShape, "path", { $0.path }, { $0.path = $1 },
              .path, .sameStructure, .content, "in the layer's own coordinates"),
        Entry(inShape, "fillColor", { $0.fillColor }, { $0.fillColor = $1 },
              .color, .linear, .content, nullable: true, ""),
        Entry(inShape, "fillRule", { $0.fillRule }, { $0.fillRule = $1 },
              .choice(FillRule.names), .never, .content, "which points are inside the path"),
        Entry(inShape, "strokeColor", { $0.strokeColor }, { $0.strokeColor = $1 },
              .color, .linear, .content, nullable: true, ""),
        Entry(inShape, "lineWidth", { $0.lineWidth }, { $0.lineWidth = $1 },
              .length(.nonNegative), .linear, .content, "the stroke's width"),
        Entry(inShape, "lineCap", { $0.lineCap }, { $0.lineCap = $1 },
              .choice(LineCap.names), .never, .content, "the ends of open subpaths and dashes"),
        Entry(inShape, "lineJoin", { $0.lineJoin }, { $0.lineJoin = $1 },
              .choice(LineJoin.names), .never, .content, "the corners of the stroke"),
        Entry(inShape, "miterLimit", { $0.miterLimit }, { $0.miterLimit = $1 },
              .number(.nonNegative), .linear, .content,
              "a miter join longer than this many line widths is bevelled"),
        Entry(inShape, "lineDashPattern", { $0.lineDashPattern }, { $0.lineDashPattern = $1 },
              .numbers(.nonNegative, what: "a dash length"), .sameCount, .content, nullable: true,
              "dash and gap lengths; none is a solid line"),
        Entry(inShape, "lineDashPhase", { $0.lineDashPhase }, { $0.lineDashPhase = $1 },
              .length(.any), .linear, .content, "points into the dash pattern where the stroke starts"),
        Entry(inShape, "strokeStart", { $0.strokeStart }, { $0.strokeStart = $1 },
              .number(.unit), .linear, .content, "fraction of the path's length where the stroke starts"),
        Entry(inShape, "strokeEnd", { $0.strokeEnd }, { $0.strokeEnd = $1 },
              .number(.unit), .linear, .content, "fraction of the path's length where the stroke ends"),
    ]

    /// CATextLayer.
    static let textTable: [Entry] = [
        Entry(inText, "string", { $0.string }, { $0.string = $1 },
              .text(maxLength: Limits.maxTextLength), .never, .content, "`\\n` breaks lines"),
        Entry(inText, "font", { $0.font }, { $0.font = $1 },
              .font, .never, .content,
              "a family is whatever fontconfig matches (a PostScript name like `HelveticaNeue-Bold` too); an asset's font comes first, the other font assets and the system's fonts supply missing glyphs"),
        Entry(inText, "fontSize", { $0.fontSize }, { $0.fontSize = $1 },
              .length(.closed(0, Limits.maxFontSize)), .linear, .content,
              "the em size; animated sizes are clamped to the range"),
        Entry(inText, "foregroundColor", { $0.foregroundColor }, { $0.foregroundColor = $1 },
              .color, .linear, .content, ""),
        Entry(inText, "alignmentMode", { $0.alignmentMode }, { $0.alignmentMode = $1 },
              .choice(TextAlignment.names), .never, .content, "of each line in the bounds"),
        Entry(inText, "isWrapped", { $0.isWrapped }, { $0.isWrapped = $1 },
              .bool, .never, .content, "wrap lines at the bounds' width"),
        Entry(inText, "truncationMode", { $0.truncationMode }, { $0.truncationMode = $1 },
              .choice(TruncationMode.names), .never, .content,
              "where an ellipsis cuts text that does not fit"),
    ]

    /// CAGradientLayer.
    static let gradientTable: [Entry] = [
        Entry(inGradient, "colors", { $0.colors }, { $0.colors = $1 },
              .colors, .sameCount, .content, "the gradient's colors, in order"),
        Entry("locations", .numbers(.any, what: "a location"), .sameCount, .content, types: [.gradient],
              nullable: true, "one stop per color, 0 at startPoint and 1 at endPoint; outside 0 to 1 lies beyond them; none spreads them evenly",
              read: { .animatable(.numbers(($0.gradient ?? GradientProperties()).resolvedLocations)) },
              write: { p, v in
                  guard let list = [Double]?(propertyValue: v) else { return }
                  var g = p.gradient ?? GradientProperties()
                  g.locations = list
                  p.gradient = g
              }),
        Entry(inGradient, "startPoint", { $0.startPoint }, { $0.startPoint = $1 },
              .point, .linear, .content,
              "unit coordinates of the bounds; the default is the top edge's middle"),
        Entry(inGradient, "endPoint", { $0.endPoint }, { $0.endPoint = $1 },
              .point, .linear, .content,
              "unit coordinates of the bounds; the default is the bottom edge's middle"),
        Entry(inGradient, "gradientType", { $0.type }, { $0.type = $1 },
              .choice(GradientType.names), .never, .content, "CAGradientLayer's type"),
    ]

    /// CAReplicatorLayer.
    static let replicatorTable: [Entry] = [
        Entry(inReplicator, "instanceCount", { $0.instanceCount }, { $0.instanceCount = $1 },
              .count(max: Limits.maxInstanceCount, of: "copies"), .never, .compositing, noun: "an instance count",
              "copies of the sublayers, the original included"),
        Entry(inReplicator, "instanceTransform", { $0.instanceTransform }, { $0.instanceTransform = $1 },
              .transform, .decomposed, .compositing,
              "applied once more to each copy, about the centre of the bounds"),
        Entry(inReplicator, "instanceDelay", { $0.instanceDelay }, { $0.instanceDelay = $1 },
              .time(.any), .linear, .compositing, "each copy runs this much later than the one before"),
        Entry(inReplicator, "instanceColor", { $0.instanceColor }, { $0.instanceColor = $1 },
              .color, .linear, .compositing, "multiplies the colors of every copy"),
        Entry(inReplicator, "instanceRedOffset", { $0.instanceRedOffset }, { $0.instanceRedOffset = $1 },
              .number(.any), .linear, .compositing, "added to the instance color's red once more per copy"),
        Entry(inReplicator, "instanceGreenOffset", { $0.instanceGreenOffset }, { $0.instanceGreenOffset = $1 },
              .number(.any), .linear, .compositing, "added to the instance color's green once more per copy"),
        Entry(inReplicator, "instanceBlueOffset", { $0.instanceBlueOffset }, { $0.instanceBlueOffset = $1 },
              .number(.any), .linear, .compositing, "added to the instance color's blue once more per copy"),
        Entry(inReplicator, "instanceAlphaOffset", { $0.instanceAlphaOffset }, { $0.instanceAlphaOffset = $1 },
              .number(.any), .linear, .compositing, "added to the instance color's alpha once more per copy"),
        Entry(inReplicator, "preservesDepth", { $0.preservesDepth }, { $0.preservesDepth = $1 },
              .bool, .never, .compositing,
              "true: the copies keep their 3D placement and are depth-sorted together (a transform layer)"),
    ]

    /// CAScrollLayer: its scroll point is `bounds.origin`.
    static let scrollTable: [Entry] = [
        Entry(inScroll, "scrollMode", { $0.scrollMode }, { $0.scrollMode = $1 },
              .choice(ScrollMode.names), .never, .compositing, "the axes scrollPoint may move"),
        Entry("scrollPoint", .point, .linear, .compositing, types: [.scroll], alsoChanges: ["bounds"],
              "in points: the visible content's top-left point; sets bounds.origin along the scrollMode axes",
              read: { .animatable(.point($0.bounds.origin)) },
              write: { p, v in
                  // CAScrollLayer's scroll(to:).
                  guard case .animatable(.point(let x)) = v else { return }
                  p.bounds.origin = (p.scroll?.scrollMode ?? .both).scrolled(p.bounds.origin, to: x)
              }),
    ]

    /// CAEmitterLayer: the multipliers scale every cell's own value.
    static let emitterTable: [Entry] = [
        Entry(inEmitter, "emitterPosition", { $0.emitterPosition }, { $0.emitterPosition = $1 },
              .point, .linear, .content, "in points: centre of the emission shape, in the layer's coordinates"),
        Entry(inEmitter, "emitterZPosition", { $0.emitterZPosition }, { $0.emitterZPosition = $1 },
              .length(.any), .linear, .content, "z of the emission shape"),
        Entry(inEmitter, "emitterSize", { $0.emitterSize }, { $0.emitterSize = $1 },
              .size(.nonNegative), .linear, .content,
              "in points: of the emission shape; a circle's radius is its width"),
        Entry(inEmitter, "emitterDepth", { $0.emitterDepth }, { $0.emitterDepth = $1 },
              .length(.nonNegative), .linear, .content, "in points: the z extent of a cuboid emission shape"),
        Entry(inEmitter, "emitterShape", { $0.emitterShape }, { $0.emitterShape = $1 },
              .choice(EmitterShape.names), .never, .content, "where particles are born"),
        Entry(inEmitter, "emitterMode", { $0.emitterMode }, { $0.emitterMode = $1 },
              .choice(EmitterMode.names), .never, .content, "which part of the shape emits"),
        Entry(inEmitter, "renderMode", { $0.renderMode }, { $0.renderMode = $1 },
              .choice(EmitterRenderMode.names), .never, .content,
              "the particles' draw order, or additive light"),
        Entry(inEmitter, "birthRate", { $0.birthRate }, { $0.birthRate = $1 },
              .number(.nonNegative), .linear, .content, "multiplies every cell's birthRate"),
        Entry(inEmitter, "lifetime", { $0.lifetime }, { $0.lifetime = $1 },
              .number(.nonNegative), .linear, .content, "multiplies every cell's lifetime"),
        Entry(inEmitter, "velocity", { $0.velocity }, { $0.velocity = $1 },
              .number(.any), .linear, .content, "multiplies every cell's velocity"),
        Entry(inEmitter, "scale", { $0.scale }, { $0.scale = $1 },
              .number(.any), .linear, .content, "multiplies every cell's scale"),
        Entry(inEmitter, "spin", { $0.spin }, { $0.spin = $1 },
              .number(.any), .linear, .content, "multiplies every cell's spin"),
        Entry(inEmitter, "seed", { $0.seed }, { $0.seed = $1 },
              .integer(.closed(0, Double(UInt32.max))), .never, .content, noun: "a seed",
              "seeds the particles' random values"),
        Entry(inEmitter, "emitterCells", { $0.cells }, { $0.cells = $1 },
              .cells, .linear, .content,
              "the particle templates (CAEmitterCell); their keys animate as `emitterCells.<name>.<key>`"),
    ]

    static let inShape = TypeSlot(.shape, { $0.shape ?? ShapeProperties() }, { $0.shape = $1 })
    static let inText = TypeSlot(.text, { $0.text ?? TextProperties() }, { $0.text = $1 })
    static let inGradient = TypeSlot(.gradient, { $0.gradient ?? GradientProperties() }, { $0.gradient = $1 })
    static let inReplicator = TypeSlot(.replicator, { $0.replicator ?? ReplicatorProperties() }, { $0.replicator = $1 })
    static let inScroll = TypeSlot(.scroll, { $0.scroll ?? ScrollProperties() }, { $0.scroll = $1 })
    static let inEmitter = TypeSlot(.emitter, { $0.emitter ?? EmitterProperties() }, { $0.emitter = $1 })
}
