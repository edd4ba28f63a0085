import CAV
import StrataModel

/// Writes frames (and a soundtrack) to any `VideoContainer` with the codec
/// of `settings`: H.264/HEVC/AV1 MP4, ProRes/H.264/HEVC MOV, VP9/AV1
/// WebM, GIF, APNG, animated WebP.
///
///     let writer = try VideoWriter(path: "out.mp4.tmp", settings: settings)
///     for frame in frames { try writer.append(frame) }
///     try writer.finish()
///
/// Frame `i` has presentation time `i * den / num` seconds exactly (the
/// stream's time base is the frame rate's inverse) and lasts one frame. GIF
/// counts in 1/100 s: frame `i` starts at `round(100 i den / num)`
/// hundredths, so the delays, rounded one by one, add up to the duration.
/// YUV streams are tagged BT.709, limited range (10-bit ProRes too).
///
/// The writer writes exactly to `path`; the caller picks temporary names and
/// renames. Calls must not overlap (it is `Sendable` so that an encode
/// thread can own it); `deinit` frees everything even without `finish()`,
/// leaving an unfinished file behind.
public final class VideoWriter: @unchecked Sendable {
    public let path: String
    public let settings: VideoSettings
    /// Frames appended so far.
    public private(set) var frameCount = 0
    /// Audio samples (per channel) appended so far.
    public var audioSampleCount: Int { audio?.samplesAppended ?? 0 }

    private let muxer: Muxer
    private let video: EncoderStream
    private let audio: AudioEncoder?
    private let palettizer: GIFPalettizer?
    /// For `append(Pixmap)`: made on first use.
    private var converter: VideoFrameConverter?
    private let scratch = VideoFrame()
    private var finished = false

    /// Opens `path` for writing and starts the encoders; `settings` are validated first.
    /// `metadata` are the file's tags (a chunk segment's identity, `strata_segment`).
    public init(path: String, settings: VideoSettings, metadata: [String: String] = [:]) throws {
        self.path = path; self.settings = settings
        try settings.validate()
        AV.quietLogs()
        let muxer = try Muxer(path: path, container: settings.container)
        self.muxer = muxer
        video = try EncoderStream(muxer: muxer, codecName: settings.codec.spec.encoder, title: settings.codec.spec.title) {
            [settings] in try VideoEncoderSetup.configure($0, settings)
        }
        // x264 (and others) leave durations at 0, which breaks the MP4's
        // duration and average frame rate: every frame lasts one tick.
        video.defaultDuration = 1
        let rate = AVRational(num: Int32(settings.frameRate.numerator), den: Int32(settings.frameRate.denominator))
        video.stream.pointee.avg_frame_rate = rate
        video.stream.pointee.r_frame_rate = rate
        audio = try settings.audio.map { try AudioEncoder(muxer: muxer, settings: $0) }
        palettizer = settings.codec == .gif
            ? try GIFPalettizer(width: settings.width, height: settings.height, alpha: settings.alpha,
                                palette: settings.options.gifPalette, dither: settings.options.gifDither)
            : nil
        try muxer.start(options: VideoEncoderSetup.muxerOptions(settings), metadata: metadata)
    }

    /// An H.264 MP4 at `fps` frames per second (exact for integers and the
    /// NTSC rates), as Strata wrote before other formats existed.
    public convenience init(path: String, width: Int, height: Int, fps: Double, options: VideoOptions = VideoOptions()) throws {
        guard let rate = FrameRate(decimal: fps), fps <= 1000 else {
            throw EncodeError("frame rate \(fps) is out of range (0, 1000]")
        }
        try self.init(path: path, settings: VideoSettings(container: .mp4, width: width, height: height,
                                                          frameRate: rate, options: options))
    }

    /// Converts and encodes `pixmap` as the next frame. Its size must be the writer's.
    public func append(_ pixmap: Pixmap) throws {
        try checkOpen()
        guard pixmap.width == settings.width, pixmap.height == settings.height else {
            throw EncodeError("frame \(frameCount) is \(pixmap.width)x\(pixmap.height), the video is \(settings.width)x\(settings.height)")
        }
        if converter == nil { converter = try VideoFrameConverter(settings: settings) }
        try converter!.convert(pixmap, into: scratch)
        try append(scratch)
    }

    /// Encodes a frame converted beforehand (on another thread, say, by a
    /// `VideoFrameConverter` with the same settings) as the next frame. The
    /// encoder takes its own reference; `video` may be converted into again.
    public func append(_ video: VideoFrame) throws {
        try checkOpen()
        guard let frame = video.frame, video.width == settings.width, video.height == settings.height else {
            throw EncodeError("frame \(frameCount) is \(video.width)x\(video.height), the video is \(settings.width)x\(settings.height)")
        }
        let index = frameCount
        frameCount += 1
        if let palettizer {
            frame.pointee.pts = Int64(settings.frameRate.sample(ofFrame: index, samplesPerSecond: 100))
            try palettizer.push(frame) { try self.video.send($0, to: muxer) }
        } else {
            frame.pointee.pts = Int64(index)
            // The file starts with a key frame: an IDR (VideoEncoderSetup asks for IDRs and closed GOPs).
            frame.pointee.pict_type = index == 0 ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE
            try self.video.send(frame, to: muxer)
        }
    }

    /// Appends interleaved soundtrack samples (`settings.audio` channels,
    /// floats in -1...1). Give them in step with the frames (up to the end
    /// of each frame) so that the file interleaves well.
    public func appendAudio(_ samples: ArraySlice<Float>) throws {
        try checkOpen()
        guard let audio else { throw EncodeError("\(path) has no audio stream") }
        try audio.append(samples, to: muxer)
    }

    /// Flushes the encoders and writes the index. Calling it again does nothing.
    public func finish() throws {
        guard !finished else { return }
        finished = true
        if let palettizer {
            try palettizer.finish { try self.video.send($0, to: muxer) }
            // The last frame's delay: what is left of the duration after its start.
            let rate = settings.frameRate
            let last = rate.sample(ofFrame: frameCount, samplesPerSecond: 100)
                - rate.sample(ofFrame: max(0, frameCount - 1), samplesPerSecond: 100)
            muxer.setOption("final_delay", Int64(last))
        }
        try video.send(nil, to: muxer)
        try audio?.finish(to: muxer)
        try muxer.finish()
    }

    private func checkOpen() throws {
        if finished { throw EncodeError("cannot append to \(path): the video is already finished") }
    }
}
