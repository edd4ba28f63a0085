import StrataModel

/// The keys of the mappings inside layer types' keys: emitter cells, path
/// and particle shapes (the layer types' own keys are properties: `LayerProperty`).
extension KeyTables {
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
        KeySpec("contentsScale", .number(.positive(atMost: Limits.maxContentsScale)), "contents image pixels per point; default 1"),
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
