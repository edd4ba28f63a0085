/// The keys of the layer types (docs/layer-types.md), stored in the type's
/// struct; `orDefault` makes a layer of another type read the defaults.
extension LayerProperty {
    static let typeTable: [LayerProperty] = shapeTable + textTable + gradientTable + replicatorTable
        + scrollTable + emitterTable

    /// CAShapeLayer.
    static let shapeTable: [LayerProperty] = [
        LayerProperty("path", \.shape.orDefault.path, .path, .sameStructure, .content, types: [.shape],
                      "in the layer's own coordinates"),
        LayerProperty("fillColor", \.shape.orDefault.fillColor, .color, .linear, .content, types: [.shape],
                      nullable: true, ""),
        LayerProperty("fillRule", \.shape.orDefault.fillRule, .choice(FillRule.names), .never, .content,
                      types: [.shape], "which points are inside the path"),
        LayerProperty("strokeColor", \.shape.orDefault.strokeColor, .color, .linear, .content, types: [.shape],
                      nullable: true, ""),
        LayerProperty("lineWidth", \.shape.orDefault.lineWidth, .length(.nonNegative), .linear, .content,
                      types: [.shape], "the stroke's width"),
        LayerProperty("lineCap", \.shape.orDefault.lineCap, .choice(LineCap.names), .never, .content,
                      types: [.shape], "the ends of open subpaths and dashes"),
        LayerProperty("lineJoin", \.shape.orDefault.lineJoin, .choice(LineJoin.names), .never, .content,
                      types: [.shape], "the corners of the stroke"),
        LayerProperty("miterLimit", \.shape.orDefault.miterLimit, .number(.nonNegative), .linear, .content,
                      types: [.shape], "a miter join longer than this many line widths is bevelled"),
        LayerProperty("lineDashPattern", \.shape.orDefault.lineDashPattern,
                      .numbers(.nonNegative, what: "a dash length"), .sameCount, .content, types: [.shape],
                      nullable: true, "dash and gap lengths; none is a solid line"),
        LayerProperty("lineDashPhase", \.shape.orDefault.lineDashPhase, .length(.any), .linear, .content,
                      types: [.shape], "points into the dash pattern where the stroke starts"),
        LayerProperty("strokeStart", \.shape.orDefault.strokeStart, .number(.unit), .linear, .content,
                      types: [.shape], "fraction of the path's length where the stroke starts"),
        LayerProperty("strokeEnd", \.shape.orDefault.strokeEnd, .number(.unit), .linear, .content,
                      types: [.shape], "fraction of the path's length where the stroke ends"),
    ]

    /// CATextLayer.
    static let textTable: [LayerProperty] = [
        LayerProperty("string", \.text.orDefault.string, .text(maxLength: Limits.maxTextLength), .never, .content,
                      types: [.text], "`\\n` breaks lines"),
        LayerProperty("font", \.text.orDefault.font, .font, .never, .content, types: [.text],
                      "a family is whatever fontconfig matches; an asset's font is used alone"),
        LayerProperty("fontSize", \.text.orDefault.fontSize, .length(.closed(0, Limits.maxFontSize)), .linear,
                      .content, types: [.text], "the em size; animated sizes are clamped to the range"),
        LayerProperty("foregroundColor", \.text.orDefault.foregroundColor, .color, .linear, .content,
                      types: [.text], ""),
        LayerProperty("alignmentMode", \.text.orDefault.alignmentMode, .choice(TextAlignment.names), .never,
                      .content, types: [.text], "of each line in the bounds"),
        LayerProperty("isWrapped", \.text.orDefault.isWrapped, .bool, .never, .content, types: [.text],
                      "wrap lines at the bounds' width"),
        LayerProperty("truncationMode", \.text.orDefault.truncationMode, .choice(TruncationMode.names), .never,
                      .content, types: [.text], "where an ellipsis cuts text that does not fit"),
    ]

    /// CAGradientLayer.
    static let gradientTable: [LayerProperty] = [
        LayerProperty("colors", \.gradient.orDefault.colors, .colors, .sameCount, .content, types: [.gradient],
                      "the gradient's colors, in order"),
        LayerProperty("locations", .numbers(.unit, what: "a location"), .sameCount, .content, types: [.gradient],
                      nullable: true, "one stop per color; none spreads them evenly",
                      read: { .animatable(.numbers(($0.gradient ?? GradientProperties()).resolvedLocations)) },
                      write: { p, v in
                          guard let list = [Double]?(propertyValue: v) else { return }
                          p.gradient.orDefault.locations = list
                      }),
        LayerProperty("startPoint", \.gradient.orDefault.startPoint, .point, .linear, .content, types: [.gradient],
                      "unit coordinates of the bounds; the default is the top edge's middle"),
        LayerProperty("endPoint", \.gradient.orDefault.endPoint, .point, .linear, .content, types: [.gradient],
                      "unit coordinates of the bounds; the default is the bottom edge's middle"),
        LayerProperty("gradientType", \.gradient.orDefault.type, .choice(GradientType.names), .never, .content,
                      types: [.gradient], "CAGradientLayer's type"),
    ]

