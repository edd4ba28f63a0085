import StrataModel

/// The keys of each layer type (docs/layer-types.md); the layer table lists
/// them with the types they belong to.
extension KeyTables {
    static let shapeKeys: [KeySpec] = [
        KeySpec("path", .anyOf([.string, .ref("pathShape")]),
                "SVG path data (M L H V C S Q T A Z, absolute and relative), or {rect: [x, y, w, h], cornerRadius: r}, {ellipse: [x, y, w, h]}, {polygon: [[x, y], ...]}; in the layer's own coordinates; default none"),
        KeySpec("fillColor", .color, "default opaque black; null for no fill"),
        KeySpec("fillRule", .choice(FillRule.allCases.map(\.rawValue)), "nonZero or evenOdd; default nonZero"),
        KeySpec("strokeColor", .color, "default none (no stroke)"),
        KeySpec("lineWidth", .length(.nonNegative), "points; default 1"),
        KeySpec("lineCap", .choice(LineCap.allCases.map(\.rawValue)), "butt, round or square; default butt"),
        KeySpec("lineJoin", .choice(LineJoin.allCases.map(\.rawValue)), "miter, round or bevel; default miter"),
        KeySpec("miterLimit", .number(.nonNegative), "default 10"),
        KeySpec("lineDashPattern", .list(.length(.nonNegative)), "dash and gap lengths in points; default none (solid)"),
        KeySpec("lineDashPhase", .length(.any), "points into the dash pattern; default 0"),
        KeySpec("strokeStart", .number(.unit), "fraction of the path's length where the stroke starts; default 0"),
        KeySpec("strokeEnd", .number(.unit), "fraction of the path's length where the stroke ends; default 1"),
    ]

    static let textKeys: [KeySpec] = [
        KeySpec("string", .string, "the text (UTF-8; \\n breaks lines); default empty"),
        KeySpec("font", .string, "a font asset name, or family and style for fontconfig (\"DejaVu Sans Bold\"); default Helvetica"),
        KeySpec("fontSize", .length(.closed(0, Limits.maxFontSize)), "points, at most 4096; default 36"),
        KeySpec("foregroundColor", .color, "default opaque white"),
        KeySpec("alignmentMode", .choice(TextAlignment.allCases.map(\.rawValue)), "natural, left, right, center or justified; default natural"),
        KeySpec("isWrapped", .bool, "wrap lines at the bounds' width; default false"),
        KeySpec("truncationMode", .choice(TruncationMode.allCases.map(\.rawValue)), "none, start, middle or end: where an ellipsis cuts text that does not fit; default none"),
    ]

    static let gradientKeys: [KeySpec] = [
        KeySpec("colors", .list(.color), "the gradient's colors in order; default none"),
        KeySpec("locations", .list(.number(.unit)), "one stop position from 0 to 1 per color; default evenly spread"),
        KeySpec("startPoint", .point, "unit coordinates of the bounds; default [0.5, 0] (top)"),
        KeySpec("endPoint", .point, "unit coordinates of the bounds; default [0.5, 1] (bottom)"),
        KeySpec("gradientType", .choice(GradientType.allCases.map(\.rawValue)), "axial, radial or conic (CAGradientLayer's type); default axial"),
    ]

    static let replicatorKeys: [KeySpec] = [
        KeySpec("instanceCount", .integer(.closed(0, Double(Limits.maxInstanceCount))), "copies of the sublayers, the original included; default 1"),
        KeySpec("instanceTransform", .transform, "applied once more to each copy, about the centre of the bounds; default identity"),
        KeySpec("instanceDelay", .time(.any), "each copy runs this much later than the one before; default 0"),
        KeySpec("instanceColor", .color, "multiplies the colors of every copy; default opaque white"),
        KeySpec("instanceRedOffset", .number(.any), "added to the instance color's red once more per copy; default 0"),
        KeySpec("instanceGreenOffset", .number(.any), "added to the instance color's green once more per copy; default 0"),
        KeySpec("instanceBlueOffset", .number(.any), "added to the instance color's blue once more per copy; default 0"),
        KeySpec("instanceAlphaOffset", .number(.any), "added to the instance color's alpha once more per copy; default 0"),
        KeySpec("preservesDepth", .bool, "true: the copies keep their 3D placement and are depth-sorted together, as in a transform layer; default false (flattened)"),
    ]

    static let scrollKeys: [KeySpec] = [
        KeySpec("scrollMode", .choice(ScrollMode.allCases.map(\.rawValue)), "axes scrollPoint may move: none, vertically, horizontally or both; default both"),
        KeySpec("scrollPoint", .point, "the visible content's top-left point: sets bounds.origin along the scrollMode axes"),
    ]

    static let emitterKeys: [KeySpec] = [
        KeySpec("emitterPosition", .point, "centre of the emission shape in the layer's coordinates; default [0, 0]"),
        KeySpec("emitterZPosition", .length(.any), "z of the emission shape; default 0"),
        KeySpec("emitterSize", .size(.nonNegative), "size of the emission shape [w, h]; a circle's radius is w; default [0, 0]"),
        KeySpec("emitterShape", .choice(EmitterShape.allCases.map(\.rawValue)), "point, line, rectangle, circle, cuboid or sphere; default point"),
        KeySpec("emitterMode", .choice(EmitterMode.allCases.map(\.rawValue)), "points, outline, surface or volume; default volume"),
        KeySpec("renderMode", .choice(EmitterRenderMode.allCases.map(\.rawValue)), "unordered, oldestFirst, oldestLast, backToFront or additive; default unordered"),
        KeySpec("birthRate", .number(.nonNegative), "multiplies every cell's birthRate; default 1"),
        KeySpec("lifetime", .number(.nonNegative), "multiplies every cell's lifetime; default 1"),
        KeySpec("velocity", .number(.any), "multiplies every cell's velocity; default 1"),
        KeySpec("scale", .number(.any), "multiplies every cell's scale; default 1"),
        KeySpec("spin", .number(.any), "multiplies every cell's spin; default 1"),
        KeySpec("seed", .integer(.closed(0, Double(UInt32.max))), "seeds the particles' random values; default 0"),
        KeySpec("emitterCells", .list(.ref("emitterCell")), "the particle templates (CAEmitterCell)"),
    ]

