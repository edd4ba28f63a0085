import StrataEncode
import StrataModel

/// The encoder settings every chunk of a render shares, as the manifest
/// shows them and the digest covers them.
public struct EncoderDescription: Sendable, Equatable, Codable {
    /// libav's codec name: `h264`, `png`.
    public var codec: String
    /// The libavcodec encoder (`libx264`); nil for PNG (libpng).
    public var encoder: String?
    public var pixelFormat: String
    public var crf: Double?
    public var preset: String?
    /// Encoder threads (they change the bytes, so they are part of the settings).
    public var threads: Int?
    public var fastStart: Bool?
    /// Every segment starts with a key frame (an IDR) and no frame refers
    /// across a GOP: what joining by stream copy needs.
    public var closedGOP: Bool?

    init(format: ChunkFormat, video: VideoOptions) {
        switch format {
        case .mp4:
            self.init(codec: "h264", encoder: "libx264", pixelFormat: "yuv420p", crf: video.crf, preset: video.preset,
                      threads: video.threads, fastStart: video.fastStart, closedGOP: true)
        case .png:
            self.init(codec: "png", encoder: nil, pixelFormat: "rgba", crf: nil, preset: nil, threads: nil,
                      fastStart: nil, closedGOP: nil)
        }
    }

    init(codec: String, encoder: String?, pixelFormat: String, crf: Double?, preset: String?, threads: Int?,
         fastStart: Bool?, closedGOP: Bool?) {
        self.codec = codec; self.encoder = encoder; self.pixelFormat = pixelFormat; self.crf = crf
        self.preset = preset; self.threads = threads; self.fastStart = fastStart; self.closedGOP = closedGOP
    }

    /// Name → value of every setting that is set.
    var facts: [String: String] {
        var facts = ["codec": codec, "pixelFormat": pixelFormat]
        facts["encoder"] = encoder
        facts["crf"] = crf.map { JSON.format($0) }
        facts["preset"] = preset
        facts["threads"] = threads.map(String.init)
        facts["fastStart"] = fastStart.map { String($0) }
        facts["closedGOP"] = closedGOP.map { String($0) }
        return facts
    }
}
