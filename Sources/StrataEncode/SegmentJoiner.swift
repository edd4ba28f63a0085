import CAV
import StrataModel

/// Joins video segments into one file by stream copy: the packets move from
/// each segment into the output as they are, nothing is decoded or encoded
/// again, so the join costs about one read and one write of the bytes. Any
/// codec the container takes joins the same way (H.264, HEVC, AV1, ProRes, VP9).
///
/// Segment `k` starts at frame `firstFrame(k)` of the whole video: its
/// packets' times move by that many frame durations, so the output's frame
/// `i` is presented at `i` frame durations whatever the chunking (exactly,
/// or as near as the container's time base allows: WebM counts in ms). The
/// segments must come from the same encoder settings (`SegmentReader`'s
/// `parameters` equal) and each must start with a key frame; the output's
/// codec headers are the first segment's.
///
/// A soundtrack, if given, is encoded once over the whole and interleaved
/// with the copied video, so the sound has one priming at the start and no
/// gap at any join.
public struct SegmentJoiner {
    public struct Segment: Sendable {
        public var path: String
        /// The segment's first frame in the whole video.
        public var firstFrame: Int
        public init(path: String, firstFrame: Int) { self.path = path; self.firstFrame = firstFrame }
    }

    /// The sound laid under the joined video.
    public struct Soundtrack {
        public var settings: AudioSettings
        /// Interleaved samples `range` of the soundtrack (`settings.channels` per sample).
        public var samples: (Range<Int>) throws -> [Float]
        /// Samples of the soundtrack from the video's start to the end of its frame `i` (exclusive `i`).
        public var end: (_ frame: Int) -> Int
        public init(settings: AudioSettings, samples: @escaping (Range<Int>) throws -> [Float], end: @escaping (Int) -> Int) {
            self.settings = settings; self.samples = samples; self.end = end
        }
    }

    public var container: VideoContainer
    public var frameRate: FrameRate
    /// MP4/MOV: move the index to the front (`movflags +faststart`).
    public var fastStart: Bool
    public var soundtrack: Soundtrack?

    public init(container: VideoContainer, frameRate: FrameRate, fastStart: Bool = true, soundtrack: Soundtrack? = nil) {
        self.container = container; self.frameRate = frameRate; self.fastStart = fastStart; self.soundtrack = soundtrack
    }

    /// Writes the joined video exactly to `path` (the caller picks a
    /// temporary name and renames). `progress` is called once per frame copied.
    public func join(_ segments: [Segment], to path: String, progress: () -> Void = {}) throws {
        guard let first = segments.first else { throw EncodeError("nothing to join: no segments") }
        AV.quietLogs()
        let muxer = try Muxer(path: path, container: container)
        let template = try MediaInput(path: first.path)  // alive while its stream's parameters are copied
        let stream = try Self.addStream(to: muxer, copying: template.stream, frameRate: frameRate)
        let audio = try soundtrack.map { try AudioEncoder(muxer: muxer, settings: $0.settings) }
        try muxer.start(options: fastStart && container.spec.hasMoovIndex ? ["movflags": "+faststart"] : [:])
        let frameTicks = AVRational(num: Int32(frameRate.denominator), den: Int32(frameRate.numerator))
        let buffers = try DecodeBuffers()
        var lastDTS = Int64.min
        var copied = 0, soundWritten = 0
        for segment in segments {
            let input = try MediaInput(path: segment.path)
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
                try muxer.write(packet)
                copied += 1
                progress()
                // The sound follows the pictures: up to the end of the frames copied so far.
                if let soundtrack, let audio {
                    let end = soundtrack.end(copied)
                    if end > soundWritten { try audio.append(try soundtrack.samples(soundWritten..<end)[...], to: muxer) }
                    soundWritten = max(soundWritten, end)
                }
            }
        }
        try audio?.finish(to: muxer)
        try muxer.finish()
    }

    /// A stream with the codec parameters (headers, size, colour tags) of `template`.
    static func addStream(to muxer: Muxer, copying template: UnsafeMutablePointer<AVStream>,
                          frameRate: FrameRate) throws -> UnsafeMutablePointer<AVStream> {
        let stream = try muxer.addStream()
        try AV.check(avcodec_parameters_copy(stream.pointee.codecpar, template.pointee.codecpar),
                     "cannot copy the stream parameters into \(muxer.path)")
        let rate = AVRational(num: Int32(frameRate.numerator), den: Int32(frameRate.denominator))
        stream.pointee.time_base = av_inv_q(rate)
        stream.pointee.avg_frame_rate = rate
        stream.pointee.r_frame_rate = rate
        return stream
    }
}
