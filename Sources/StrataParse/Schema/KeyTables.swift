import StrataModel

/// Every mapping of the format and its keys: the parser validates keys
/// against these tables and `sceneJSONSchema()` is generated from them.
enum KeyTables {
    static let top = KeyTable(what: "top-level", keys: [
        KeySpec("strata", .constant(1), required: true, "format version; must be 1"),
        KeySpec("canvas", .ref("canvas"), required: true, "the output surface"),
        KeySpec("assets", .namedMap(.string), "asset name -> file path, relative to the scene file's directory"),
        KeySpec("params", .namedMap(.anyOf([.scalar, .ref("paramDeclaration")])), "param name -> default value, or {type, default} (no default: required), used as ${name}; given by --set name=value or a using layer's params"),
        KeySpec("sequence", .list(.ref("sequenceItem")), "scenes played one after another (with transitions between them), below the layers: the root's first sublayer, named 'sequence'"),
        KeySpec("layers", .list(.ref("layer")), "sublayers of the root layer, back to front; default none"),
        KeySpec("timeline", .list(.ref("transaction")), "transactions: property changes committed at times, with implicit animations"),
        KeySpec("golden", .ref("golden"), "golden-frame policy for `strata check`"),
        KeySpec("audio", .list(.ref("audioTrack")), "sound files mixed into the soundtrack of .mp4, .mov and .webm outputs"),
    ])

    /// A param's long form.
    static let param = KeyTable(what: "param", keys: [
        KeySpec("type", .choice(ParamType.allCases.map(\.rawValue)), "the kind of value it takes, checked where a value is given: text (the default), number, time, angle, color or boolean"),
        KeySpec("default", .scalar, "its value when none is given; without one the param is required"),
    ])

    /// The keys of a layer that shows another scene (`scene:`), besides
    /// `beginTime`, `speed` and `timeOffset`: its CAMediaTiming.
    static let sceneTimingKeys: [KeySpec] = [
        KeySpec("duration", .time(.positive(atMost: Limits.maxDuration)), "with scene: seconds of one play of the used scene; default its canvas duration"),
        KeySpec("repeatCount", .repeatCount, "with scene: plays of duration, 0 or more or inf; default 0 (once)"),
        KeySpec("repeatDuration", .time(.nonNegative), "with scene: seconds of repeating; not with repeatCount"),
        KeySpec("autoreverses", .bool, "with scene: each play forward, then backward; default false"),
        KeySpec("fillMode", .choice(FillMode.allCases.map(\.rawValue)), "with scene: backwards holds the first frame before beginTime, forwards the last after the end; otherwise it is not drawn there; default removed"),
    ]

    /// The layer keys only a layer that shows another scene takes, and what
    /// the parser and the schema say when another layer has one.
    static let sceneOnlyKeys = ["params"] + sceneTimingKeys.map(\.name)
    static let sceneOnlyMessage = "a key of layers that show a scene ('scene: file.yaml')"
    static let sceneLayerTypeMessage = "a layer with 'scene' shows the used scene's layers, so it is a plain layer"

    /// A `sequence:` item: a used scene on the canvas, after the one before.
    static let sequenceItem = KeyTable(what: "sequence item", keys: [
        KeySpec("scene", .string, required: true, "the scene file played, relative to this file"),
        KeySpec("name", .name, "the item's layer name under 'sequence'; default its index"),
        KeySpec("params", .namedMap(.scalar), "values of the used scene's params"),
        KeySpec("transition", .ref("sequenceTransition"), "from the item before: both play while it runs, over the start of this one"),
        KeySpec("speed", .number(.positive), "rate of the scene's time, greater than 0; default 1"),
        KeySpec("timeOffset", .time(.any), "seconds into the scene where it starts; default 0"),
    ] + sceneTimingKeys.filter { $0.name != "fillMode" }, exclusions: [
        KeyExclusion(present: ["repeatCount"], excluded: "repeatDuration", message: "'repeatCount' and 'repeatDuration' cannot both be set"),
    ])

    /// The transition into a sequence item.
    static let sequenceTransition = KeyTable(what: "transition", keys: [
        KeySpec("type", .choice(Transition.Kind.allCases.map(\.rawValue)), required: true, "fade, moveIn, push or reveal"),
        KeySpec("subtype", .choice(Transition.Subtype.allCases.map(\.rawValue)), "the side the motion comes from (on screen); default fromLeft"),
        KeySpec("duration", .time(.positive(atMost: Limits.maxDuration)), "seconds both scenes play together; default 0.25s"),
        KeySpec("timingFunction", .timingFunction, "default linear"),
        KeySpec("startProgress", .number(.unit), "0 to 1; default 0"),
        KeySpec("endProgress", .number(.unit), "0 to 1, not below startProgress; default 1"),
    ])