    static let lottieKeys: [KeySpec] = [
        KeySpec("animation", .string, "a Lottie (Bodymovin JSON) file: an asset name or a path relative to the scene file; drawn as the layer's contents, timed by the layer's own time"),
        KeySpec("loop", .bool, "repeat the animation for ever; default false (the last frame holds)"),
    ]

    static let emitterCell = KeyTable(what: "emitter cell", keys: [
        KeySpec("name", .name, "a name for messages and emitterCells.<name>.<key> key paths"),
        KeySpec("contents", .anyOf([.choice(["circle", "square"]), .string, .ref("particleShape")]),
                "an image (an asset name, or a PNG/JPEG/WebP path relative to the scene file) that the color multiplies; or a built-in shape: circle or square (10 points), {circle: d or [w, h]}, {square: d} or {rect: [w, h]} in points; default none (draws nothing)"),
        KeySpec("birthRate", .number(.nonNegative), "particles per second; default 0"),
        KeySpec("lifetime", .time(.nonNegative), "seconds a particle lives; default 0"),
        KeySpec("lifetimeRange", .time(.nonNegative), "lifetime varies by up to this much either way; default 0"),
        KeySpec("velocity", .number(.any), "points per second; default 0"),
        KeySpec("velocityRange", .number(.nonNegative), "velocity varies by up to this much either way; default 0"),
        KeySpec("emissionLatitude", .angle, "angle out of the layer's plane, towards the viewer; default 0"),
        KeySpec("emissionLongitude", .angle, "angle in the layer's plane from +x, clockwise on screen; default 0"),
        KeySpec("emissionRange", .angle, "full angle of the cone particles leave in; 360deg for every direction; default 0"),
        KeySpec("xAcceleration", .number(.any), "points per second squared; default 0"),
        KeySpec("yAcceleration", .number(.any), "points per second squared, positive falls (y down); default 0"),
        KeySpec("zAcceleration", .number(.any), "points per second squared; default 0"),
        KeySpec("scale", .number(.any), "multiplies the contents' size; default 1"),
        KeySpec("scaleRange", .number(.nonNegative), "scale varies by up to this much either way; default 0"),
        KeySpec("scaleSpeed", .number(.any), "scale change per second; default 0"),
        KeySpec("spin", .angle, "rotation per second (degrees, or with a unit); default 0"),
        KeySpec("spinRange", .angle, "spin varies by up to this much either way; default 0"),
        KeySpec("color", .color, "multiplies the contents; default opaque white"),
        KeySpec("redRange", .number(.nonNegative), "red varies by up to this much either way; default 0"),
        KeySpec("greenRange", .number(.nonNegative), "green varies by up to this much either way; default 0"),
        KeySpec("blueRange", .number(.nonNegative), "blue varies by up to this much either way; default 0"),
        KeySpec("alphaRange", .number(.nonNegative), "alpha varies by up to this much either way; default 0"),
        KeySpec("redSpeed", .number(.any), "red change per second; default 0"),
        KeySpec("greenSpeed", .number(.any), "green change per second; default 0"),
        KeySpec("blueSpeed", .number(.any), "blue change per second; default 0"),
        KeySpec("alphaSpeed", .number(.any), "alpha change per second; default 0"),
        KeySpec("beginTime", .time(.closed(-Limits.maxDuration, Limits.maxDuration)), "when the cell starts emitting, in the emitter's time (negative: already running at 0); default 0"),
        KeySpec("duration", .time(.closed(0, Limits.maxDuration)), "seconds the cell emits; 0 for ever; default 0"),
        KeySpec("contentsRect", .rect, "unit rect of the contents image shown (rounded to whole pixels); default [0, 0, 1, 1]"),
        KeySpec("contentsScale", .number(.positive(atMost: 64)), "contents image pixels per point; default 1"),
    ])

    /// `path: {rect: ...}` and friends.
    static let pathShape = KeyTable(what: "path shape", keys: [
        KeySpec("rect", .rect, "[x, y, w, h]: a rectangle, clockwise from its top-left corner"),
        KeySpec("cornerRadius", .length(.nonNegative), "with rect: circular corners of this radius (clamped to half the shorter side)"),
        KeySpec("ellipse", .rect, "[x, y, w, h]: the ellipse inscribed in that rect, clockwise from its rightmost point"),
        KeySpec("polygon", .list(.point), "[[x, y], ...]: a closed polygon"),
    ])

    /// An emitter cell's built-in contents.
    static let particleShape = KeyTable(what: "particle shape", keys: [
        KeySpec("circle", .anyOf([.length(.positive), .size(.positive)]), "a disc of this diameter, or the ellipse in [w, h]"),
        KeySpec("square", .length(.positive), "a square of this side"),
        KeySpec("rect", .size(.positive), "a rectangle [w, h]"),
    ])
}
