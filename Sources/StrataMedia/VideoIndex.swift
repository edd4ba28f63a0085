import CAV
import StrataEncode
import StrataModel

/// Every packet of a video stream, read once when the file is opened: what
/// makes a frame's place exact (its presentation timestamp, not a frame
/// rate guess) and tells where decoding must start to reach it.
///
/// Packets are in decode order; frames in presentation order. A frame is
/// reached by decoding from `startPacket` (the last key frame, in decode
/// order, shown at or before it) up to its own packet.
struct VideoIndex: Sendable {
    struct Packet: Sendable {
        /// Presentation and decode timestamps in the stream's time base.
        var pts: Int64
        var dts: Int64
        var isKey: Bool
        /// The container's duration of the packet, in the time base (0: unknown).
        var duration: Int64
    }

    /// The stream's packets in decode order.
    var packets: [Packet] = []
    /// Per frame (presentation order): its packet.
    var packetOfFrame: [Int] = []
    /// Per frame: the key packet decoding starts from to reach it.
    var startPacket: [Int] = []
    /// Per frame: when it starts, in seconds after the first frame, and the end of the last.
    var frameTimes = MediaFrameTimes.still
    /// Seconds of the stream's clock at which the first frame shows (media time 0).
    var origin = 0.0

    var frameCount: Int { packetOfFrame.count }
    /// Packets to decode to reach frame `i` after seeking to its start packet (a seek counts as two).
    func seekCost(ofFrame i: Int) -> Int { packetOfFrame[i] + 1 - startPacket[i] + 2 }
    func pts(ofFrame i: Int) -> Int64 { packets[packetOfFrame[i]].pts }

    /// Reads every packet of stream `streamIndex` of `format` (positioned at
    /// the start). A read error, a packet marked corrupt (a truncated file)
    /// or fewer packets than the container promises is an error.
    static func scan(_ format: UnsafeMutablePointer<AVFormatContext>, streamIndex: Int32,
                     packet: UnsafeMutablePointer<AVPacket>) throws(MediaError) -> VideoIndex {
        let stream = format.pointee.streams[Int(streamIndex)]!
        let noPTS = strata_av_nopts_value()
        var index = VideoIndex()
        var discarded: [Bool] = []
        while true {
            let status = av_read_frame(format, packet)
            if status == strata_averror_eof() { break }
            guard status >= 0 else {
                throw MediaError("cannot read the video after \(index.packets.count) frames: \(AV.message(status))")
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let p = packet.pointee
            if p.flags & AV_PKT_FLAG_CORRUPT != 0 {
                throw MediaError("the video is damaged or truncated at frame \(index.packets.count + 1)")
            }
            let pts = p.pts != noPTS ? p.pts : p.dts
            guard pts != noPTS else { throw MediaError("the video has no timestamps (a raw stream?); put it in a container such as MP4") }
            // Far inside Int64, so that differences of timestamps cannot overflow.
            let limit: Int64 = 1 << 52
            guard abs(pts) < limit, p.dts == noPTS || abs(p.dts) < limit, p.duration < limit else {
                throw MediaError("the video's timestamps are out of range at frame \(index.packets.count + 1)")
            }
            guard index.packets.count < VideoLimits.maxFrames else {
                throw MediaError("the video has more than \(VideoLimits.maxFrames) frames")
            }
            index.packets.append(Packet(pts: pts, dts: p.dts != noPTS ? p.dts : pts, isKey: p.flags & AV_PKT_FLAG_KEY != 0,
                                        duration: max(0, p.duration)))
            discarded.append(p.flags & AV_PKT_FLAG_DISCARD != 0)
        }
        if stream.pointee.nb_frames > 0, Int64(index.packets.count) < stream.pointee.nb_frames {
            throw MediaError("the video is truncated: the file lists \(stream.pointee.nb_frames) frames, \(index.packets.count) are present")
        }
        try index.orderFrames(discarded: discarded)
        index.frameTimes = try index.times(timeBase: stream.pointee.time_base, frameRate: stream.pointee.avg_frame_rate)
        index.origin = Double(index.pts(ofFrame: 0)) * av_q2d(stream.pointee.time_base)
        return index
    }

    /// Presentation order, and each frame's start packet. Frames shown
    /// before the first key frame cannot be decoded and are left out, as are
    /// packets the container marks to discard (edit lists).
    private mutating func orderFrames(discarded: [Bool]) throws(MediaError) {
        let keys = packets.indices.filter { packets[$0].isKey }
        guard let firstKey = keys.first else { throw MediaError("the video has no key frame to start decoding from") }
        let firstShown = packets[firstKey].pts
        var shown = packets.indices.filter { !discarded[$0] && packets[$0].pts >= firstShown && $0 >= firstKey }
        shown.sort { packets[$0].pts < packets[$1].pts }
        // A repeated timestamp would make two frames one time: keep the first.
        var unique: [Int] = []
        for i in shown where unique.last.map({ packets[$0].pts != packets[i].pts }) ?? true { unique.append(i) }
        guard !unique.isEmpty else { throw MediaError("the video has no frame to show") }
        packetOfFrame = unique
        // Key frames' timestamps ascend in decode order in every stream seen;
        // the search still checks the decode-order condition.
        startPacket = unique.map { packetIndex in
            let pts = packets[packetIndex].pts
            var lo = 0, hi = keys.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if packets[keys[mid]].pts <= pts { lo = mid + 1 } else { hi = mid }
            }
            var k = max(lo - 1, 0)
            while k > 0 && keys[k] > packetIndex { k -= 1 }
            return keys[k]
        }
    }

    /// Frame starts in seconds after the first frame (exact multiples of the
    /// time base), and the end of the last frame: the interval before it
    /// (containers give durations in decode order, which B-frames reorder),
    /// else its packet's duration, else one frame of the average rate.
    private func times(timeBase: AVRational, frameRate: AVRational) throws(MediaError) -> MediaFrameTimes {
        guard timeBase.num > 0, timeBase.den > 0 else { throw MediaError("the video has no time base") }
        let first = pts(ofFrame: 0)
        func seconds(_ ticks: Int64) -> Double {
            let (product, overflow) = ticks.multipliedReportingOverflow(by: Int64(timeBase.num))
            return overflow ? Double(ticks) * av_q2d(timeBase) : Double(product) / Double(timeBase.den)
        }
        let starts = (0..<frameCount).map { seconds(pts(ofFrame: $0) - first) }
        let last = pts(ofFrame: frameCount - 1)
        var lastTicks = frameCount > 1 ? last - pts(ofFrame: frameCount - 2) : 0
        if lastTicks <= 0 { lastTicks = packets[packetOfFrame[frameCount - 1]].duration }
        var end = seconds(last - first + lastTicks)
        if lastTicks <= 0 {
            end = starts[frameCount - 1] + (frameRate.num > 0 && frameRate.den > 0 ? 1 / av_q2d(frameRate) : 1.0 / 30)
        }
        guard end.isFinite, end <= VideoLimits.maxDuration else {
            throw MediaError("the video lasts \(Int(end)) s; at most \(Int(VideoLimits.maxDuration)) s are allowed")
        }
        return .list(starts: starts, end: end)
    }
}

/// Bounds that keep a hostile or huge video from exhausting memory or time.
enum VideoLimits {
    /// Frames (packets) of one video stream: 24 hours at 60 fps.
    static let maxFrames = 24 * 3600 * 60
    /// Seconds of video.
    static let maxDuration = 24.0 * 3600
    /// Pixels per side of a frame, and pixels of a frame.
    static let maxSide = Limits.maxPixelsPerSide
    static let maxPixels = 8192 * 8192
}
