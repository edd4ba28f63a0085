import CAV
import Foundation
import StrataEncode
import StrataModel

/// One open file and decoder of a video, and where it stands: the next
/// packet it will read and the last frame it gave out. It reaches a frame
/// by seeking to the frame's start packet and decoding forward, or, when
/// it already decoded from that key frame on and has not passed the
/// frame, by decoding on. Either way the frame's pixels are the same: they
/// depend only on the packets from the key frame on, so a frame does not
/// depend on what was asked before.
///
/// Not thread-safe: `VideoSource` lends a session to one thread at a time.
final class VideoDecoderSession {
    let path: String
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    let streamIndex: Int32
    let stream: UnsafeMutablePointer<AVStream>
    /// Whether the file also has an audio stream.
    let hasAudio: Bool

    /// Decode-order index of the next packet of the stream to read; nil
    /// when the read position is unknown (opened, or after a failure).
    private var nextPacket: Int?
    /// The key packet the present run of decoding started from.
    private var runStart = -1
    /// The latest timestamp given out in this run.
    private var lastOutput = Int64.min
    /// True once the decoder was drained at the end of the stream.
    private var drained = false
    /// Packets given to the decoder since `takeSentCount` was last called.
    private var packetsSent = 0

    /// Opens `path` (local files only: no network or other protocols, and
    /// only the containers in `VideoFormats`) and the decoder of its best
    /// video stream. `checking`: a decoder for `firstFailure` only, with
    /// `threads` frame threads and no loop filter.
    init(path: String, checking threads: Int? = nil) throws(MediaError) {
        self.path = path
        // Problems come back as located errors; libav's own lines would only repeat them.
        av_log_set_level(AV_LOG_QUIET)
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        av_dict_set(&options, "format_whitelist", VideoFormats.demuxers, 0)
        var format: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&format, "file:" + path, nil, &options)
        guard opened >= 0, let format else {
            throw MediaError(opened == strata_averror_invalid_data() || opened == strata_averror(EINVAL)
                ? "not an image, SVG, Lottie or video file Strata reads (\(VideoFormats.names))"
                : "cannot open the file: \(AV.message(opened))")
        }
        self.format = format
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else { throw MediaError("out of memory") }
        let info = avformat_find_stream_info(format, nil)
        guard info >= 0 else { throw MediaError("cannot read the streams: \(AV.message(info))") }
        let best = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        hasAudio = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0) >= 0
        guard best >= 0 else {
            throw MediaError(hasAudio ? "the file has no video stream (only audio)" : "the file has no video stream")
        }
        streamIndex = best
        stream = format.pointee.streams[Int(best)]!
        // Only this stream's packets are read.
        for i in 0..<Int(format.pointee.nb_streams) where i != Int(best) {
            format.pointee.streams[i]!.pointee.discard = AVDISCARD_ALL
        }
        let parameters = stream.pointee.codecpar!
        let w = Int(parameters.pointee.width), h = Int(parameters.pointee.height)
        guard w > 0, h > 0 else { throw MediaError("the video stream has no frame size") }
        guard w <= VideoLimits.maxSide, h <= VideoLimits.maxSide, w * h <= VideoLimits.maxPixels else {
            throw MediaError("the video is \(w)x\(h) pixels; at most \(VideoLimits.maxSide) per side and \(VideoLimits.maxPixels) in all are allowed")
        }
        guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw MediaError("this libavcodec cannot decode \(AV.name(avcodec_get_name(parameters.pointee.codec_id))) video")
        }
        codec = avcodec_alloc_context3(decoder)
        guard let codec else { throw MediaError("out of memory") }
        guard avcodec_parameters_to_context(codec, parameters) >= 0 else { throw MediaError("bad video stream parameters") }
        // One thread per session: sessions run side by side instead, and a
        // single-threaded decoder gives out each frame as soon as it can.
        codec.pointee.thread_count = 1
        if let threads {
            // Checking only: frame threads decode ahead, and deblocking (which
            // reads no bitstream, so finds no damage) is skipped.
            codec.pointee.thread_count = Int32(max(1, threads))
            codec.pointee.skip_loop_filter = AVDISCARD_ALL
        }
        codec.pointee.max_pixels = Int64(VideoLimits.maxPixels)
        // Damage is an error, never concealed into a half-drawn frame.
        codec.pointee.err_recognition = AV_EF_EXPLODE | AV_EF_CRCCHECK | AV_EF_BITSTREAM
        codec.pointee.error_concealment = 0
        let started = avcodec_open2(codec, decoder, nil)
        guard started >= 0 else { throw MediaError("cannot start the video decoder: \(AV.message(started))") }
        nextPacket = 0
    }

    deinit {
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// Packets sent to the decoder since the last call (what `VideoSource.packetsDecoded` adds up).
    func takeSentCount() -> Int {
        defer { packetsSent = 0 }
        return packetsSent
    }

    /// Reads the whole stream into an index (from the start of the file);
    /// the next decode seeks.
    func scan() throws(MediaError) -> VideoIndex {
        guard let format, let packet else { throw MediaError("out of memory") }
        defer { nextPacket = nil }
        return try VideoIndex.scan(format, streamIndex: streamIndex, packet: packet)
    }

    /// Decodes the packets that make `frames` (presentation order), from
    /// the key frame the first needs, as fast as the decoder can, and
    /// returns where it failed: the decode-order index of the packet last
    /// sent (a frame-threaded decoder reports damage up to `thread_count`
    /// packets late) and the message; nil when every one of `frames` decoded.
    func firstFailure(of frames: ClosedRange<Int>, in index: VideoIndex) throws(MediaError) -> (packet: Int, message: String)? {
        guard let format, let codec, let packet, let frame else { throw MediaError("out of memory") }
        defer { nextPacket = nil }
        try rewind(index)
        let first = frames.map { index.startPacket[$0] }.min() ?? 0
        let last = frames.map { index.packetOfFrame[$0] }.max() ?? 0
        var shown = Set<Int64>(minimumCapacity: frames.count)
        var read = -1, sent = -1
        func receive() -> String? {
            while true {
                let status = avcodec_receive_frame(codec, frame)
                if status == strata_averror_eagain() || status == strata_averror_eof() { return nil }
                guard status >= 0 else { return AV.message(status) }
                defer { av_frame_unref(frame) }
                if frame.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 || frame.pointee.decode_error_flags != 0 {
                    return "a frame decodes damaged"
                }
                shown.insert(frame.pointee.pts != strata_av_nopts_value() ? frame.pointee.pts : frame.pointee.best_effort_timestamp)
            }
        }
        while true {
            let status = av_read_frame(format, packet)
            if status == strata_averror_eof() { break }
            guard status >= 0 else { return (max(sent, 0), "cannot read the video: \(AV.message(status))") }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            read += 1
            // Packets before the first key frame are read past (cheap), after the last one not read.
            guard read >= first else { continue }
            sent = read
            let sendStatus = avcodec_send_packet(codec, packet)
            if sendStatus < 0 { return (sent, AV.message(sendStatus)) }
            if let problem = receive() { return (sent, problem) }
            if read >= last { break }
        }
        _ = avcodec_send_packet(codec, nil)
        if let problem = receive() { return (max(sent, 0), problem) }
        if let missing = frames.first(where: { !shown.contains(index.pts(ofFrame: $0)) }) {
            return (index.packetOfFrame[missing], "frame \(missing) is missing from the decoded video")
        }
        return nil
    }

    /// Packets to decode to reach frame `i`: on from where the session
    /// stands when it can, or after seeking, whichever is fewer.
    func cost(of i: Int, in index: VideoIndex) -> Int {
        min(packetsToContinue(to: i, in: index) ?? .max, index.seekCost(ofFrame: i))
    }

    /// Packets to decode to reach frame `i` from where the session stands,
    /// or nil when it must seek. A drained decoder still holds the frames it
    /// has not given out yet (the last ones of a stream with B-frames): they
    /// come out with no packet more, where a seek would decode the whole
    /// group of pictures again.
    private func packetsToContinue(to i: Int, in index: VideoIndex) -> Int? {
        guard let next = nextPacket, runStart >= 0, runStart <= index.startPacket[i],
              index.pts(ofFrame: i) > lastOutput else { return nil }
        // The run must have read up to the frame's start packet already or still read through it.
        return max(0, index.packetOfFrame[i] + 1 - next)
    }

    /// Frame `i` exactly as decoded from its start packet (a reference of
    /// its own, so the session can decode on while it is converted).
    func decode(frame i: Int, in index: VideoIndex) throws(MediaError) -> DecodedFrame {
        do {
            let onwards = packetsToContinue(to: i, in: index)
            if onwards.map({ $0 > index.seekCost(ofFrame: i) }) ?? true { try seek(to: index.startPacket[i], in: index) }
            return try decodeForward(to: index.pts(ofFrame: i), frame: i, in: index)
        } catch {
            nextPacket = nil  // unknown state: the next use seeks
            throw error
        }
    }

    /// Positions the demuxer at key packet `start` and resets the decoder.
    private func seek(to start: Int, in index: VideoIndex) throws(MediaError) {
        guard let format, let codec, let packet else { throw MediaError("out of memory") }
        avcodec_flush_buffers(codec)
        drained = false
        runStart = start
        lastOutput = .min
        let key = index.packets[start]
        // Backward: to a key frame at or before `key`; then read on to `key` itself.
        var rewound = false
        if start == 0 || av_seek_frame(format, streamIndex, key.dts, AVSEEK_FLAG_BACKWARD) < 0 {
            try rewind(index)
            rewound = true
        }
        while true {
            let status = av_read_frame(format, packet)
            guard status >= 0 else { throw MediaError("cannot find frame packet \(start) after seeking: \(AV.message(status))") }
            if packet.pointee.stream_index != streamIndex { av_packet_unref(packet); continue }
            let dts = Self.decodeTime(packet)
            if dts == key.dts {
                try send(packet, reaching: start)
                nextPacket = start + 1
                return
            }
            av_packet_unref(packet)
            if dts > key.dts {
                // The demuxer landed past the key frame: read from the file's beginning instead.
                guard !rewound else { throw MediaError("cannot find frame packet \(start) in the video") }
                try rewind(index)
                rewound = true
            }
        }
    }

    /// Back to the first packet of the file.
    private func rewind(_ index: VideoIndex) throws(MediaError) {
        let first = index.packets[0].dts
        guard avformat_seek_file(format, streamIndex, Int64.min, first, first, 0) >= 0 else {
            throw MediaError("cannot seek in the video")
        }
    }

    /// A packet's decode timestamp as the index stores it (its pts when it has none).
    static func decodeTime(_ packet: UnsafeMutablePointer<AVPacket>) -> Int64 {
        packet.pointee.dts != strata_av_nopts_value() ? packet.pointee.dts : packet.pointee.pts
    }

    /// Decodes on until the frame with timestamp `pts` comes out.
    private func decodeForward(to pts: Int64, frame i: Int, in index: VideoIndex) throws(MediaError) -> DecodedFrame {
        guard let format, let codec, let packet, let frame else { throw MediaError("out of memory") }
        while true {
            // Take every frame the decoder has ready.
            while true {
                let status = avcodec_receive_frame(codec, frame)
                if status == strata_averror_eagain() || status == strata_averror_eof() { break }
                guard status >= 0 else { throw MediaError("frame \(i) cannot be decoded: \(AV.message(status))") }
                defer { av_frame_unref(frame) }
                if frame.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 || frame.pointee.decode_error_flags != 0 {
                    throw MediaError("the video is damaged near frame \(i)")
                }
                let shown = frame.pointee.pts != strata_av_nopts_value() ? frame.pointee.pts : frame.pointee.best_effort_timestamp
                lastOutput = max(lastOutput, shown)
                if shown == pts {
                    guard let decoded = DecodedFrame(referencing: frame) else { throw MediaError("out of memory") }
                    return decoded
                }
                if shown > pts { throw MediaError("frame \(i) is missing from the decoded video") }
            }
            guard let next = nextPacket, next < index.packets.count else {
                guard !drained else { throw MediaError("frame \(i) is missing from the decoded video") }
                drained = true
                let status = avcodec_send_packet(codec, nil)
                guard status >= 0 || status == strata_averror_eof() else { throw MediaError("cannot finish decoding: \(AV.message(status))") }
                continue
            }
            let status = av_read_frame(format, packet)
            guard status >= 0 else { throw MediaError("cannot read frame packet \(next): \(AV.message(status))") }
            if packet.pointee.stream_index != streamIndex { av_packet_unref(packet); continue }
            guard Self.decodeTime(packet) == index.packets[next].dts else {
                av_packet_unref(packet)
                throw MediaError("the video changed while it was read (packet \(next) is not where it was)")
            }
            try send(packet, reaching: i)
            nextPacket = next + 1
        }
    }

    /// Sends `packet` (and unreferences it) on the way to frame `i`.
    /// Frames are taken before the next send, so EAGAIN cannot happen.
    private func send(_ packet: UnsafeMutablePointer<AVPacket>, reaching i: Int) throws(MediaError) {
        defer { av_packet_unref(packet) }
        packetsSent += 1
        let status = avcodec_send_packet(codec, packet)
        guard status >= 0 else { throw MediaError("frame \(i) cannot be decoded, the video is damaged: \(AV.message(status))") }
    }
}

/// The containers a video file may be in.
enum VideoFormats {
    /// libavformat demuxer names (a whitelist: no playlists that open other files).
    static let demuxers = "mov,matroska,avi,gif,mpegts,flv,ogg,apng,wav,mp3"
    static let names = "PNG, JPEG, WebP, SVG, Lottie JSON, MP4/MOV, WebM/MKV, AVI, GIF, MPEG-TS, FLV, Ogg"
}
