/// The properties every layer has (CALayer), in the order the docs and
/// `strata inspect` list them. Defaults are the stored fields' (Core
/// Animation's). Each entry: name, getter and setter of its field, form,
/// animation, invalidation, then the optional columns and the doc.
extension LayerProperty {
    static let layerTable: [Entry] = [
        // Geometry.
        Entry("bounds", { $0.bounds }, { $0.bounds = $1 },
              .rect, .linear, [.layout, .content, .compositing], inspect: .always,
              "in points in the layer's own space; the origin shifts what the sublayers show"),
        Entry("position", { $0.position }, { $0.position = $1 },
              .point, .linear, [.layout, .compositing], inspect: .always,
              "in points: where the anchor point is in the superlayer"),
        Entry("anchorPoint", { $0.anchorPoint }, { $0.anchorPoint = $1 },
              .point, .linear, [.layout, .compositing], inspect: .always,
              "unit coordinates of the bounds that `position` places and transforms turn about"),
        Entry("anchorPointZ", { $0.anchorPointZ }, { $0.anchorPointZ = $1 },
              .length(.any), .linear, .compositing, "the anchor point's z"),
        Entry("zPosition", { $0.zPosition }, { $0.zPosition = $1 },
              .length(.any), .linear, .compositing, inspect: .always, "along z; also orders siblings"),
        Entry("opacity", { $0.opacity }, { $0.opacity = $1 },
              .number(.unit), .linear, .compositing, inspect: .always, ""),
        Entry("hidden", { $0.hidden }, { $0.hidden = $1 },
              .bool, .discrete, .compositing, inspect: .always,
              "true draws neither the layer nor its sublayers"),
        Entry("transform", { $0.transform }, { $0.transform = $1 },
              .transform, .decomposed, [.layout, .compositing], inspect: .always,
              "applied about the anchor point"),
        Entry("sublayerTransform", { $0.sublayerTransform }, { $0.sublayerTransform = $1 },
              .transform, .decomposed, .compositing, "applied to the sublayers, about the anchor point"),
        // Appearance.
        Entry("backgroundColor", { $0.backgroundColor }, { $0.backgroundColor = $1 },
              .color, .linear, .content, nullable: true,
              "fills the (rounded) bounds"),
        Entry("cornerRadius", { $0.cornerRadius }, { $0.cornerRadius = $1 },
              .length(.nonNegative), .linear, [.content, .compositing],
              "rounds the background, the border and the masksToBounds clip"),
        Entry("cornerCurve", { $0.cornerCurve }, { $0.cornerCurve = $1 },
              .choice(CornerCurve.names), .never, [.content, .compositing], noun: "corner curve",
              "continuous: Apple's squircle corner, which starts about 1.53 radii from the corner (kCACornerCurveContinuous)"),
        Entry("borderWidth", { $0.borderWidth }, { $0.borderWidth = $1 },
              .length(.nonNegative), .linear, .content,
              "drawn inside the bounds, above the sublayers"),
        Entry("borderColor", { $0.borderColor }, { $0.borderColor = $1 },
              .color, .linear, .content, inspect: .alongside("borderWidth"),
              ""),
        Entry("masksToBounds", { $0.masksToBounds }, { $0.masksToBounds = $1 },
              .bool, .setOnly, .compositing,
              "clip the sublayers to the (rounded) bounds"),
    ] + compositingTable