    /// CAReplicatorLayer.
    static let replicatorTable: [LayerProperty] = [
        LayerProperty("instanceCount", \.replicator.orDefault.instanceCount,
                      .count(max: Limits.maxInstanceCount, of: "copies"), .never, .compositing, types: [.replicator],
                      "copies of the sublayers, the original included"),
        LayerProperty("instanceTransform", \.replicator.orDefault.instanceTransform, .transform, .decomposed,
                      .compositing, types: [.replicator],
                      "applied once more to each copy, about the centre of the bounds"),
        LayerProperty("instanceDelay", \.replicator.orDefault.instanceDelay, .time(.any), .linear, .compositing,
                      types: [.replicator], "each copy runs this much later than the one before"),
        LayerProperty("instanceColor", \.replicator.orDefault.instanceColor, .color, .linear, .compositing,
                      types: [.replicator], "multiplies the colors of every copy"),
        LayerProperty("instanceRedOffset", \.replicator.orDefault.instanceRedOffset, .number(.any), .linear,
                      .compositing, types: [.replicator], "added to the instance color's red once more per copy"),
        LayerProperty("instanceGreenOffset", \.replicator.orDefault.instanceGreenOffset, .number(.any), .linear,
                      .compositing, types: [.replicator], "added to the instance color's green once more per copy"),
        LayerProperty("instanceBlueOffset", \.replicator.orDefault.instanceBlueOffset, .number(.any), .linear,
                      .compositing, types: [.replicator], "added to the instance color's blue once more per copy"),
        LayerProperty("instanceAlphaOffset", \.replicator.orDefault.instanceAlphaOffset, .number(.any), .linear,
                      .compositing, types: [.replicator], "added to the instance color's alpha once more per copy"),
        LayerProperty("preservesDepth", \.replicator.orDefault.preservesDepth, .bool, .never, .compositing,
                      types: [.replicator],
                      "true: the copies keep their 3D placement and are depth-sorted together, as in a transform layer"),
    ]

    /// CAScrollLayer: its scroll point is `bounds.origin`.
    static let scrollTable: [LayerProperty] = [
        LayerProperty("scrollMode", \.scroll.orDefault.scrollMode, .choice(ScrollMode.names), .never, .compositing,
                      types: [.scroll], "the axes scrollPoint may move"),
        LayerProperty("scrollPoint", .point, .linear, .compositing, types: [.scroll], alsoChanges: ["bounds"],
                      "the visible content's top-left point: sets bounds.origin along the scrollMode axes",
                      read: { .animatable(.point($0.bounds.origin)) },
                      write: { p, v in
                          // CAScrollLayer's scroll(to:).
                          guard case .animatable(.point(let x)) = v else { return }
                          p.bounds.origin = (p.scroll?.scrollMode ?? .both).scrolled(p.bounds.origin, to: x)
                      }),
    ]

    /// CAEmitterLayer: the multipliers scale every cell's own value.
    static let emitterTable: [LayerProperty] = [
        LayerProperty("emitterPosition", \.emitter.orDefault.emitterPosition, .point, .linear, .content,
                      types: [.emitter], "centre of the emission shape, in the layer's coordinates"),
        LayerProperty("emitterZPosition", \.emitter.orDefault.emitterZPosition, .length(.any), .linear, .content,
                      types: [.emitter], "z of the emission shape"),
        LayerProperty("emitterSize", \.emitter.orDefault.emitterSize, .size(.nonNegative), .linear, .content,
                      types: [.emitter], "of the emission shape; a circle's radius is its width"),
        LayerProperty("emitterShape", \.emitter.orDefault.emitterShape, .choice(EmitterShape.names), .never,
                      .content, types: [.emitter], "where particles are born"),
        LayerProperty("emitterMode", \.emitter.orDefault.emitterMode, .choice(EmitterMode.names), .never, .content,
                      types: [.emitter], "which part of the shape emits"),
        LayerProperty("renderMode", \.emitter.orDefault.renderMode, .choice(EmitterRenderMode.names), .never,
                      .content, types: [.emitter], "the particles' draw order, or additive light"),
        LayerProperty("birthRate", \.emitter.orDefault.birthRate, .number(.nonNegative), .linear, .content,
                      types: [.emitter], "multiplies every cell's birthRate"),
        LayerProperty("lifetime", \.emitter.orDefault.lifetime, .number(.nonNegative), .linear, .content,
                      types: [.emitter], "multiplies every cell's lifetime"),
        LayerProperty("velocity", \.emitter.orDefault.velocity, .number(.any), .linear, .content, types: [.emitter],
                      "multiplies every cell's velocity"),
        LayerProperty("scale", \.emitter.orDefault.scale, .number(.any), .linear, .content, types: [.emitter],
                      "multiplies every cell's scale"),
        LayerProperty("spin", \.emitter.orDefault.spin, .number(.any), .linear, .content, types: [.emitter],
                      "multiplies every cell's spin"),
        LayerProperty("seed", \.emitter.orDefault.seed, .integer(.closed(0, Double(UInt32.max))), .never, .content,
                      types: [.emitter], "seeds the particles' random values"),
        LayerProperty("emitterCells", \.emitter.orDefault.cells, .cells, .linear, .content, types: [.emitter],
                      "the particle templates (CAEmitterCell); their keys animate as `emitterCells.<name>.<key>`"),
    ]
}
