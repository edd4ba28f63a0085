import StrataModel

extension KeyTables {
    /// Layer keys of compositing: masks, shadows, contents, 3D (docs/compositing.md).
    static let compositingKeys: [KeySpec] = [
        KeySpec("maskedCorners", .list(.choice(CornerMask.names.map(\.0))),
                "corners cornerRadius rounds (layerMinXMinYCorner is the top left); default all four"),
        KeySpec("shadowColor", .color, "default opaque black"),
        KeySpec("shadowOpacity", .number(.unit), "0 to 1; default 0 (no shadow)"),
        KeySpec("shadowOffset", .size(.any), "[dx, dy] in points, y down; default [0, -3] (3 points up)"),
        KeySpec("shadowRadius", .length(.nonNegative), "Gaussian standard deviation in points; default 3"),
        KeySpec("shadowPath", .unchecked,
                "shadow shape instead of the layer's alpha: SVG path data (\"M 0 0 L 100 0 ...\"), {rect: [x, y, w, h], cornerRadius: r}, {ellipse: [x, y, w, h]} or {polygon: [[x, y], ...]}"),
        KeySpec("mask", .ref("layer"), "a layer (with sublayers and animations) whose alpha masks this one; in this layer's bounds space"),
        KeySpec("contents", .string, "an image: an asset name, or a PNG/JPEG/WebP path relative to the scene file"),
        KeySpec("contentsGravity", .choice(ContentsGravity.allCases.map(\.rawValue)), "placement of contents; default resize"),
        KeySpec("contentsRect", .rect, "unit rect of the image shown; default [0, 0, 1, 1]"),
        KeySpec("contentsCenter", .rect, "unit rect that stretches (nine-slice); default [0, 0, 1, 1]"),
        KeySpec("contentsScale", .number(.positive(atMost: 64)), "image pixels per point; default 1"),
        KeySpec("geometryFlipped", .bool, "flip the sublayers' geometry vertically; default false"),
        KeySpec("doubleSided", .bool, "false hides the layer when its back faces the viewer; default true"),
        KeySpec("shouldRasterize", .bool, "draw the layer and its sublayers as one bitmap; default false"),
        KeySpec("rasterizationScale", .number(.positive(atMost: 16)), "pixels per point of that bitmap; default 1"),
        KeySpec("allowsGroupOpacity", .bool, "false: opacity multiplies into each sublayer instead of the group; default true"),
    ]
}