    /// Masks, shadows, contents, 3D and group keys (docs/compositing.md).
    static let compositingTable: [Entry] = [
        Entry("maskedCorners", { $0.maskedCorners }, { $0.maskedCorners = $1 },
              .names(CornerMask.names.map(\.0), what: "corner"), .never, .content, group: .compositing,
              "the corners cornerRadius rounds; layerMinXMinYCorner is the top left"),
        Entry("shadowColor", { $0.shadowColor }, { $0.shadowColor = $1 },
              .color, .linear, .shadow, group: .compositing, inspect: .alongside("shadowOpacity"), ""),
        Entry("shadowOpacity", { $0.shadowOpacity }, { $0.shadowOpacity = $1 },
              .number(.unit), .linear, .shadow, group: .compositing, "0 draws no shadow"),
        Entry("shadowOffset", { $0.shadowOffset }, { $0.shadowOffset = $1 },
              .size(.any), .linear, .shadow, group: .compositing, inspect: .alongside("shadowOpacity"),
              "in points, y down: the default lifts the shadow 3 points"),
        Entry("shadowRadius", { $0.shadowRadius }, { $0.shadowRadius = $1 },
              .length(.nonNegative), .linear, .shadow, group: .compositing,
              inspect: .alongside("shadowOpacity"), "the blur's Gaussian standard deviation"),
        Entry("shadowPath", { $0.shadowPath }, { $0.shadowPath = $1 },
              .shape, .sameStructure, .shadow, group: .compositing, nullable: true,
              "the shadow's shape instead of the layer's alpha, in the layer's coordinates"),
        Entry("contents", .image, .crossDissolve, .content, group: .compositing, nullable: true,
              "a PNG, JPEG or WebP image, an SVG, a Lottie animation or a video (the kind from the file's content), or a {video: ...} / {lottie: ...} mapping that plays one",
              read: { .animatable(.image(ContentsValue(key: $0.contents, blend: $0.contentsBlend))) },
              write: { p, v in
                  switch v {
                  case .animatable(.image(let c)): p.contents = c.key; p.contentsBlend = c.blend
                  case .none: p.contents = nil; p.contentsBlend = nil
                  default: break
                  }
              }),
        Entry("contentsGravity", { $0.contentsGravity }, { $0.contentsGravity = $1 },
              .choice(ContentsGravity.names), .never, .content, group: .compositing, noun: "contents gravity",
              "where contents go in the bounds, and how they scale"),
        Entry("contentsRect", { $0.contentsRect }, { $0.contentsRect = $1 },
              .rect, .linear, .content, group: .compositing, "unit rect of the image that is shown"),
        Entry("contentsCenter", { $0.contentsCenter }, { $0.contentsCenter = $1 },
              .rect, .linear, .content, group: .compositing,
              "unit rect of the image that stretches (nine-slice)"),
        Entry("contentsScale", { $0.contentsScale }, { $0.contentsScale = $1 },
              .number(.positive(atMost: Limits.maxContentsScale)), .never, .content, group: .compositing,
              "image pixels per point"),
        Entry("geometryFlipped", { $0.geometryFlipped }, { $0.geometryFlipped = $1 },
              .bool, .never, .compositing, group: .compositing, "flips the sublayers' geometry vertically"),
        Entry("doubleSided", { $0.doubleSided }, { $0.doubleSided = $1 },
              .bool, .never, .compositing, group: .compositing,
              "false hides the layer while its back faces the viewer"),
        Entry("shouldRasterize", { $0.shouldRasterize }, { $0.shouldRasterize = $1 },
              .bool, .never, .rasterization, group: .compositing,
              "draws the layer and its sublayers as one bitmap"),
        Entry("rasterizationScale", { $0.rasterizationScale }, { $0.rasterizationScale = $1 },
              .number(.positive(atMost: Limits.maxRasterizationScale)), .never, .rasterization,
              group: .compositing, inspect: .alongside("shouldRasterize"), "pixels per point of that bitmap"),
        Entry("allowsGroupOpacity", { $0.allowsGroupOpacity }, { $0.allowsGroupOpacity = $1 },
              .bool, .never, .compositing, group: .compositing,
              "false: opacity multiplies into each sublayer instead of the composited group"),
        Entry("compositingFilter", .choice(BlendMode.acceptedNames), .never, .compositing, group: .compositing,
              nullable: true, noun: "compositing filter",
              "blends the composited layer onto what is below it: a blend mode (`multiplyBlendMode`...) or a Porter-Duff operator (`sourceAtop`...); the Core Image names (`CIMultiplyBlendMode`) are accepted too",
              read: { p in p.compositingFilter.map { .name($0.rawValue) } ?? .none },
              write: { p, v in
                  switch v {
                  case .name(let n): p.compositingFilter = BlendMode(name: n)
                  case .none: p.compositingFilter = nil
                  default: break
                  }
              }),
        Entry("filters", { $0.filters }, { $0.filters = $1 },
              .filters, .never, .compositing, group: .compositing,
              "Core Image filters on the layer and its sublayers, flattened, in order: CIGaussianBlur, CIColorControls ([Filters](#filters))"),
        Entry("backgroundFilters", { $0.backgroundFilters }, { $0.backgroundFilters = $1 },
              .filters, .never, .compositing, group: .compositing,
              "the same filters on what is behind the layer, within its rounded bounds, before it draws (frosted glass)"),
    ]
}
