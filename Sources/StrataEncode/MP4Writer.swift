import CAV
import StrataModel

/// Writes frames to an H.264 MP4 (libx264, yuv420p, BT.709 limited range,
/// tagged on the stream and in the bitstream) at a constant frame rate.
///
///     let writer = try MP4Writer(path: "out.mp4.tmp", width: 1920, height: 1080, fps: 30)
///     for frame in frames { try writer.append(frame) }
///     try writer.finish()
///
/// Frame `i` has presentation time `i / fps` seconds and lasts `1 / fps`.
/// The writer writes exactly to `path`; the caller picks temporary names and
/// renames. Calls must not overlap (it is `Sendable` so that an encode
/// thread can own it); `deinit` frees everything even without `finish()`,
/// leaving an unfinished file behind.
public final class MP4Writer: @unchecked Sendable {
    public let path: String
    public let width: Int
    public let height: Int
    /// Frames per second, as asked for.
    public let fps: Double
    /// `fps` as the exact rational written to the file; the time base is its inverse.
    let frameRate: AVRational
    public let options: VideoOptions
    /// Frames appended so far.
    public private(set) var frameCount = 0

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var encoder: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var converter: FrameConverter?
    private var finished = false

    /// Opens `path` for writing and starts the encoder.
    /// - Parameters:
    ///   - width, height: frame size in pixels; both must be even (4:2:0).
    ///   - fps: frames per second, > 0.
    public init(path: String, width: Int, height: Int, fps: Double, options: VideoOptions = VideoOptions()) throws {
        self.path = path; self.width = width; self.height = height; self.fps = fps; self.options = options
        self.frameRate = AV.rational(fps: fps.isFinite && fps > 0 ? fps : 1)
        guard width > 0, height > 0, width.isMultiple(of: 2), height.isMultiple(of: 2) else {
            throw EncodeError("video size \(width)x\(height) is not allowed: H.264 4:2:0 needs a positive, even width and height")
        }
        guard width <= 16384, height <= 16384 else {
            throw EncodeError("video size \(width)x\(height) is too large (at most 16384 per side)")
        }
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw EncodeError("frame rate \(fps) is out of range (0, 1000]") }
        try options.validate()
        AV.quietLogs()
        try open()
    }

    private func open() throws {
        var format: UnsafeMutablePointer<AVFormatContext>?
        try AV.check(avformat_alloc_output_context2(&format, nil, "mp4", path), "cannot create an MP4 for \(path)")
        self.format = format
        guard let format, let codec = avcodec_find_encoder_by_name("libx264") else {
            throw EncodeError("this libavcodec has no libx264 encoder")
        }
        guard let stream = avformat_new_stream(format, nil), let encoder = avcodec_alloc_context3(codec) else {
            throw EncodeError("out of memory opening \(path)")
        }
        self.stream = stream; self.encoder = encoder

        encoder.pointee.width = Int32(width)
        encoder.pointee.height = Int32(height)
        encoder.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        encoder.pointee.time_base = av_inv_q(frameRate)
        encoder.pointee.framerate = frameRate
        encoder.pointee.thread_count = Int32(options.threads)
        if options.keyframeInterval > 0 { encoder.pointee.gop_size = Int32(options.keyframeInterval) }
        encoder.pointee.color_primaries = AVCOL_PRI_BT709
        encoder.pointee.color_trc = AVCOL_TRC_BT709
        encoder.pointee.colorspace = AVCOL_SPC_BT709
        encoder.pointee.color_range = AVCOL_RANGE_MPEG
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            encoder.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        try AV.check(av_opt_set(encoder.pointee.priv_data, "preset", options.preset, 0), "x264 preset '\(options.preset)'")
        try AV.check(av_opt_set_double(encoder.pointee.priv_data, "crf", options.crf, 0), "x264 crf \(options.crf)")
        try AV.check(avcodec_open2(encoder, codec, nil), "cannot start the H.264 encoder")

        try AV.check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder), "cannot set up the video stream")
        stream.pointee.time_base = encoder.pointee.time_base
        stream.pointee.avg_frame_rate = frameRate
        stream.pointee.r_frame_rate = frameRate

        try AV.check(avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE), "cannot create \(path)")
        var muxerOptions: OpaquePointer?
        defer { av_dict_free(&muxerOptions) }
        if options.fastStart { av_dict_set(&muxerOptions, "movflags", "+faststart", 0) }
        try AV.check(avformat_write_header(format, &muxerOptions), "cannot write the MP4 header of \(path)")

        guard let packet = av_packet_alloc() else { throw EncodeError("out of memory") }
        self.packet = packet
        frame = try Self.allocateFrame(width: width, height: height)
        converter = try FrameConverter.toYUV420(width: width, height: height)
    }

    /// A yuv420p frame with buffers, tagged BT.709 limited range.
    static func allocateFrame(width: Int, height: Int) throws -> UnsafeMutablePointer<AVFrame> {
        guard let frame = av_frame_alloc() else { throw EncodeError("out of memory") }
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointee.color_trc = AVCOL_TRC_BT709
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        let status = av_frame_get_buffer(frame, 0)
        if status < 0 {
            var owned: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&owned)
            try AV.check(status, "cannot allocate a \(width)x\(height) video frame")
        }
        return frame
    }

    /// Encodes `frame` as the next frame. Its size must be the writer's.
    public func append(_ pixmap: Pixmap) throws {
        guard !finished, let frame, encoder != nil, let converter else {
            throw EncodeError("cannot append to \(path): the video is already finished")
        }
        guard pixmap.width == width, pixmap.height == height else {
            throw EncodeError("frame \(frameCount) is \(pixmap.width)x\(pixmap.height), the video is \(width)x\(height)")
        }
        // The encoder may still hold the previous buffer; get a private one.
        try AV.check(av_frame_make_writable(frame), "cannot allocate a video frame")
        converter.convert(pixmap, into: frame)
        try encode(frame)
    }

    /// Encodes a frame converted beforehand (on another thread, say) as the
    /// next frame. Its size must be the writer's. The encoder takes its own
    /// reference to the buffers; `video` may be converted into again afterwards.
    public func append(_ video: VideoFrame) throws {
        guard !finished, encoder != nil else {
            throw EncodeError("cannot append to \(path): the video is already finished")
        }
        guard let frame = video.frame, video.width == width, video.height == height else {
            throw EncodeError("frame \(frameCount) is \(video.width)x\(video.height), the video is \(width)x\(height)")
        }
        try encode(frame)
    }

    private func encode(_ frame: UnsafeMutablePointer<AVFrame>) throws {
        guard let encoder else { return }
        frame.pointee.pts = Int64(frameCount)
        try AV.check(avcodec_send_frame(encoder, frame), "cannot encode frame \(frameCount) of \(path)")
        frameCount += 1
        try writePackets()
    }

    /// Flushes the encoder and writes the MP4 index. Calling it again does nothing.
    public func finish() throws {
        guard !finished else { return }
        finished = true
        guard let encoder, let format else { return }
        try AV.check(avcodec_send_frame(encoder, nil), "cannot flush the encoder of \(path)")
        try writePackets()
        try AV.check(av_write_trailer(format), "cannot finish \(path)")
        try AV.check(avio_closep(&format.pointee.pb), "cannot close \(path)")
    }

    /// Moves every packet the encoder has ready into the file.
    private func writePackets() throws {
        guard let encoder, let packet, let stream, let format else { return }
        while true {
            let status = avcodec_receive_packet(encoder, packet)
            if status == strata_averror_eagain() || status == strata_averror_eof() { return }
            try AV.check(status, "H.264 encoding failed for \(path)")
            // x264 leaves durations at 0, which breaks the MP4's duration and
            // average frame rate: every frame lasts one tick of 1/fps.
            packet.pointee.duration = 1
            av_packet_rescale_ts(packet, encoder.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            // Takes the packet's data, also on failure.
            try AV.check(av_interleaved_write_frame(format, packet), "cannot write \(path)")
        }
    }

    deinit {
        converter = nil
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&encoder)
        if let format {
            if format.pointee.pb != nil, format.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
                avio_closep(&format.pointee.pb)
            }
            avformat_free_context(format)
        }
    }
}
