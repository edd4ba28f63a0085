import CAV

/// Owns an opened input file and its best stream of one type (video or audio).
final class MediaInput {
    let path: String
    private(set) var format: UnsafeMutablePointer<AVFormatContext>?
    let streamIndex: Int32
    let stream: UnsafeMutablePointer<AVStream>

    init(path: String, type: AVMediaType = AVMEDIA_TYPE_VIDEO) throws {
        self.path = path
        AV.quietLogs()
        var format: UnsafeMutablePointer<AVFormatContext>?
        try AV.check(avformat_open_input(&format, path, nil, nil), "cannot open \(path)")
        guard let format else { throw EncodeError("cannot open \(path)") }
        self.format = format
        do {
            try AV.check(avformat_find_stream_info(format, nil), "cannot read the streams of \(path)")
            let index = av_find_best_stream(format, type, -1, -1, nil, 0)
            guard index >= 0 else {
                throw EncodeError("\(path) has no \(type == AVMEDIA_TYPE_AUDIO ? "audio" : "video") stream")
            }
            streamIndex = index
            stream = format.pointee.streams[Int(index)]!
        } catch {
            avformat_close_input(&self.format)
            throw error
        }
    }

    /// Reads the next packet into `packet`; false at the end of the file.
    func read(into packet: UnsafeMutablePointer<AVPacket>) throws -> Bool {
        let status = av_read_frame(format, packet)
        if status == strata_averror_eof() { return false }
        try AV.check(status, "cannot read \(path)")
        return true
    }

    deinit { avformat_close_input(&format) }
}

/// Owns a decoder for one input stream.
final class MediaDecoder {
    private(set) var context: UnsafeMutablePointer<AVCodecContext>?
    private let path: String

    init(_ input: MediaInput, threads: Int = 1) throws {
        path = input.path
        let parameters = input.stream.pointee.codecpar!
        // libavcodec's own VP9 decoder drops the alpha channel WebM carries beside the picture; libvpx reads it.
        let alphaAware = parameters.pointee.codec_id == AV_CODEC_ID_VP9 ? avcodec_find_decoder_by_name("libvpx-vp9") : nil
        guard let codec = alphaAware ?? avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw EncodeError("\(path): no decoder for \(AV.name(avcodec_get_name(parameters.pointee.codec_id)))")
        }
        context = avcodec_alloc_context3(codec)
        guard let context else { throw EncodeError("out of memory") }
        try AV.check(avcodec_parameters_to_context(context, parameters), "\(path): bad stream parameters")
        context.pointee.thread_count = Int32(max(1, threads))
        context.pointee.pkt_timebase = input.stream.pointee.time_base
        try AV.check(avcodec_open2(context, codec, nil), "cannot start the decoder for \(path)")
    }

    /// Sends a packet, or `nil` to drain at the end of the stream.
    func send(_ packet: UnsafeMutablePointer<AVPacket>?) throws {
        try AV.check(avcodec_send_packet(context, packet), "cannot decode \(path)")
    }

    /// The next decoded frame into `frame`; false when the decoder needs input or is drained.
    func receive(into frame: UnsafeMutablePointer<AVFrame>) throws -> Bool {
        let status = avcodec_receive_frame(context, frame)
        if status == strata_averror_eagain() || status == strata_averror_eof() { return false }
        try AV.check(status, "cannot decode \(path)")
        return true
    }

    deinit { avcodec_free_context(&context) }
}

/// An owned AVPacket and AVFrame pair for read loops.
final class DecodeBuffers {
    let packet: UnsafeMutablePointer<AVPacket>
    let frame: UnsafeMutablePointer<AVFrame>

    init() throws {
        guard let packet = av_packet_alloc() else { throw EncodeError("out of memory") }
        guard let frame = av_frame_alloc() else {
            var p: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&p)
            throw EncodeError("out of memory")
        }
        self.packet = packet; self.frame = frame
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        av_packet_free(&packet)
        av_frame_free(&frame)
    }
}
