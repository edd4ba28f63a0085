/// H.264 (libx264) settings for `MP4Writer`.
public struct VideoOptions: Sendable, Hashable {
    /// Constant rate factor, 0 (lossless) ... 51; about 18-23 looks clean.
    public var crf: Double
    /// An x264 preset name (see `presets`): faster presets give larger files.
    public var preset: String
    /// Encoder threads. Always explicit: the bytes x264 writes depend on the
    /// thread count, and 0 ("auto") would tie them to the machine's cores.
    public var threads: Int
    /// Move the index (moov) to the front after writing, so players can
    /// start before the whole file has arrived. Costs one extra file copy.
    public var fastStart: Bool
    /// Frames between key frames at most (x264's keyint); 0: the encoder's default (250).
    public var keyframeInterval: Int

    public init(crf: Double = 20, preset: String = "veryfast", threads: Int = 2, fastStart: Bool = true,
                keyframeInterval: Int = 0) {
        self.crf = crf; self.preset = preset; self.threads = threads; self.fastStart = fastStart
        self.keyframeInterval = keyframeInterval
    }

    /// Constant rate factors x264 takes.
    public static let crfRange = 0.0...51.0
    /// Encoder threads a writer may use.
    public static let threadRange = 1...64

    /// x264's preset names, fastest first.
    public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast",
                                 "medium", "slow", "slower", "veryslow", "placebo"]

    /// Throws a message naming the bad setting and what is allowed.
    public func validate() throws {
        guard Self.presets.contains(preset) else {
            throw EncodeError("unknown x264 preset '\(preset)'; valid presets: \(Self.presets.joined(separator: ", "))")
        }
        guard crf.isFinite, Self.crfRange.contains(crf) else {
            throw EncodeError("crf \(crf) is out of range \(Self.crfRange.lowerBound)...\(Self.crfRange.upperBound)")
        }
        guard (0...100_000).contains(keyframeInterval) else {
            throw EncodeError("the key frame interval must be 0...100000 frames, got \(keyframeInterval)")
        }
        guard Self.threadRange.contains(threads) else {
            throw EncodeError("encoder threads must be \(Self.threadRange.lowerBound)...\(Self.threadRange.upperBound), got \(threads)")
        }
    }
}
