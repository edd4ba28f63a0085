import StrataModel

/// Everything that decides a video file's encoding, as one comparable,
/// serializable value: two chunks written with equal settings join with
/// `concat` (same codec, size, time base and pixel format).
public struct VideoSettings: Sendable, Hashable, Codable {
    public var container: VideoContainer
    public var codec: VideoCodec
    /// Pixels.
    public var width: Int
    public var height: Int
    public var frameRate: FrameRate
    /// Keep the frames' alpha (the codec must support it). False composites
    /// translucent pixels over black.
    public var alpha: Bool
    public var options: VideoOptions
    /// The soundtrack's format; nil: no audio stream.
    public var audio: AudioSettings?

    /// `codec` nil: the container's default.
    public init(container: VideoContainer, codec: VideoCodec? = nil, width: Int, height: Int,
                frameRate: FrameRate, alpha: Bool = false, options: VideoOptions = VideoOptions(),
                audio: AudioSettings? = nil) {
        self.container = container; self.codec = codec ?? container.spec.defaultCodec
        self.width = width; self.height = height; self.frameRate = frameRate
        self.alpha = alpha; self.options = options; self.audio = audio
    }

    /// The pixel format the encoder gets.
    var pixelFormatName: String {
        alpha ? (codec.spec.alphaPixelFormat ?? codec.spec.pixelFormat) : codec.spec.pixelFormat
    }

    /// The pixel format of the converted frames: the encoder's, except for
    /// GIF, whose palette step takes straight BGRA.
    var frameFormatName: String { codec == .gif ? "bgra" : pixelFormatName }

    /// Throws a message that names the setting at fault.
    public func validate() throws {
        guard container.spec.codecs.contains(codec) else {
            throw EncodeError("\(container.displayName) cannot hold \(codec.spec.title); \(container.displayName) takes --codec "
                              + container.spec.codecs.map(\.rawValue).joined(separator: ", "))
        }
        guard !alpha || codec.supportsAlpha else { throw EncodeError("\(codec.spec.title) has no alpha channel") }
        guard width > 0, height > 0, width <= Limits.maxPixelsPerSide, height <= Limits.maxPixelsPerSide else {
            throw EncodeError("video size \(width)x\(height) is out of range (1...\(Limits.maxPixelsPerSide) per side)")
        }
        try Self.checkSize(width: width, height: height, codec: codec)
        if container == .gif, frameRate.framesPerSecond > 100 {
            throw EncodeError("GIF frame delays are in 1/100 s: \(frameRate) fps would need delays of 0; use --fps 50 or less")
        }
        if let audio, audio.codec != container.spec.audio {
            throw EncodeError("\(container.displayName) takes \(container.spec.audio?.rawValue ?? "no") audio, not \(audio.codec.rawValue)")
        }
        try options.validate(for: codec)
    }

    /// The codec's size rule that `width` x `height` breaks (chroma
    /// subsampling, encoder minimums), as "H.264 (libx264) 4:2:0 needs an
    /// even width and height"; nil when the size is fine.
    public static func sizeProblem(width: Int, height: Int, codec: VideoCodec) -> String? {
        let title = codec.spec.title
        switch codec.spec.sampling {
        case .yuv420 where !width.isMultiple(of: 2) || !height.isMultiple(of: 2):
            return "\(title) 4:2:0 needs an even width and height"
        case .yuv422 where !width.isMultiple(of: 2):
            return "\(title) 4:2:2 needs an even width"
        default:
            if codec == .av1, width < 64 || height < 64 { return "\(title) needs at least 64x64 pixels" }
            return nil
        }
    }

    /// Throws `sizeProblem` with the size.
    public static func checkSize(width: Int, height: Int, codec: VideoCodec) throws {
        if let problem = sizeProblem(width: width, height: height, codec: codec) {
            throw EncodeError("video size \(width)x\(height) is not allowed: \(problem)")
        }
    }
}

/// The soundtrack's encoding: 48 kHz stereo float samples in, `codec` out.
public struct AudioSettings: Sendable, Hashable, Codable {
    public var codec: AudioCodec
    /// Samples per second per channel.
    public var sampleRate: Int
    /// Interleaved channels of the samples given to the writer (2: stereo).
    public var channels: Int

    public init(codec: AudioCodec, sampleRate: Int = 48_000, channels: Int = 2) {
        self.codec = codec; self.sampleRate = sampleRate; self.channels = channels
    }
}