    static let audioTrack = KeyTable(what: "audio track", keys: [
        KeySpec("file", .string, required: true, "the sound file (any format libavformat reads), relative to the scene file's directory"),
        KeySpec("start", .time(.nonNegative), "scene time of the track's first sample; default 0"),
        KeySpec("trim", .tuple([.time(.nonNegative), .time(.nonNegative)]), "[from, to] in the file's time: the part that plays; default the whole file"),
        KeySpec("volume", .anyOf([.number(.nonNegative), .pattern(Values.decibelPattern)]),
                "a gain factor (0.5) or decibels (\"-6dB\", at most +\(Values.format(Values.maxGainDecibels))dB); default 1"),
        KeySpec("fadeIn", .time(.nonNegative), "linear fade from silence at the track's start; default 0"),
        KeySpec("fadeOut", .time(.nonNegative), "linear fade to silence at the track's end (or the scene's); default 0"),
        KeySpec("loop", .bool, "repeat the (trimmed) file until the scene ends; default false"),
    ])

    static let canvas = KeyTable(what: "canvas", keys: [
        KeySpec("size", .size(.positive), required: true,
                "root layer size [w, h] in points; times scale, at most \(Limits.maxPixelsPerSide) pixels a side and \(PropertyText.grouped(Double(Limits.maxPixels))) in all"),
        KeySpec("scale", .number(.positive(atMost: Limits.maxScale)), "pixels per point; default 1"),
        KeySpec("fps", .anyOf([.number(.positive(atMost: Limits.maxFPS)), .pattern("^\\+?[0-9]+/\\+?[0-9]+$")]),
                "frames per second, kept exact: 30, 12.5, 29.97 (= 30000/1001) or \"24000/1001\"; default 30"),
        KeySpec("duration", .time(.positive(atMost: Limits.maxDuration)), "scene length; default 1s"),
        KeySpec("background", .color, "root layer backgroundColor; default none (transparent)"),
        KeySpec("variants", .namedMap(.size(.positive)), "named canvas sizes [w, h] in points, picked with --variant"),
    ])

    /// A layer's keys: the table's properties (`LayerProperty.all`, each
    /// with its schema, doc and layer types) and the keys that build the
    /// tree and its time around them.
    static let layer = KeyTable(what: "layer", keys: [
        KeySpec("name", .name, "unique among siblings; letters, digits, '_' and '-', not only digits"),
        KeySpec("type", .choice(LayerType.allCases.map(\.rawValue)), "layer type: layer, shape, text, gradient, replicator, transform (CATransformLayer), scroll, emitter or lottie; default layer"),
    ] + propertyKeys(.layer) + [
        KeySpec("frame", .rect(.nonNegative), "[x, y, w, h] in points, in the superlayer; sets bounds size and position; not with bounds or position"),
        KeySpec("beginTime", .time(.any), "layer time: offset in the superlayer's time; default 0"),
        KeySpec("speed", .number(.nonNegative), "layer time: rate relative to the superlayer; default 1"),
        KeySpec("timeOffset", .time(.any), "layer time: added to the local time; default 0"),
        KeySpec("scene", .string, "a scene file shown as this layer's sublayers (a composition), relative to this file; its canvas is the default bounds"),
        KeySpec("params", .namedMap(.scalar), "with scene: values of the used scene's params"),
    ] + sceneTimingKeys + [
        KeySpec("animations", .list(.anyOf([.ref("animation"), .ref("explicitTransition")])), "explicit animations (CABasicAnimation...) and transitions (CATransition, by its type)"),
        KeySpec("sublayers", .list(.ref("layer")), "sublayers, back to front"),
        KeySpec("constraints", .list(.ref("constraint")), "CAConstraints laid out by the superlayer, at most two per axis; see docs/layout.md"),
        KeySpec("autoresizingMask", .anyOf([.choice(autoresizingNames), .list(.choice(autoresizingNames))]),
                "how the layer follows its superlayer's size changes: a list of \(autoresizingNames.joined(separator: ", ")); default none"),
        KeySpec("actions", .namedMap(.anyOf([.ref("animation"), .ref("transition"), .null])), "property name -> the animation or transition a transaction runs when it changes, or null for none"),
        KeySpec("mask", .ref("layer"), "a layer (with sublayers and animations) whose alpha masks this one; in this layer's bounds space"),
    ] + propertyKeys(.compositing) + propertyKeys(.type) + lottieKeys, exclusions: ["bounds", "position"].map {
        KeyExclusion(present: ["frame"], excluded: $0,
                     message: "'frame' cannot be combined with '\($0)' on one layer; 'frame' sets the bounds size and the position")
    } + [
        KeyExclusion(present: ["scene"], excluded: "sublayers",
                     message: "a layer with 'scene' has the used scene's layers as its sublayers; put other sublayers in a layer beside it"),
        KeyExclusion(present: ["repeatCount"], excluded: "repeatDuration", message: "'repeatCount' and 'repeatDuration' cannot both be set"),
    ])

