/// A file type `-o` can write, picked by the file's extension. Each case's
/// row in `spec` is the one declaration of that format: its extensions,
/// libavformat muxer, default and allowed codecs, and audio codec.
public enum VideoContainer: String, CaseIterable, Sendable, Hashable, Codable {
    case mp4, mov, webm, gif, apng, webp

    public struct Spec: Sendable {
        /// File extensions, lowercase, without the dot; the first is the usual one.
        public let extensions: [String]
        /// libavformat's muxer name.
        let muxer: String
        public let defaultCodec: VideoCodec
        /// Codecs this container takes (`--codec`), the default first.
        public let codecs: [VideoCodec]
        /// The audio codec of a scene's `audio:` tracks; nil: the format has no audio.
        public let audio: AudioCodec?
        /// Whether the format has an index that can move to the front (`fastStart`).
        let hasMoovIndex: Bool
    }

    public var spec: Spec {
        switch self {
        case .mp4: Spec(extensions: ["mp4", "m4v"], muxer: "mp4", defaultCodec: .h264,
                        codecs: [.h264, .hevc, .av1], audio: .aac, hasMoovIndex: true)
        case .mov: Spec(extensions: ["mov"], muxer: "mov", defaultCodec: .prores4444,
                        codecs: [.prores4444, .proresHQ, .prores, .proresLT, .proresProxy, .h264, .hevc],
                        audio: .aac, hasMoovIndex: true)
        case .webm: Spec(extensions: ["webm"], muxer: "webm", defaultCodec: .vp9, codecs: [.vp9, .av1],
                         audio: .opus, hasMoovIndex: false)
        case .gif: Spec(extensions: ["gif"], muxer: "gif", defaultCodec: .gif, codecs: [.gif], audio: nil,
                        hasMoovIndex: false)
        case .apng: Spec(extensions: ["apng"], muxer: "apng", defaultCodec: .apng, codecs: [.apng], audio: nil,
                         hasMoovIndex: false)
        case .webp: Spec(extensions: ["webp"], muxer: "webp", defaultCodec: .webp, codecs: [.webp], audio: nil,
                         hasMoovIndex: false)
        }
    }

    /// The container whose extensions include `ext` (any case).
    public init?(extension ext: String) {
        guard let match = Self.allCases.first(where: { $0.spec.extensions.contains(ext.lowercased()) }) else { return nil }
        self = match
    }

    /// What users call it: `.mp4`, `.mov`...
    public var displayName: String { "." + spec.extensions[0] }
}

/// A video codec `--codec` can name. `spec` is the one declaration of each.
public enum VideoCodec: String, CaseIterable, Sendable, Hashable, Codable {
    case h264, hevc, av1, vp9
    case prores4444 = "prores-4444", proresHQ = "prores-hq", prores, proresLT = "prores-lt", proresProxy = "prores-proxy"
    case gif, apng, webp

    /// How the codec's frames are laid out, which decides size rules and colour tags.
    public enum Sampling: Sendable {
        /// YUV with chroma halved both ways: needs an even width and height.
        case yuv420
        /// YUV with chroma halved horizontally: needs an even width.
        case yuv422
        case yuv444
        /// RGB or palette samples: no YUV matrix, no colour tags (sRGB).
        case rgb
    }

    public struct Spec: Sendable {
        /// libavcodec's encoder name.
        let encoder: String
        /// What users read in messages: "H.264 (libx264)".
        public let title: String
        public let sampling: Sampling
        /// libav pixel format without and with alpha (nil: no alpha).
        let pixelFormat: String
        let alphaPixelFormat: String?
        /// Bits per sample, for messages and docs.
        public let bitDepth: Int
        /// `--crf` range and the default; nil: the codec has no CRF (ProRes, GIF, APNG, WebP).
        public let crf: (range: ClosedRange<Double>, default: Double)?
        /// A sample-entry tag to force (`hvc1` so that Apple players open HEVC).
        let codecTag: String?
        /// prores_ks's `profile`.
        let proresProfile: Int?
    }

