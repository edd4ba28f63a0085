import StrataModel

/// Every mapping of the format and its keys: the parser validates keys
/// against these tables and `sceneJSONSchema()` is generated from them.
enum KeyTables {
    static let top = KeyTable(what: "top-level", keys: [
        KeySpec("strata", .constant(1), required: true, "format version; must be 1"),
        KeySpec("canvas", .ref("canvas"), required: true, "the output surface"),
        KeySpec("assets", .namedMap(.string), "asset name -> file path, relative to the scene file's directory"),
        KeySpec("params", .namedMap(.scalar), "param name -> default value, used as ${name}; overridden by --set name=value"),
        KeySpec("layers", .list(.ref("layer")), "sublayers of the root layer, back to front; default none"),
        KeySpec("timeline", .emptyList, "transactions (not supported yet: only an empty list is accepted)"),
        KeySpec("golden", .ref("golden"), "golden-frame policy for `strata check`"),
    ])

    static let canvas = KeyTable(what: "canvas", keys: [
        KeySpec("size", .size(.positive), required: true, "root layer size [w, h] in points"),
        KeySpec("scale", .number(.positive(atMost: 8)), "pixels per point, greater than 0 and at most 8; default 1"),
        KeySpec("fps", .number(.positive(atMost: Limits.maxFPS)), "frames per second; default 30"),
        KeySpec("duration", .time(.positive(atMost: Limits.maxDuration)), "scene length; default 1s"),
        KeySpec("background", .color, "root layer backgroundColor; default none (transparent)"),
        KeySpec("variants", .namedMap(.size(.positive)), "named canvas sizes [w, h] in points, picked with --variant"),
    ])

    static let layer = KeyTable(what: "layer", keys: [
        KeySpec("name", .name, "unique among siblings; letters, digits, '_' and '-', not only digits"),
        KeySpec("type", .choice(LayerType.allCases.filter { $0 != .transform }.map(\.rawValue)), "layer type: layer, shape, text, gradient, replicator, scroll or emitter (transform is not supported yet); default layer"),
        KeySpec("bounds", .rect, "[x, y, w, h] in the layer's own space; default [0, 0, 0, 0]"),
        KeySpec("position", .point, "[x, y] of the anchor point in the superlayer; default [0, 0]"),
        KeySpec("anchorPoint", .point, "unit coordinates in the bounds; default [0.5, 0.5]"),
        KeySpec("anchorPointZ", .length(.any), "points along z; default 0"),
        KeySpec("frame", .rect, "[x, y, w, h] in the superlayer; sets bounds size and position; not with bounds or position"),
        KeySpec("zPosition", .length(.any), "points along z, also orders siblings; default 0"),
        KeySpec("transform", .transform, "list of operations or 16 numbers (row-major); default identity"),
        KeySpec("sublayerTransform", .transform, "applied to sublayers about the anchor point; default identity"),
        KeySpec("opacity", .number(.unit), "0 to 1; default 1"),
        KeySpec("hidden", .bool, "default false"),
        KeySpec("backgroundColor", .color, "default none"),
        KeySpec("cornerRadius", .length(.nonNegative), "points; default 0"),
        KeySpec("borderWidth", .length(.nonNegative), "points, drawn inside the bounds; default 0"),
        KeySpec("borderColor", .color, "default opaque black"),
        KeySpec("masksToBounds", .bool, "clip sublayers to the (rounded) bounds; default false"),
        KeySpec("beginTime", .time(.any), "layer time: offset in the superlayer's time; default 0"),
        KeySpec("speed", .number(.nonNegative), "layer time: rate relative to the superlayer; default 1"),
        KeySpec("timeOffset", .time(.any), "layer time: added to the local time; default 0"),
        KeySpec("animations", .list(.ref("animation")), "explicit animations (CABasicAnimation)"),
        KeySpec("sublayers", .list(.ref("layer")), "sublayers, back to front"),
        .notYet("maskedCorners"), .notYet("shadowColor"), .notYet("shadowOpacity"), .notYet("shadowOffset"),
        .notYet("shadowRadius"), .notYet("shadowPath"), .notYet("mask"), .notYet("contents"),
        .notYet("contentsGravity"), .notYet("contentsRect"), .notYet("contentsCenter"), .notYet("contentsScale"),
        .notYet("geometryFlipped"), .notYet("doubleSided"), .notYet("shouldRasterize"),
        .notYet("rasterizationScale"), .notYet("allowsGroupOpacity"), .notYet("constraints"),
        .notYet("autoresizingMask"), .notYet("actions"),
    ] + typeKeys)

    /// Keys that belong to one layer type (`type: transform` has none; it is not supported yet).
    static let keysByType: [(LayerType, [KeySpec])] = [
        (.shape, shapeKeys), (.text, textKeys), (.gradient, gradientKeys), (.replicator, replicatorKeys),
        (.scroll, scrollKeys), (.emitter, emitterKeys),
    ]

    private static var typeKeys: [KeySpec] {
        var seen: [String: (KeySpec, [LayerType])] = [:]
        var order: [String] = []
        for (type, specs) in keysByType {
            for spec in specs {
                if seen[spec.name] == nil { order.append(spec.name); seen[spec.name] = (spec, []) }
                seen[spec.name]!.1.append(type)
            }
        }
        return order.map { KeySpec.typed(seen[$0]!.0, seen[$0]!.1) }
    }

