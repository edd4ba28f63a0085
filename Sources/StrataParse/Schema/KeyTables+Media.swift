import StrataModel

/// The mappings inside a layer's `contents` that play media
/// (docs/compositing.md#contents), and the keys of `type: lottie` layers.
extension KeyTables {
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

    /// `type: lottie` layers' own keys (not properties: they make the layer's
    /// `contents`, `{lottie: animation, loop}`).
    static let lottieKeys: [KeySpec] = [
        .typed(KeySpec("animation", .string, "a Lottie (Bodymovin JSON) file: an asset name or a path relative to the scene file; drawn as the layer's contents, timed by the layer's own time"), [.lottie]),
        .typed(KeySpec("loop", .bool, "repeat the animation for ever; default false (the last frame holds)"), [.lottie]),
    ]
}