    /// Keys that belong to one layer type (`type: transform` has none).
    static let keysByType: [(LayerType, [KeySpec])] = LayerType.allCases.compactMap { type in
        let keys = layer.keys.filter { if case .typeSpecific(let types) = $0.status { return types.contains(type) } else { return false } }
        return keys.isEmpty ? nil : (type, keys)
    }

    /// The layer keys of the table's properties of one group.
    private static func propertyKeys(_ group: PropertyGroup) -> [KeySpec] {
        LayerProperty.all.filter { $0.group == group }.map(KeySpec.init(property:))
    }

    static let animation = KeyTable(what: "animation", keys: [
        KeySpec("keyPath", .animationKeyPath, "required (except for groups and actions): the animated property: position, opacity, transform.rotation.z, bounds.size.width, emitterCells.<cell>.birthRate, ..."),
        KeySpec("type", .choice(animationTypes), "basic (CABasicAnimation, the default), keyframe (the default with values or path), spring, group (the default with animations)"),
        KeySpec("from", .animationValue, "fromValue, of the key path's kind (basic, spring)"),
        KeySpec("to", .animationValue, "toValue, of the key path's kind (basic, spring)"),
        KeySpec("by", .animationValue, "byValue, of the key path's kind (basic, spring)"),
        KeySpec("duration", .time(.nonNegative), "one iteration; 0 (the default) means 0.25s, for springs the settling duration"),
        KeySpec("beginTime", .time(.any), "in the layer's local time (in a group: the group's time); default 0"),
        KeySpec("timeOffset", .time(.any), "default 0"),
        KeySpec("speed", .number(.nonNegative), "default 1"),
        KeySpec("repeatCount", .repeatCount, "number of 0 or more, or inf; default 0 (once)"),
        KeySpec("repeatDuration", .time(.nonNegative), "seconds of repeating; not with repeatCount"),
        KeySpec("autoreverses", .bool, "default false"),
        KeySpec("fillMode", .choice(FillMode.allCases.map(\.rawValue)), "default removed"),
        KeySpec("removedOnCompletion", .bool, "default true"),
        KeySpec("additive", .bool, "add to the value below instead of replacing it; default false"),
        KeySpec("cumulative", .bool, "each repeat continues from where the last ended; default false"),
        KeySpec("timingFunction", .timingFunction, "linear|easeIn|easeOut|easeInEaseOut|default or [c1x, c1y, c2x, c2y]; default linear"),
        KeySpec("valueFunction", .choice(ValueFunction.allCases.map(\.rawValue)), "CAValueFunction on a transform key path: the values are angles (rotateX/Y/Z), factors (scaleX/Y/Z), lengths (translateX/Y/Z) or [x, y(, z)] (scale, translate) made into the transform"),
        KeySpec("values", .list(.animationValue), "keyframe: one value per keyframe, of the key path's kind"),
        KeySpec("path", .string, "keyframe: SVG path data the point moves along (position, anchorPoint, ...); its points are the keyframes"),
        KeySpec("keyTimes", .list(.number(.unit)), "keyframe: one per keyframe (discrete: or one more), 0 to 1, not decreasing, first 0, last 1"),
        KeySpec("timingFunctions", .list(.timingFunction), "keyframe: one per segment between keyframes"),
        KeySpec("calculationMode", .choice(KeyframeAnimation.CalculationMode.allCases.map(\.rawValue)), "keyframe: default linear"),
        KeySpec("tensionValues", .list(.number(.any)), "keyframe, cubic modes: Kochanek-Bartels tension per value; default 0"),
        KeySpec("continuityValues", .list(.number(.any)), "keyframe, cubic modes: Kochanek-Bartels continuity per value; default 0"),
        KeySpec("biasValues", .list(.number(.any)), "keyframe, cubic modes: Kochanek-Bartels bias per value; default 0"),
        KeySpec("rotationMode", .choice(KeyframeAnimation.RotationMode.allCases.map(\.rawValue)), "keyframe with path: turn the layer to the path's tangent (autoReverse: facing back)"),
        KeySpec("mass", .number(.positive), "spring: greater than 0; default 1"),
        KeySpec("stiffness", .number(.positive), "spring: greater than 0; default 100"),
        KeySpec("damping", .number(.nonNegative), "spring: 0 or more; default 10"),
        KeySpec("perceptualDuration", .time(.positive(atMost: Limits.maxDuration)), "spring (iOS 17): the pace, the undamped period; with bounce instead of mass, stiffness, damping; default 0.5s"),
        KeySpec("bounce", .number(Bound(min: -1, minInclusive: false, max: 1)), "spring (iOS 17): 0 no bounce (critical), up to 1 (undamped); negative over-damps; default 0"),
        KeySpec("response", .time(.positive(atMost: Limits.maxDuration)), "spring (SwiftUI): the undamped period; with dampingRatio instead of mass, stiffness, damping; default 0.5s"),
        KeySpec("dampingRatio", .number(.nonNegative), "spring (SwiftUI): 1 is critical, below bounces, above over-damps; default 0.825"),
        KeySpec("initialVelocity", .number(.any), "spring: distances per second toward the target; default 0"),
        KeySpec("allowsOverdamping", .bool, "spring: damping above critical is over-damped, not critical; default false"),
        KeySpec("animations", .list(.ref("animation")), "group: the animations, in the group's time"),
    ], exclusions: [
        KeyExclusion(present: ["repeatCount"], excluded: "repeatDuration", message: "'repeatCount' and 'repeatDuration' cannot both be set"),
        KeyExclusion(present: ["from", "to"], excluded: "by", message: "'from', 'to' and 'by' cannot all be set; use two of them"),
        KeyExclusion(present: ["path"], excluded: "values", message: "'values' and 'path' cannot both be set; the path's points are the keyframes"),
    ])