    public var spec: Spec {
        switch self {
        case .h264: Spec(encoder: "libx264", title: "H.264 (libx264)", sampling: .yuv420, pixelFormat: "yuv420p",
                         alphaPixelFormat: nil, bitDepth: 8, crf: (0...51, 20), codecTag: nil, proresProfile: nil)
        case .hevc: Spec(encoder: "libx265", title: "HEVC (libx265)", sampling: .yuv420, pixelFormat: "yuv420p",
                         alphaPixelFormat: nil, bitDepth: 8, crf: (0...51, 22), codecTag: "hvc1", proresProfile: nil)
        case .av1: Spec(encoder: "libsvtav1", title: "AV1 (SVT-AV1)", sampling: .yuv420, pixelFormat: "yuv420p",
                        alphaPixelFormat: nil, bitDepth: 8, crf: (1...63, 32), codecTag: nil, proresProfile: nil)
        case .vp9: Spec(encoder: "libvpx-vp9", title: "VP9 (libvpx)", sampling: .yuv420, pixelFormat: "yuv420p",
                        alphaPixelFormat: "yuva420p", bitDepth: 8, crf: (0...63, 31), codecTag: nil, proresProfile: nil)
        case .prores4444: Self.proresSpec("ProRes 4444", .yuv444, profile: 4, alpha: true)
        case .proresHQ: Self.proresSpec("ProRes 422 HQ", .yuv422, profile: 3, alpha: false)
        case .prores: Self.proresSpec("ProRes 422", .yuv422, profile: 2, alpha: false)
        case .proresLT: Self.proresSpec("ProRes 422 LT", .yuv422, profile: 1, alpha: false)
        case .proresProxy: Self.proresSpec("ProRes 422 Proxy", .yuv422, profile: 0, alpha: false)
        case .gif: Spec(encoder: "gif", title: "GIF", sampling: .rgb, pixelFormat: "pal8", alphaPixelFormat: "pal8",
                        bitDepth: 8, crf: nil, codecTag: nil, proresProfile: nil)
        case .apng: Spec(encoder: "apng", title: "APNG", sampling: .rgb, pixelFormat: "rgb24", alphaPixelFormat: "rgba",
                         bitDepth: 8, crf: nil, codecTag: nil, proresProfile: nil)
        case .webp: Spec(encoder: "libwebp_anim", title: "animated WebP (libwebp)", sampling: .rgb, pixelFormat: "bgra",
                         alphaPixelFormat: "bgra", bitDepth: 8, crf: nil, codecTag: nil, proresProfile: nil)
        }
    }

    private static func proresSpec(_ title: String, _ sampling: Sampling, profile: Int, alpha: Bool) -> Spec {
        let format = sampling == .yuv444 ? "yuv444p10le" : "yuv422p10le"
        return Spec(encoder: "prores_ks", title: title + " (prores_ks)", sampling: sampling, pixelFormat: format,
                    alphaPixelFormat: alpha ? "yuva444p10le" : nil, bitDepth: 10, crf: nil, codecTag: nil,
                    proresProfile: profile)
    }

    public var supportsAlpha: Bool { spec.alphaPixelFormat != nil }

    /// Whether frames are predicted from others, so that key frames are
    /// spaced by the encoder (`VideoOptions.keyframeInterval`); ProRes is
    /// intra only, and the animation formats take no interval.
    public var hasInterFrames: Bool {
        switch self {
        case .h264, .hevc, .av1, .vp9: true
        case .prores4444, .proresHQ, .prores, .proresLT, .proresProxy, .gif, .apng, .webp: false
        }
    }

    /// The `--codec` names, in declaration order.
    public static var names: [String] { allCases.map(\.rawValue) }
}

/// The audio codec of a container's soundtrack.
public enum AudioCodec: String, Sendable, Hashable, Codable {
    case aac, opus

    /// libavcodec's encoder name.
    var encoder: String {
        switch self {
        case .aac: "aac"
        case .opus: "libopus"
        }
    }

    /// Bits per second of the encoded track: transparent for music at 48 kHz stereo.
    var bitRate: Int {
        switch self {
        case .aac: 192_000
        case .opus: 160_000
        }
    }
}
