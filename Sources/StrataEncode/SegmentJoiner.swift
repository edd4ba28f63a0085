import CAV

/// Joins video segments into one file by stream copy: the packets move from
/// each segment into the output as they are, nothing is decoded or encoded
/// again, so the join costs about one read and one write of the bytes.
///
/// Segment `k` starts at frame `firstFrame(k)` of the whole video: its
/// packets' times move by that many frame durations, so the output's frame
/// `i` is presented at exactly `i / fps` seconds whatever the chunking. The
/// segments must come from the same encoder settings (`SegmentReader`'s
/// `parameters` equal) and each must start with a key frame; the output's
/// codec headers are the first segment's.
public struct SegmentJoiner {
    public struct Segment: Sendable {
        public var path: String
        /// The segment's first frame in the whole video.
        public var firstFrame: Int
        public init(path: String, firstFrame: Int) { self.path = path; self.firstFrame = firstFrame }
    }

    /// libavformat's muxer name: `mp4`, `mov`, `webm`.
    public var muxer: String
    /// Frames per second as `numerator / denominator`.
    public var frameRate: (numerator: Int, denominator: Int)
    /// MP4/MOV: move the index to the front (`movflags +faststart`).
    public var fastStart: Bool
    /// Container tags of the output.
    public var metadata: [String: String]

    public init(muxer: String, frameRate: (numerator: Int, denominator: Int), fastStart: Bool = true,
                metadata: [String: String] = [:]) {
        self.muxer = muxer; self.frameRate = frameRate; self.fastStart = fastStart; self.metadata = metadata
    }

    /// Writes the joined video exactly to `path` (the caller picks a
    /// temporary name and renames). `progress` is called once per frame copied.
    public func join(_ segments: [Segment], to path: String, progress: () -> Void = {}) throws {
        guard let first = segments.first else { throw EncodeError("nothing to join: no segments") }
        AV.quietLogs()
        let output = try JoinOutput(path: path, muxer: muxer)
        let template = try VideoInput(path: first.path)
        let stream = try output.addStream(copying: template.stream, frameRate: frameRate)
        try output.start(options: muxerOptions, metadata: metadata)
        let frameTicks = AVRational(num: Int32(frameRate.denominator), den: Int32(frameRate.numerator))
        let buffers = try DecodeBuffers()
        var lastDTS = Int64.min
        for segment in segments {
            let input = try VideoInput(path: segment.path)
            let inputBase = input.stream.pointee.time_base
            let offset = Int64(segment.firstFrame)
            while try input.read(into: buffers.packet) {
                let packet = buffers.packet
                guard packet.pointee.stream_index == input.streamIndex else { av_packet_unref(packet); continue }
                // In frame durations: the segment's own times, moved to its place in the whole.
                packet.pointee.pts = av_rescale_q(packet.pointee.pts, inputBase, frameTicks) + offset
                packet.pointee.dts = packet.pointee.dts == strata_av_nopts_value()
                    ? packet.pointee.pts : av_rescale_q(packet.pointee.dts, inputBase, frameTicks) + offset
                packet.pointee.duration = 1
                guard packet.pointee.dts > lastDTS else {
                    av_packet_unref(packet)
                    throw EncodeError("\(segment.path): decode times overlap the segment before it (dts \(packet.pointee.dts) after \(lastDTS) frames); the segments were not encoded alike")
                }
                lastDTS = packet.pointee.dts
                av_packet_rescale_ts(packet, frameTicks, stream.pointee.time_base)
                packet.pointee.stream_index = stream.pointee.index
                packet.pointee.pos = -1
                try output.write(packet)
                progress()
            }
        }
        try output.finish()
    }

    var muxerOptions: [String: String] {
        guard muxer == "mp4" || muxer == "mov" else { return [:] }
        return fastStart ? ["movflags": "+faststart"] : [:]
    }
}

/// The output file of a join: a libavformat context, one stream copied.
private final class JoinOutput {
    let path: String
    private var format: UnsafeMutablePointer<AVFormatContext>?

    init(path: String, muxer: String) throws {
        self.path = path
        try AV.check(avformat_alloc_output_context2(&format, nil, muxer, path), "cannot create a \(muxer) file for \(path)")
        guard format != nil else { throw EncodeError("cannot create a \(muxer) file for \(path)") }
    }

    /// A stream with the codec parameters (headers, size, colour tags) of `template`.
    func addStream(copying template: UnsafeMutablePointer<AVStream>,
                   frameRate: (numerator: Int, denominator: Int)) throws -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(format, nil) else { throw EncodeError("out of memory") }
        try AV.check(avcodec_parameters_copy(stream.pointee.codecpar, template.pointee.codecpar),
                     "cannot copy the stream parameters into \(path)")
        let rate = AVRational(num: Int32(frameRate.numerator), den: Int32(frameRate.denominator))
        stream.pointee.time_base = av_inv_q(rate)
        stream.pointee.avg_frame_rate = rate
        stream.pointee.r_frame_rate = rate
        return stream
    }

    func start(options: [String: String], metadata: [String: String]) throws {
        guard let format else { return }
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) { av_dict_set(&format.pointee.metadata, key, value, 0) }
        try AV.check(avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE), "cannot create \(path)")
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in options.sorted(by: { $0.key < $1.key }) { av_dict_set(&dictionary, key, value, 0) }
        try AV.check(avformat_write_header(format, &dictionary), "cannot write the header of \(path)")
    }

    /// Writes one packet, taking its data (also on failure).
    func write(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        try AV.check(av_interleaved_write_frame(format, packet), "cannot write \(path)")
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
