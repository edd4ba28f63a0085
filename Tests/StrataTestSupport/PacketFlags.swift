import CAV
import StrataEncode

/// What a written video's packets say, read with libavformat (no decoding).
public enum PacketFlags {
    /// The key flags of the first video stream's packets, in presentation order.
    public static func videoKeyFlags(path: String) throws -> [Bool] {
        var input: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&input, path, nil, nil) >= 0, let input else { throw EncodeError("cannot open \(path)") }
        defer { var i: UnsafeMutablePointer<AVFormatContext>? = input; avformat_close_input(&i) }
        guard avformat_find_stream_info(input, nil) >= 0 else { throw EncodeError("no streams in \(path)") }
        let video = av_find_best_stream(input, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard video >= 0 else { throw EncodeError("no video stream in \(path)") }
        let packet = av_packet_alloc()!
        defer { var p: UnsafeMutablePointer<AVPacket>? = packet; av_packet_free(&p) }
        var rows: [(pts: Int64, key: Bool)] = []
        while av_read_frame(input, packet) >= 0 {
            if packet.pointee.stream_index == video {
                rows.append((packet.pointee.pts, packet.pointee.flags & AV_PKT_FLAG_KEY != 0))
            }
            av_packet_unref(packet)
        }
        return rows.sorted { $0.pts < $1.pts }.map(\.key)
    }
}
