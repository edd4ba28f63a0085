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
        KeySpec("contents", .anyOf([.string, .ref("mediaContents")]),
                "an asset name or a path relative to the scene file: a PNG, JPEG or WebP image, an SVG, a Lottie JSON or a video (the kind from the file's content); or {video: ..., start, trim, rate, loop, audio} / {lottie: ..., start, trim, speed, loop}"),
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

    /// `contents: {video: ...}` / `{lottie: ...}`: how the layer plays the media.
    static let mediaContents = KeyTable(what: "media contents", keys: [
        KeySpec("video", .string, "a video file (MP4/MOV, WebM/MKV, AVI, GIF, ...): an asset name or a path relative to the scene file"),
        KeySpec("lottie", .string, "a Lottie (Bodymovin JSON) file: an asset name or a path relative to the scene file"),
        KeySpec("start", .time(.closed(-Limits.maxDuration, Limits.maxDuration)), "the layer's local time at which the first (trimmed) frame shows; default 0"),
        KeySpec("trim", .tuple([.time(.nonNegative), .time(.nonNegative)]), "[from, to]: the part played, in seconds of the media; default all of it"),
        KeySpec("rate", .number(.closed(-64, 64)), "video: seconds of media per second of layer time, negative plays backwards; default 1"),
        KeySpec("speed", .number(.closed(-64, 64)), "lottie: seconds of animation per second of layer time, negative plays backwards; default 1"),
        KeySpec("loop", .bool, "repeat the (trimmed) media for ever; default false (the last frame holds)"),
        KeySpec("audio", .anyOf([.bool, .ref("clipAudio")]),
                "video: true (or {volume, fadeIn, fadeOut, timePitch}) mixes the clip's sound into the soundtrack, placed and timed as the layer plays the picture; default false"),
    ])

    /// `audio: {...}` of video contents: how the clip's sound is mixed.
    static let clipAudio = KeyTable(what: "clip audio", keys: [
        KeySpec("volume", .anyOf([.number(.nonNegative), .string]), "a gain factor (0.5) or decibels (\"-6dB\"); default 1"),
        KeySpec("fadeIn", .time(.nonNegative), "linear fade from silence where the sound starts (each run of play); default 0"),
        KeySpec("fadeOut", .time(.nonNegative), "linear fade to silence where the sound stops (each run of play); default 0"),
        KeySpec("timePitch", .choice(TimePitch.allCases.map(\.rawValue)),
                "at a rate other than 1: timeDomain keeps the pitch (atempo), varispeed resamples (pitch follows the rate, timing exact); default timeDomain"),
    ])
}
