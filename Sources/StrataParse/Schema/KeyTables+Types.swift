import StrataModel

/// The keys of the mappings inside layer types' keys: emitter cells, path
/// and particle shapes (the layer types' own keys are properties: `LayerProperty`).
extension KeyTables {
    static let emitterCell = KeyTable(what: "emitter cell", keys: [
        KeySpec("name", .name, "a name for messages and emitterCells.<name>.<key> key paths"),
        KeySpec("contents", .anyOf([.choice(["circle", "square"]), .string, .ref("particleShape")]),
                "an image (an asset name, or a PNG/JPEG/WebP path relative to the scene file) that the color multiplies; or a built-in shape: circle or square (10 points), {circle: d or [w, h]}, {square: d} or {rect: [w, h]} in points; default none (draws nothing)"),
    ] + CellKey.all.map(KeySpec.init(cell:)) + [
        KeySpec("contentsRect", .rect(.nonNegative), "unit rect of the contents image shown (rounded to whole pixels); default [0, 0, 1, 1]"),
        KeySpec("contentsScale", .number(.positive(atMost: Limits.maxContentsScale)), "contents image pixels per point; default 1"),
        KeySpec("emitterCells", .list(.ref("emitterCell")), "sub-cells: each particle of this cell emits them, at its position and relative to its direction (fireworks); names unique among siblings"),
    ])

    /// `path: {rect: ...}` and friends.
    static let pathShape = KeyTable(what: "path shape", keys: [
        KeySpec("rect", .rect(.nonNegative), "[x, y, w, h]: a rectangle, clockwise from its top-left corner"),
        KeySpec("cornerRadius", .length(.nonNegative), "with rect: circular corners of this radius (clamped to half the shorter side)"),
        KeySpec("ellipse", .rect(.nonNegative), "[x, y, w, h]: the ellipse inscribed in that rect, clockwise from its rightmost point"),
        KeySpec("polygon", .list(.point), "[[x, y], ...]: a closed polygon"),
        KeySpec("arc", .ref("arc"), "a circular arc, UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)"),
    ])

    /// `path: {arc: ...}`: UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:).
    static let arc = KeyTable(what: "arc", keys: [
        KeySpec("center", .point, required: true, "[x, y]: the circle's centre"),
        KeySpec("radius", .length(.nonNegative), required: true, "the circle's radius"),
        KeySpec("startAngle", .angle, required: true, "from +x, growing clockwise on screen (y down): 0 is 3 o'clock, 90deg 6 o'clock, -90deg 12 o'clock"),
        KeySpec("endAngle", .angle, required: true, "where the arc ends, measured as startAngle"),
        KeySpec("clockwise", .bool, "true: clockwise on screen from startAngle to endAngle (UIKit's sense); default true"),
    ])

    /// An emitter cell's built-in contents.
    static let particleShape = KeyTable(what: "particle shape", keys: [
        KeySpec("circle", .anyOf([.length(.positive), .size(.positive)]), "a disc of this diameter, or the ellipse in [w, h]"),
        KeySpec("square", .length(.positive), "a square of this side"),
        KeySpec("rect", .size(.positive), "a rectangle [w, h]"),
    ])
}

extension KeyTables {
    /// One CIFilter of `filters` / `backgroundFilters`.
    static let layerFilter = KeyTable(what: "filter", keys: [
        KeySpec("filter", .choice(LayerFilter.Kind.allCases.map(\.rawValue)), required: true,
                "the Core Image filter: CIGaussianBlur or CIColorControls"),
        KeySpec("name", .name, "CIFilter's name, printed by inspect; default the filter's"),
        KeySpec("inputRadius", .length(.closed(0, Limits.maxFilterRadius)),
                "CIGaussianBlur: the Gaussian's standard deviation in points of the layer's space; default 10"),
        KeySpec("inputSaturation", .number(.nonNegative), "CIColorControls: 0 grey, 1 unchanged; default 1"),
        KeySpec("inputBrightness", .number(.closed(-1, 1)), "CIColorControls: added to each channel; default 0"),
        KeySpec("inputContrast", .number(.nonNegative), "CIColorControls: scales each channel about 0.5; default 1"),
    ])
}