    /// Animation types (`type:`).
    static let animationTypes = AnimationKind.allCases.map(\.rawValue)
    /// The type of an animation without `type` and without the keys below.
    static let defaultAnimationType = "basic"
    /// The type an animation without `type` has when one of these keys is
    /// there (the first that matches): keyframe with `values` or `path`, group with `animations`.
    static let animationTypeImpliedBy: [(type: String, keys: [String])] = [
        ("keyframe", ["values", "path"]), ("group", ["animations"]),
    ]

    /// Keys that belong to one animation type (the others are common to all but groups).
    static let animationKeysByType: [(String, [String])] = [
        ("basic", ["from", "to", "by"]),
        ("spring", ["from", "to", "by", "mass", "stiffness", "damping", "perceptualDuration", "bounce", "response",
                    "dampingRatio", "initialVelocity", "allowsOverdamping"]),
        ("keyframe", ["values", "path", "keyTimes", "timingFunctions", "calculationMode", "tensionValues",
                      "continuityValues", "biasValues", "rotationMode"]),
        ("group", ["animations"]),
    ]

    /// The keys of the other animation types that are not `type`'s own, each
    /// once, in `animationKeysByType` order: the keys an animation of `type` may not have.
    static func foreignAnimationKeys(of type: String) -> [String] {
        foreignAnimationKeysByType[type] ?? foreignKeys(of: type)
    }

    /// `foreignAnimationKeys(of:)` of every type, made once: every animation is checked.
    private static let foreignAnimationKeysByType: [String: [String]] = Dictionary(
        uniqueKeysWithValues: animationKeysByType.map { ($0.0, foreignKeys(of: $0.0)) })

    private static func foreignKeys(of type: String) -> [String] {
        let own = Set(animationKeysByType.first { $0.0 == type }?.1 ?? [])
        var seen: Set<String> = []
        return animationKeysByType.flatMap(\.1).filter { !own.contains($0) && seen.insert($0).inserted }
    }

    static let timingFunctionNames = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
    /// Names of other tools (CSS, easing libraries) and the timing function they mean.
    static let timingFunctionAliases = [
        "easeInOut": "easeInEaseOut", "ease-in-out": "easeInEaseOut", "ease-in": "easeIn", "ease-out": "easeOut",
        "ease": "default",
    ]

