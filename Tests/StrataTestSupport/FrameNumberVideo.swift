import CAV
import Foundation
import StrataEncode
import StrataModel

/// Test videos made with Strata's own encoder (VideoWriter, libx264 with
/// B-frames): frame i shows the number i in binary as eight columns of
/// 16 x 64 pixels, white for a 1 bit, black for a 0 (bit 0 on the left),
/// which survives compression. `number(in:)` reads it back from any
/// picture that shows such a frame over a rect.
public enum FrameNumberVideo {
    public static let width = 128, height = 64

    /// Writes a `frames`-frame video at `fps` with a key frame at least every `keyframeInterval` frames.
    public static func write(to path: String, frames: Int, fps: Double = 20, keyframeInterval: Int = 7) throws {
        let options = VideoOptions(crf: 18, preset: "veryfast", threads: 1, fastStart: true,
                                   keyframeInterval: keyframeInterval)
        let writer = try VideoWriter(path: path, width: width, height: height, fps: fps, options: options)
        for i in 0..<frames { try writer.append(picture(of: i)) }
        try writer.finish()
    }

    public static func picture(of number: Int) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let on = number >> (x / 16) & 1 == 1
                let v: UInt8 = on ? 255 : 0
                let i = (y * width + x) * 4
                pixmap.pixels[i] = v; pixmap.pixels[i + 1] = v; pixmap.pixels[i + 2] = v; pixmap.pixels[i + 3] = 255
            }
        }
        return pixmap
    }

    /// The number shown by a frame drawn over `rect` (pixels) of `pixmap`,
    /// read at the middle of each column.
    public static func number(in pixmap: Pixmap, rect: (x: Int, y: Int, width: Int, height: Int)? = nil) -> Int {
        let r = rect ?? (0, 0, pixmap.width, pixmap.height)
        var n = 0
        for bit in 0..<8 {
            let x = r.x + (2 * bit + 1) * r.width / 16, y = r.y + r.height / 2
            if pixmap.pixel(x, y).g > 128 { n |= 1 << bit }
        }
        return n
    }
}

extension FrameNumberVideo {
    /// Copies the video at `source` to `destination` without decoding, with
    /// new timestamps: a presentation (and decode) time t becomes `retime(t)`
    /// in seconds. A monotonic `retime` keeps the packet order, so the copy
    /// plays the same frames at other times: a variable frame rate. With
    /// `silence` seconds, the copy (a QuickTime .mov) also has a mono PCM
    /// audio track of that much silence.
    public static func remux(_ source: String, to destination: String, silence: Double = 0,
                             retime: (Double) -> Double = { $0 }) throws {
        var input: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&input, source, nil, nil) >= 0, let input else { throw EncodeError("cannot open \(source)") }
        defer { var i: UnsafeMutablePointer<AVFormatContext>? = input; avformat_close_input(&i) }
        guard avformat_find_stream_info(input, nil) >= 0 else { throw EncodeError("no streams in \(source)") }
        var output: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_alloc_output_context2(&output, nil, silence > 0 ? "mov" : "mp4", destination) >= 0, let output else {
            throw EncodeError("cannot create \(destination)")
        }
        defer { avformat_free_context(output) }
        let inStream = input.pointee.streams[0]!
        guard let outStream = avformat_new_stream(output, nil) else { throw EncodeError("out of memory") }
        avcodec_parameters_copy(outStream.pointee.codecpar, inStream.pointee.codecpar)
        outStream.pointee.codecpar.pointee.codec_tag = 0
        // A fine time base, so that the new times are exact.
        outStream.pointee.time_base = AVRational(num: 1, den: 12000)
        let rate: Int32 = 8000, chunk = 800
        if silence > 0 {
            guard let audio = avformat_new_stream(output, nil) else { throw EncodeError("out of memory") }
            let par = audio.pointee.codecpar!
            par.pointee.codec_type = AVMEDIA_TYPE_AUDIO
            par.pointee.codec_id = AV_CODEC_ID_PCM_S16LE
            par.pointee.sample_rate = rate
            av_channel_layout_default(&par.pointee.ch_layout, 1)
            par.pointee.bits_per_coded_sample = 16
            par.pointee.block_align = 2
            audio.pointee.time_base = AVRational(num: 1, den: rate)
        }
        guard avio_open(&output.pointee.pb, destination, AVIO_FLAG_WRITE) >= 0,
              avformat_write_header(output, nil) >= 0 else { throw EncodeError("cannot write \(destination)") }
        let packet = av_packet_alloc()!
        defer { var p: UnsafeMutablePointer<AVPacket>? = packet; av_packet_free(&p) }
        let tb = av_q2d(inStream.pointee.time_base)
        func ticks(_ t: Int64) -> Int64 { Int64((retime(Double(t) * tb) * 12000).rounded()) }
        while av_read_frame(input, packet) >= 0 {
            defer { av_packet_unref(packet) }
            let start = packet.pointee.pts
            packet.pointee.pts = ticks(start)
            packet.pointee.dts = ticks(packet.pointee.dts)
            packet.pointee.duration = ticks(start + packet.pointee.duration) - packet.pointee.pts
            packet.pointee.stream_index = 0
            packet.pointee.pos = -1
            guard av_interleaved_write_frame(output, packet) >= 0 else { throw EncodeError("cannot write \(destination)") }
        }
        var written = 0
        while Double(written) < silence * Double(rate) {
            guard av_new_packet(packet, Int32(chunk * 2)) >= 0 else { throw EncodeError("out of memory") }
            memset(packet.pointee.data, 0, chunk * 2)
            packet.pointee.pts = Int64(written); packet.pointee.dts = Int64(written)
            packet.pointee.duration = Int64(chunk)
            packet.pointee.stream_index = 1
            written += chunk
            let status = av_interleaved_write_frame(output, packet)
            av_packet_unref(packet)
            guard status >= 0 else { throw EncodeError("cannot write \(destination)") }
        }
        guard av_write_trailer(output) >= 0 else { throw EncodeError("cannot finish \(destination)") }
        avio_closep(&output.pointee.pb)
    }
}
