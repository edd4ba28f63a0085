/// Encoder tuning from the command line, for any `VideoCodec`; values that
/// a codec does not use are ignored (the CLI warns about them).
public struct VideoOptions: Sendable, Hashable, Codable {
    /// Constant rate factor within the codec's `spec.crf` range (lower is
    /// better); nil: the codec's default (H.264 20).
    public var crf: Double?
    /// An x264 preset name (see `presets`): faster presets give larger
    /// files. x265 takes the same names; SVT-AV1 and libvpx get the speed
    /// of the same rank.
    public var preset: String
    /// Encoder threads. Always explicit: the bytes x264 writes depend on the
    /// thread count, and 0 ("auto") would tie them to the machine's cores.
    public var threads: Int
    /// Move the index (moov) to the front after writing, so players can
    /// start before the whole file has arrived. Costs one extra file copy.
    public var fastStart: Bool
    /// GIF, APNG and WebP: how many times the animation plays; 0 forever.
    public var loop: Int
    /// GIF: one palette for the whole video or one per frame.
    public var gifPalette: GIFPalette
    /// GIF: how colours between palette entries are approximated.
    public var gifDither: GIFDither
    /// Codecs with inter frames (`VideoCodec.hasInterFrames`): at most this
    /// many frames from one key frame to the next (libavcodec `gop_size`:
    /// x264/x265 keyint, libvpx kf_max_dist, SVT-AV1 intra period), so a
    /// player or a chunk join finds a seek point at least that often; nil:
    /// the encoder's default (x264 250 frames).
    public var keyframeInterval: Int?

    public init(crf: Double? = nil, preset: String = "veryfast", threads: Int = 2, fastStart: Bool = true,
                loop: Int = 0, gifPalette: GIFPalette = .video, gifDither: GIFDither = .sierra,
                keyframeInterval: Int? = nil) {
        self.crf = crf; self.preset = preset; self.threads = threads; self.fastStart = fastStart
        self.loop = loop; self.gifPalette = gifPalette; self.gifDither = gifDither
        self.keyframeInterval = keyframeInterval
    }

    /// Encoder threads a writer may use.
    public static let threadRange = 1...64

    /// x264's preset names, fastest first.
    public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast",
                                 "medium", "slow", "slower", "veryslow", "placebo"]

    /// `loop` values: GIF, APNG and WebP store the count in 16 bits; 0 plays forever.
    public static let loopRange = 0...65_535

    /// `keyframeInterval` values, in frames (1: every frame is a key frame).
    public static let keyframeIntervalRange = 1...100_000

    /// The preset's rank, 0 (ultrafast) ... 9 (placebo).
    var presetRank: Int { Self.presets.firstIndex(of: preset) ?? 2 }

    /// Throws a message naming the bad setting and what is allowed,
    /// the CRF within `codec`'s range.
    public func validate(for codec: VideoCodec) throws {
        try validate()
        if let crf, let range = codec.spec.crf?.range {
            guard crf.isFinite, range.contains(crf) else {
                let text = crf == crf.rounded() && abs(crf) < 1e9 ? String(Int(crf)) : String(crf)
                throw EncodeError("crf \(text) is out of range \(Int(range.lowerBound))...\(Int(range.upperBound)) for \(codec.spec.title)")
            }
        }
    }

    /// The settings that do not depend on the codec: preset, threads, loop, key frame interval.
    public func validate() throws {
        guard Self.presets.contains(preset) else {
            throw EncodeError("unknown preset '\(preset)'; valid presets: \(Self.presets.joined(separator: ", "))")
        }
        guard Self.threadRange.contains(threads) else {
            throw EncodeError("encoder threads must be \(Self.threadRange.lowerBound)...\(Self.threadRange.upperBound), got \(threads)")
        }
        guard Self.loopRange.contains(loop) else {
            throw EncodeError("loop count \(loop) is out of range \(Self.loopRange.lowerBound)...\(Self.loopRange.upperBound) (0 plays forever)")
        }
        if let keyframeInterval, !Self.keyframeIntervalRange.contains(keyframeInterval) {
            let range = Self.keyframeIntervalRange
            throw EncodeError("key frame interval \(keyframeInterval) is out of range \(range.lowerBound)...\(range.upperBound) frames")
        }
    }

    /// The CRF the encoder gets.
    public func crf(for codec: VideoCodec) -> Double? { codec.spec.crf.map { crf ?? $0.default } }
}

/// `--gif-palette`: where the 256 colours of a GIF come from.
public enum GIFPalette: String, CaseIterable, Sendable, Hashable, Codable {
    /// One palette from the colours of every frame (libavfilter palettegen
    /// `stats_mode=full`): smallest files, no palette flicker.
    case video
    /// A palette per frame (`stats_mode=single`, paletteuse `new=1`): best
    /// colours for content whose colours change, larger files.
    case frame
}

/// `--gif-dither`: libavfilter paletteuse's dithering.
public enum GIFDither: String, CaseIterable, Sendable, Hashable, Codable {
    /// Error diffusion (sierra2_4a): smooth gradients, the default.
    case sierra
    case floydSteinberg = "floyd-steinberg"
    /// Ordered 8x8 Bayer dithering: a regular pattern that compresses well and does not crawl between frames.
    case bayer
    /// Nearest palette colour: flat UI colours stay exact; gradients band.
    case none

    /// paletteuse's `dither` value.
    var filterName: String {
        switch self {
        case .sierra: "sierra2_4a"
        case .floydSteinberg: "floyd_steinberg"
        case .bayer: "bayer"
        case .none: "none"
        }
    }
}
