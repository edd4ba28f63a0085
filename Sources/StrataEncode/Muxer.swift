import CAV

/// Owns an output file's libavformat context: streams are added, then the
/// header is written, packets go in interleaved, the trailer closes it.
final class Muxer {
    let path: String
    let container: VideoContainer
    private(set) var format: UnsafeMutablePointer<AVFormatContext>?

    init(path: String, container: VideoContainer) throws {
        self.path = path; self.container = container
        var format: UnsafeMutablePointer<AVFormatContext>?
        try AV.check(avformat_alloc_output_context2(&format, nil, container.spec.muxer, path),
                     "cannot create a \(container.displayName) file for \(path)")
        guard format != nil else { throw EncodeError("cannot create a \(container.displayName) file for \(path)") }
        self.format = format
        // Opus packets start at -312 samples (its priming); `EncoderStream`
        // moves them by the priming for WebM, so nothing is negative, and
        // libavformat's own shift (which would delay the video too) stays off.
        if container == .webm { format?.pointee.avoid_negative_ts = AVFMT_AVOID_NEG_TS_DISABLED }
    }

    /// Whether encoders must put codec headers in extradata (MP4, MOV, WebM).
    var wantsGlobalHeader: Bool {
        guard let format else { return false }
        return format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0
    }

    func addStream() throws -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(format, nil) else { throw EncodeError("out of memory opening \(path)") }
        return stream
    }

    /// Opens the file and writes the header; `options` are the muxer's
    /// (movflags, loop...), `metadata` the file's tags (any keys: MP4 and MOV
    /// write them as `mdta` keys, Matroska as tags; libavformat reads them back).
    func start(options: [String: String], metadata: [String: String] = [:]) throws {
        guard let format else { return }
        var options = options
        if !metadata.isEmpty, container == .mp4 || container == .mov {
            options["movflags", default: ""] += "+use_metadata_tags"
        }
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) { av_dict_set(&format.pointee.metadata, key, value, 0) }
        try AV.check(avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE), "cannot create \(path)")
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in options.sorted(by: { $0.key < $1.key }) { av_dict_set(&dictionary, key, value, 0) }
        try AV.check(avformat_write_header(format, &dictionary), "cannot write the header of \(path)")
    }

    /// Writes one packet (taking its data, also on failure).
    func write(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        try AV.check(av_interleaved_write_frame(format, packet), "cannot write \(path)")
    }

    /// Sets a muxer option after the header (GIF's `final_delay`, read by the trailer).
    func setOption(_ key: String, _ value: Int64) {
        guard let format, let options = format.pointee.priv_data else { return }
        av_opt_set_int(options, key, value, 0)
    }

    func finish() throws {
        guard let format else { return }
        try AV.check(av_write_trailer(format), "cannot finish \(path)")
        try AV.check(avio_closep(&format.pointee.pb), "cannot close \(path)")
    }

    deinit {
        if let format {
            if format.pointee.pb != nil, format.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
                avio_closep(&format.pointee.pb)
            }
            avformat_free_context(format)
        }
    }
}

/// Owns one encoder and the stream its packets go to.
final class EncoderStream {
    let encoder: UnsafeMutablePointer<AVCodecContext>
    let stream: UnsafeMutablePointer<AVStream>
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// What the errors call it: "the H.264 (libx264) encoder".
    let name: String
    /// Packet duration in encoder ticks when the encoder leaves it at 0 (x264 does).
    var defaultDuration: Int64 = 0
    /// Added to every packet's pts and dts, in encoder ticks. Matroska
    /// stores an Opus block at the time of its first *decoded* sample and
    /// the priming as CodecDelay, which players subtract: the block that
    /// holds the priming goes at 0, not at -priming, or the sound plays early.
    var timestampOffset: Int64 = 0

    /// Allocates the encoder `codecName`; `configure` sets it up before it opens.
    init(muxer: Muxer, codecName: String, title: String,
         configure: (UnsafeMutablePointer<AVCodecContext>) throws -> Void) throws {
        name = "the \(title) encoder"
        guard let codec = avcodec_find_encoder_by_name(codecName) else {
            throw EncodeError("this libavcodec has no \(codecName) encoder (for \(title))")
        }
        guard let context = avcodec_alloc_context3(codec), let packet = av_packet_alloc() else {
            throw EncodeError("out of memory")
        }
        self.context = context; self.packet = packet; encoder = context
        stream = try muxer.addStream()
        if muxer.wantsGlobalHeader { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        try configure(context)
        try AV.check(avcodec_open2(context, codec, nil), "cannot start \(name)")
        try AV.check(avcodec_parameters_from_context(stream.pointee.codecpar, context), "cannot set up the stream of \(name)")
        stream.pointee.time_base = context.pointee.time_base
    }

    /// Sends a frame (nil: flush at the end) and writes what comes out.
    func send(_ frame: UnsafeMutablePointer<AVFrame>?, to muxer: Muxer) throws {
        try AV.check(avcodec_send_frame(encoder, frame), "\(name) refused a frame")
        guard let packet else { return }
        while true {
            let status = avcodec_receive_packet(encoder, packet)
            if status == strata_averror_eagain() || status == strata_averror_eof() { return }
            try AV.check(status, "\(name) failed on \(muxer.path)")
            if packet.pointee.duration == 0 { packet.pointee.duration = defaultDuration }
            packet.pointee.pts += timestampOffset
            packet.pointee.dts += timestampOffset
            av_packet_rescale_ts(packet, encoder.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try muxer.write(packet)
        }
    }

    deinit {
        av_packet_free(&packet)
        avcodec_free_context(&context)
    }
}