    static let transaction = KeyTable(what: "transaction", keys: [
        KeySpec("at", .time(.closed(0, Limits.maxDuration)), "commit time in scene time; required on top-level entries, not on nested ones"),
        KeySpec("duration", .time(.positive(atMost: Limits.maxDuration)), "animationDuration of implicit animations; default 0.25s (nested: the outer one's)"),
        KeySpec("timingFunction", .timingFunction, "of implicit animations; default 'default' (nested: the outer one's)"),
        KeySpec("disableActions", .bool, "change values without animations; default false (nested: the outer one's)"),
        KeySpec("transition", .anyOf([.ref("transition"), .null]), "a transition for every layer whose properties this transaction sets; null clears an outer one"),
        KeySpec("set", .changes, "'layer/path.keyPath: value' changes, e.g. card.opacity: 0.5"),
        KeySpec("transactions", .list(.ref("nestedTransaction")), "nested transactions: commit with this one, inherit and may override its settings"),
    ])

    static let transition = KeyTable(what: "transition", keys: [
        KeySpec("type", .choice(Transition.Kind.allCases.map(\.rawValue)), required: true, "fade, moveIn, push or reveal"),
        KeySpec("subtype", .choice(Transition.Subtype.allCases.map(\.rawValue)), "the side the motion comes from (on screen); default fromLeft"),
        KeySpec("duration", .time(.positive(atMost: Limits.maxDuration)), "default: the transaction's duration"),
        KeySpec("timingFunction", .timingFunction, "default: the transaction's timing function"),
        KeySpec("startProgress", .number(.unit), "0 to 1; default 0"),
        KeySpec("endProgress", .number(.unit), "0 to 1, not below startProgress; default 1"),
    ])

    /// A CATransition added to a layer as an explicit animation (`animations:`).
    static let explicitTransition = KeyTable(what: "transition", keys: [
        KeySpec("type", .choice(Transition.Kind.allCases.map(\.rawValue)), required: true, "CATransition: fade, moveIn, push or reveal"),
        KeySpec("subtype", .choice(Transition.Subtype.allCases.map(\.rawValue)), "the side the motion comes from (on screen); default fromLeft"),
        KeySpec("beginTime", .time(.closed(-Limits.maxDuration, Limits.maxDuration)), "in the layer's local time: the old state is the layer just before it; default 0"),
        KeySpec("duration", .time(.positive(atMost: Limits.maxDuration)), "default 0.25s"),
        KeySpec("timingFunction", .timingFunction, "default linear"),
        KeySpec("startProgress", .number(.unit), "0 to 1; default 0"),
        KeySpec("endProgress", .number(.unit), "0 to 1, not below startProgress; default 1"),
    ])

    static let golden = KeyTable(what: "golden", keys: [
        KeySpec("frames", .list(.goldenFrame), required: true,
                "frames to check: frame numbers, times with a unit (2s), or {frame: N} / {time: T} with a tolerance"),
        KeySpec("tolerance", .ref("tolerance"), "tolerance for every frame; default channel 2, pixels 0.001"),
        KeySpec("variants", .list(.name), "canvas.variants whose frames are checked too, under golden/<scene>@<variant>/; default every variant"),
    ])

    static let goldenFrame = KeyTable(what: "golden frame", keys: [
        KeySpec("frame", .integer(.nonNegative), "frame number (frame i is at i / fps)"),
        KeySpec("time", .time(.closed(0, Limits.maxDuration)), "time; rounds to the nearest frame"),
        KeySpec("tolerance", .ref("tolerance"), "overrides keys of the golden tolerance for this frame"),
    ], exclusions: [
        KeyExclusion(present: ["frame"], excluded: "time", message: "a golden frame takes 'frame' or 'time', not both"),
    ])

    static let tolerance = KeyTable(what: "tolerance", keys: [
        KeySpec("channel", .integer(.closed(Double(Tolerance.channelRange.lowerBound), Double(Tolerance.channelRange.upperBound))), "largest per-channel difference that counts as equal; default 2"),
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

    /// A `constraints` entry (CAConstraint).
    static let constraint = KeyTable(what: "constraint", keys: [
        KeySpec("attribute", .choice(LayoutAttribute.allCases.map(\.rawValue)), required: true,
                "the constrained attribute of this layer's frame (y down: minY is the top edge)"),
        KeySpec("relativeTo", .name, required: true, "'superlayer' (its bounds) or the name of a sibling layer (its frame)"),
        KeySpec("target", .choice(LayoutAttribute.allCases.map(\.rawValue)), required: true, "the attribute of relativeTo that is read"),
        KeySpec("scale", .number(.any), "factor: attribute = target * scale + offset; default 1"),
        KeySpec("offset", .length(.any), "points added: attribute = target * scale + offset; default 0"),
    ])

    static let autoresizingNames = AutoresizingMask.named.map(\.name)
}
