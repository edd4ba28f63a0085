/// The properties every layer has (CALayer), in the order the docs and
/// `strata inspect` list them. Defaults are the stored fields' (Core
/// Animation's). Columns: name, key path, form, animation, invalidation.
extension LayerProperty {
    static let layerTable: [LayerProperty] = [
        // Geometry.
        LayerProperty("bounds", \.bounds, .rect, .linear, [.layout, .content, .compositing],
                      inspect: .always, render: \.bounds,
                      "in the layer's own space; the origin shifts what the sublayers show"),
        LayerProperty("position", \.position, .point, .linear, [.layout, .compositing], inspect: .always,
                      "where the anchor point is in the superlayer"),
        LayerProperty("anchorPoint", \.anchorPoint, .point, .linear, [.layout, .compositing], inspect: .always,
                      "unit coordinates of the bounds that `position` places and transforms turn about"),
        LayerProperty("anchorPointZ", \.anchorPointZ, .length(.any), .linear, .compositing,
                      "the anchor point's z"),
        LayerProperty("zPosition", \.zPosition, .length(.any), .linear, .compositing, inspect: .always,
                      "along z; also orders siblings"),
        LayerProperty("opacity", \.opacity, .number(.unit), .linear, .compositing, inspect: .always,
                      render: \.opacity, ""),
        LayerProperty("hidden", \.hidden, .bool, .discrete, .compositing, inspect: .always,
                      "true draws neither the layer nor its sublayers"),
        LayerProperty("transform", \.transform, .transform, .decomposed, [.layout, .compositing], inspect: .always,
                      "applied about the anchor point"),
        LayerProperty("sublayerTransform", \.sublayerTransform, .transform, .decomposed, .compositing,
                      "applied to the sublayers, about the anchor point"),
        // Appearance.
        LayerProperty("backgroundColor", \.backgroundColor, .color, .linear, .content, nullable: true,
                      render: \.backgroundColor, "fills the (rounded) bounds"),
        LayerProperty("cornerRadius", \.cornerRadius, .length(.nonNegative), .linear, [.content, .compositing],
                      render: \.cornerRadius, "rounds the background, the border and the masksToBounds clip"),
        LayerProperty("borderWidth", \.borderWidth, .length(.nonNegative), .linear, .content,
                      render: \.borderWidth, "drawn inside the bounds, above the sublayers"),
        LayerProperty("borderColor", \.borderColor, .color, .linear, .content,
                      inspect: .alongside("borderWidth"), render: \.borderColor, ""),
        LayerProperty("masksToBounds", \.masksToBounds, .bool, .setOnly, .compositing, render: \.masksToBounds,
                      "clip the sublayers to the (rounded) bounds"),
    ] + compositingTable

    /// Masks, shadows, contents, 3D and group keys (docs/compositing.md).
    static let compositingTable: [LayerProperty] = [
        LayerProperty("maskedCorners", \.maskedCorners, .names(CornerMask.names.map(\.0), what: "corner"), .never, .content,
                      group: .compositing, render: \.maskedCorners,
                      "the corners cornerRadius rounds; layerMinXMinYCorner is the top left"),
        LayerProperty("shadowColor", \.shadowColor, .color, .linear, .shadow, group: .compositing,
                      inspect: .alongside("shadowOpacity"), ""),
        LayerProperty("shadowOpacity", \.shadowOpacity, .number(.unit), .linear, .shadow, group: .compositing,
                      "0 draws no shadow"),
        LayerProperty("shadowOffset", \.shadowOffset, .size(.any), .linear, .shadow, group: .compositing,
                      inspect: .alongside("shadowOpacity"),
                      "y down: the default lifts the shadow 3 points"),
        LayerProperty("shadowRadius", \.shadowRadius, .length(.nonNegative), .linear, .shadow, group: .compositing,
                      inspect: .alongside("shadowOpacity"), "the blur's Gaussian standard deviation"),
        LayerProperty("shadowPath", \.shadowPath, .shape, .notYet, .shadow, group: .compositing, nullable: true,
                      "the shadow's shape instead of the layer's alpha, in the layer's coordinates"),
        LayerProperty("contents", .image, .crossDissolve, .content, group: .compositing, nullable: true,
                      "a PNG, JPEG or WebP image",
                      read: { .animatable(.image(ContentsValue(key: $0.contents, blend: $0.contentsBlend))) },
                      write: { p, v in
                          switch v {
                          case .animatable(.image(let c)): p.contents = c.key; p.contentsBlend = c.blend
                          case .none: p.contents = nil; p.contentsBlend = nil
                          default: break
                          }
                      }),
        LayerProperty("contentsGravity", \.contentsGravity, .choice(ContentsGravity.names), .never, .content,
                      group: .compositing, "where contents go in the bounds, and how they scale"),
        LayerProperty("contentsRect", \.contentsRect, .rect, .linear, .content, group: .compositing,
                      "unit rect of the image that is shown"),
        LayerProperty("contentsCenter", \.contentsCenter, .rect, .linear, .content, group: .compositing,
                      "unit rect of the image that stretches (nine-slice)"),
        LayerProperty("contentsScale", \.contentsScale, .number(.positive(atMost: Limits.maxContentsScale)), .never,
                      .content, group: .compositing, "image pixels per point"),
        LayerProperty("geometryFlipped", \.geometryFlipped, .bool, .never, .compositing, group: .compositing,
                      "flips the sublayers' geometry vertically"),
        LayerProperty("doubleSided", \.doubleSided, .bool, .never, .compositing, group: .compositing,
                      render: \.doubleSided, "false hides the layer while its back faces the viewer"),
        LayerProperty("shouldRasterize", \.shouldRasterize, .bool, .never, .rasterization, group: .compositing,
                      "draws the layer and its sublayers as one bitmap"),
        LayerProperty("rasterizationScale", \.rasterizationScale,
                      .number(.positive(atMost: Limits.maxRasterizationScale)), .never, .rasterization,
                      group: .compositing, inspect: .alongside("shouldRasterize"), "pixels per point of that bitmap"),
        LayerProperty("allowsGroupOpacity", \.allowsGroupOpacity, .bool, .never, .compositing, group: .compositing,
                      render: \.allowsGroupOpacity,
                      "false: opacity multiplies into each sublayer instead of the composited group"),
    ]
}
