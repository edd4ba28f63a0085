import CAV
import StrataModel

/// Reads video files back: stream facts, and decoded frames as pixmaps.
/// Needs only libav, no `ffprobe`.
public enum VideoReader {
    /// Codec, size, frame count, duration, rate and colour tags of the first
    /// video stream of `path`. Counts frames by reading every packet.
    public static func probe(path: String) throws -> VideoInfo {
        let input = try MediaInput(path: path)
        let buffers = try DecodeBuffers()
        var frames = 0
        while try input.read(into: buffers.packet) {
            if buffers.packet.pointee.stream_index == input.streamIndex { frames += 1 }
            av_packet_unref(buffers.packet)
        }
        let stream = input.stream.pointee
        let parameters = stream.codecpar.pointee
        var duration = 0.0
        if stream.duration != strata_av_nopts_value(), stream.duration > 0 {
            duration = Double(stream.duration) * av_q2d(stream.time_base)
        } else if let format = input.format, format.pointee.duration != strata_av_nopts_value() {
            duration = Double(format.pointee.duration) / Double(AV_TIME_BASE)
        }
        let rate = stream.avg_frame_rate.num > 0 ? stream.avg_frame_rate : stream.r_frame_rate
        var info = VideoInfo(
            codec: AV.name(avcodec_get_name(parameters.codec_id)),
            pixelFormat: AV.name(av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.format))),
            width: Int(parameters.width), height: Int(parameters.height),
            frameCount: frames, duration: duration,
            fps: rate.den > 0 ? av_q2d(rate) : 0,
            colorPrimaries: AV.name(av_color_primaries_name(parameters.color_primaries)),
            colorTransfer: AV.name(av_color_transfer_name(parameters.color_trc)),
            colorMatrix: AV.name(av_color_space_name(parameters.color_space)),
            colorRange: AV.name(av_color_range_name(parameters.color_range)))
        info.frameRate = "\(rate.num)/\(rate.den)"
        return info
    }

    /// Decodes the frames at `indices` (0-based, presentation order) to
    /// premultiplied BGRA (with the stream's alpha: ProRes 4444, VP9 with
    /// alpha, GIF, APNG, WebP; opaque otherwise), converting with the
    /// stream's own YUV matrix and range. Stops reading after the last wanted frame.
    /// Throws if an index is negative or past the end of the video.
    /// - Parameter threads: decoder threads (decoding is exact whatever the count).
    public static func decodeFrames(path: String, indices: Set<Int>, threads: Int = 2) throws -> [Int: Pixmap] {
        guard let last = indices.max(), let first = indices.min() else { return [:] }
        guard first >= 0 else { throw EncodeError("\(path): frame index \(first) is negative") }
        let input = try MediaInput(path: path)
        let decoder = try MediaDecoder(input, threads: threads)
        let buffers = try DecodeBuffers()
        var converter: FrameConverter?
        var result: [Int: Pixmap] = [:]
        var index = 0

        func takeFrames() throws {
            while index <= last, try decoder.receive(into: buffers.frame) {
                defer { av_frame_unref(buffers.frame); index += 1 }
                guard indices.contains(index) else { continue }
                if converter.map({ !$0.matches(buffers.frame) }) ?? true {
                    converter = try FrameConverter.toBGRA(from: buffers.frame)
                }
                result[index] = converter!.pixmap(from: buffers.frame)
            }
        }

        while index <= last, try input.read(into: buffers.packet) {
            defer { av_packet_unref(buffers.packet) }
            guard buffers.packet.pointee.stream_index == input.streamIndex else { continue }
            try decoder.send(buffers.packet)
            try takeFrames()
        }
        if index <= last {
            try decoder.send(nil)
            try takeFrames()
        }
        if index <= last {
            let missing = indices.filter { $0 >= index }.min()!
            throw EncodeError("\(path): frame \(missing) does not exist (the video has \(index) frames)")
        }
        return result
    }
}