    static let animation = KeyTable(what: "animation", keys: [
        KeySpec("keyPath", .string, "required (except for groups): the animated property: position, opacity, transform.rotation.z, bounds.size.width, ..."),
        KeySpec("type", .choice(["basic"]), "'basic' (CABasicAnimation), the default and the only type supported yet"),
        KeySpec("from", .animationValue, "fromValue, of the key path's kind"),
        KeySpec("to", .animationValue, "toValue, of the key path's kind"),
        KeySpec("by", .animationValue, "byValue, of the key path's kind"),
        KeySpec("duration", .time(.nonNegative), "one iteration; 0 (the default) means 0.25s"),
        KeySpec("beginTime", .time(.any), "in the layer's local time; default 0"),
        KeySpec("timeOffset", .time(.any), "default 0"),
        KeySpec("speed", .number(.nonNegative), "default 1"),
        KeySpec("repeatCount", .repeatCount, "number of 0 or more, or inf; default 0 (once)"),
        KeySpec("repeatDuration", .time(.nonNegative), "seconds of repeating; not with repeatCount"),
        KeySpec("autoreverses", .bool, "default false"),
        KeySpec("fillMode", .choice(FillMode.allCases.map(\.rawValue)), "default removed"),
        KeySpec("removedOnCompletion", .bool, "default true"),
        KeySpec("additive", .bool, "default false"),
        KeySpec("cumulative", .bool, "default false"),
        KeySpec("timingFunction", .timingFunction, "linear|easeIn|easeOut|easeInEaseOut|default or [c1x, c1y, c2x, c2y]; default linear"),
        .notYet("values", "CAKeyframeAnimation"), .notYet("keyTimes", "CAKeyframeAnimation"),
        .notYet("timingFunctions", "CAKeyframeAnimation"), .notYet("calculationMode", "CAKeyframeAnimation"),
        .notYet("path", "CAKeyframeAnimation"), .notYet("rotationMode", "CAKeyframeAnimation"),
        .notYet("mass", "CASpringAnimation"), .notYet("stiffness", "CASpringAnimation"),
        .notYet("damping", "CASpringAnimation"), .notYet("initialVelocity", "CASpringAnimation"),
        .notYet("allowsOverdamping", "CASpringAnimation"), .notYet("animations", "CAAnimationGroup"),
    ])

    /// Animation types of the contract; only `basic` is supported yet.
    static let animationTypes = ["basic", "keyframe", "spring", "group"]

    static let timingFunctionNames = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]

    static let golden = KeyTable(what: "golden", keys: [
        KeySpec("frames", .list(.goldenFrame), required: true,
                "frames to check: frame numbers, times with a unit (2s), or {frame: N} / {time: T} with a tolerance"),
        KeySpec("tolerance", .ref("tolerance"), "tolerance for every frame; default channel 2, pixels 0.001"),
    ])

    static let goldenFrame = KeyTable(what: "golden frame", keys: [
        KeySpec("frame", .integer(.nonNegative), "frame number (frame i is at i / fps)"),
        KeySpec("time", .time(.closed(0, Limits.maxDuration)), "time; rounds to the nearest frame"),
        KeySpec("tolerance", .ref("tolerance"), "overrides keys of the golden tolerance for this frame"),
    ])

    static let tolerance = KeyTable(what: "tolerance", keys: [
        KeySpec("channel", .integer(.closed(0, 255)), "largest per-channel difference that counts as equal; default 2"),
        KeySpec("pixels", .number(.unit), "fraction of pixels allowed to differ; default 0.001"),
        KeySpec("pixelCount", .integer(.nonNegative), "number of pixels allowed to differ; replaces pixels"),
        KeySpec("psnr", .number(.positive), "minimum PSNR in dB; default none"),
        KeySpec("antialiasing", .bool, "ignore differences on anti-aliased edges; default false"),
    ])

    /// Transform operations: each is a one-key mapping in a transform list.
    static let transformOperations = KeyTable(what: "transform operation", keys: [
        KeySpec("perspective", .length(.positive), "eye distance d in points: m34 = -1/d, like CSS perspective()"),
        KeySpec("rotate", .angle, "about z (clockwise on screen, y down)"),
        KeySpec("rotateX", .angle, "about x"),
        KeySpec("rotateY", .angle, "about y"),
        KeySpec("rotateZ", .angle, "about z, same as rotate"),
        KeySpec("rotate3d", .tuple([.number(.any), .number(.any), .number(.any), .angle]), "[x, y, z, angle]: about the axis (x, y, z)"),
        KeySpec("translate", .anyOf([.tuple([.length(.any), .length(.any)]), .tuple([.length(.any), .length(.any), .length(.any)])]), "[x, y] or [x, y, z] in points"),
        KeySpec("translateX", .length(.any), "points"),
        KeySpec("translateY", .length(.any), "points"),
        KeySpec("translateZ", .length(.any), "points"),
        KeySpec("scale", .anyOf([.number(.any), .tuple([.number(.any), .number(.any)]), .tuple([.number(.any), .number(.any), .number(.any)])]), "s, [sx, sy] or [sx, sy, sz]; sz defaults to 1"),
        KeySpec("scaleX", .number(.any), "factor"),
        KeySpec("scaleY", .number(.any), "factor"),
        KeySpec("scaleZ", .number(.any), "factor"),
        KeySpec("skew", .anyOf([.angle, .tuple([.angle, .angle])]), "ax or [ax, ay], like CSS skew()"),
        KeySpec("skewX", .angle, "like CSS skewX()"),
        KeySpec("skewY", .angle, "like CSS skewY()"),
        KeySpec("matrix", .tuple(Array(repeating: .number(.any), count: 16)), "16 numbers, row-major m11...m44"),
    ])
}
