import CAV
import StrataModel

/// What a video segment (one chunk of a chunked render) holds, read with
/// libavformat from its packets alone: nothing is decoded.
public struct SegmentFacts: Sendable, Equatable {
    public var path: String
    /// The container's tags, names in lowercase (Matroska writes them in
    /// capitals); `strata_segment` carries a chunk's identity.
    public var metadata: [String: String]
    /// libav's codec name (`h264`).
    public var codec: String
    /// Everything about the codec that must be equal for packets of two
    /// segments to join into one stream: codec, tag, size, pixel format,
    /// profile, level, colour tags and a hash of the codec headers (extradata).
    public var parameters: String
    /// Video packets, one per frame.
    public var frameCount: Int
    /// The first frame, counted from the segment's start, whose presentation
    /// time is not the next frame's (nil: the frames are at 0, 1, ...
    /// frameCount - 1 frame durations, as a writer puts them).
    public var timestampGap: Int?
    /// Whether the first packet in decode order is a key frame: decoding
    /// needs nothing from before the segment.
    public var startsWithKeyFrame: Bool
}

/// Reads `SegmentFacts`.
public enum SegmentReader {
    /// - Parameters:
    ///   - frameRate: the video's frame rate as `numerator / denominator`
    ///     frames per second; presentation times are compared in its frame durations.
    /// - Parameter frameRate: the video's frame rate; frame `k` should be
    ///   presented at `k` frame durations from the start, exactly or, in a
    ///   coarser time base (WebM's milliseconds), rounded to the nearest tick.
    public static func read(path: String, frameRate: FrameRate) throws -> SegmentFacts {
        // A damaged segment is reported in the thrown error; libav's own line ("moov atom not found") would repeat it.
        if av_log_get_level() > AV_LOG_FATAL { av_log_set_level(AV_LOG_FATAL) }
        let input = try MediaInput(path: path)
        let buffers = try DecodeBuffers()
        let stream = input.stream.pointee
        var times: [Int64] = []
        var firstIsKey: Bool?
        while try input.read(into: buffers.packet) {
            defer { av_packet_unref(buffers.packet) }
            let packet = buffers.packet.pointee
            guard packet.stream_index == input.streamIndex else { continue }
            if firstIsKey == nil { firstIsKey = packet.flags & AV_PKT_FLAG_KEY != 0 }
            guard packet.pts != strata_av_nopts_value() else {
                throw EncodeError("\(path): video packet \(times.count) has no presentation time")
            }
            times.append(packet.pts)
        }
        times.sort()
        let frameTicks = AVRational(num: Int32(frameRate.denominator), den: Int32(frameRate.numerator))
        let gap = times.indices.first { times[$0] != av_rescale_q(Int64($0), frameTicks, stream.time_base) }
        return SegmentFacts(path: path, metadata: metadata(of: input), codec: AV.name(avcodec_get_name(stream.codecpar.pointee.codec_id)),
                            parameters: fingerprint(stream.codecpar.pointee), frameCount: times.count,
                            timestampGap: gap, startsWithKeyFrame: firstIsKey ?? false)
    }

    static func metadata(of input: MediaInput) -> [String: String] {
        var tags: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(input.format?.pointee.metadata, "", entry, AV_DICT_IGNORE_SUFFIX) {
            tags[String(cString: next.pointee.key).lowercased()] = String(cString: next.pointee.value)
            entry = next
        }
        return tags
    }

    /// The codec parameters that packets of two streams must share to join.
    static func fingerprint(_ p: AVCodecParameters) -> String {
        let hash = SHA256()
        if let extradata = p.extradata, p.extradata_size > 0 {
            hash.update(UnsafeBufferPointer(start: extradata, count: Int(p.extradata_size)))
        }
        return [AV.name(avcodec_get_name(p.codec_id)), String(p.codec_tag), "\(p.width)x\(p.height)",
                AV.name(av_get_pix_fmt_name(AVPixelFormat(rawValue: p.format))), "profile \(p.profile)", "level \(p.level)",
                AV.name(av_color_primaries_name(p.color_primaries)), AV.name(av_color_transfer_name(p.color_trc)),
                AV.name(av_color_space_name(p.color_space)), AV.name(av_color_range_name(p.color_range)),
                "extradata " + hash.hexDigest()].joined(separator: ", ")
    }
}
