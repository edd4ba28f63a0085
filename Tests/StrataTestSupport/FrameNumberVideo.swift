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
    /// With `sound`, the video also has an AAC track (48 kHz stereo, as
    /// Strata writes soundtracks) lasting as long as the picture: sample n
    /// (at n / 48000 s) is `sound(n)` on both channels.
    public static func write(to path: String, frames: Int, fps: Double = 20, keyframeInterval: Int = 7,
                             sound: ((Int) -> Float)? = nil) throws {
        let options = VideoOptions(crf: 18, preset: "veryfast", threads: 1, fastStart: true,
                                   keyframeInterval: keyframeInterval)
        let rate = FrameRate(decimal: fps)!
        let settings = VideoSettings(container: .mp4, width: width, height: height, frameRate: rate, options: options,
                                     audio: sound.map { _ in AudioSettings(codec: .aac) })
        let writer = try VideoWriter(path: path, settings: settings)
        for i in 0..<frames {
            try writer.append(picture(of: i))
            if let sound {
                let samples = (rate.sample(ofFrame: i, samplesPerSecond: 48_000)..<rate.sample(ofFrame: i + 1, samplesPerSecond: 48_000))
                    .flatMap { n in [sound(n), sound(n)] }
                try writer.appendAudio(samples[...])
            }
        }
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
    /// plays the same frames at other times: a variable frame rate.
    public static func remux(_ source: String, to destination: String, retime: (Double) -> Double = { $0 }) throws {
        var input: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&input, source, nil, nil) >= 0, let input else { throw EncodeError("cannot open \(source)") }
        defer { var i: UnsafeMutablePointer<AVFormatContext>? = input; avformat_close_input(&i) }
        guard avformat_find_stream_info(input, nil) >= 0 else { throw EncodeError("no streams in \(source)") }
        var output: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_alloc_output_context2(&output, nil, "mp4", destination) >= 0, let output else {
            throw EncodeError("cannot create \(destination)")
        }
        defer { avformat_free_context(output) }
        let inStream = input.pointee.streams[0]!
        guard let outStream = avformat_new_stream(output, nil) else { throw EncodeError("out of memory") }
        avcodec_parameters_copy(outStream.pointee.codecpar, inStream.pointee.codecpar)
        outStream.pointee.codecpar.pointee.codec_tag = 0
        // A fine time base, so that the new times are exact.
        outStream.pointee.time_base = AVRational(num: 1, den: 12000)
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
        guard av_write_trailer(output) >= 0 else { throw EncodeError("cannot finish \(destination)") }
        avio_closep(&output.pointee.pb)
    }
}
