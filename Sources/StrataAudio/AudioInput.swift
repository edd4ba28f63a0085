import CAV
import CSwresample

/// Owns an opened input file and its best audio stream.
final class AudioInput {
    let path: String
    private(set) var format: UnsafeMutablePointer<AVFormatContext>?
    let streamIndex: Int32
    let stream: UnsafeMutablePointer<AVStream>

    init(path: String) throws {
        self.path = path
        if av_log_get_level() > AV_LOG_ERROR { av_log_set_level(AV_LOG_ERROR) }
        var format: UnsafeMutablePointer<AVFormatContext>?
        try check(avformat_open_input(&format, path, nil, nil), "cannot open \(path)")
        guard let format else { throw AudioError("cannot open \(path)") }
        self.format = format
        do {
            try check(avformat_find_stream_info(format, nil), "cannot read the streams of \(path)")
            let index = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
            guard index >= 0 else { throw AudioError("\(path) has no audio stream") }
            streamIndex = index
            stream = format.pointee.streams[Int(index)]!
        } catch {
            avformat_close_input(&self.format)
            throw error
        }
    }

    func read(into packet: UnsafeMutablePointer<AVPacket>) throws -> Bool {
        let status = av_read_frame(format, packet)
        if status == strata_averror_eof() { return false }
        try check(status, "cannot read \(path)")
        return true
    }

    deinit { avformat_close_input(&format) }
}

/// Owns the decoder of an input's audio stream.
final class AudioDecoder {
    private(set) var context: UnsafeMutablePointer<AVCodecContext>?
    private let path: String

    init(_ input: AudioInput) throws {
        path = input.path
        let parameters = input.stream.pointee.codecpar!
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw AudioError("\(path): no decoder for \(String(cString: avcodec_get_name(parameters.pointee.codec_id)))")
        }
        context = avcodec_alloc_context3(codec)
        guard let context else { throw AudioError("out of memory") }
        try check(avcodec_parameters_to_context(context, parameters), "\(path): bad stream parameters")
        context.pointee.pkt_timebase = input.stream.pointee.time_base
        try check(avcodec_open2(context, codec, nil), "cannot start the decoder for \(path)")
    }

    func send(_ packet: UnsafeMutablePointer<AVPacket>?) throws {
        let status = avcodec_send_packet(context, packet)
        // A damaged packet inside a file is the file's problem: say so.
        try check(status, "cannot decode \(path)")
    }

    func receive(into frame: UnsafeMutablePointer<AVFrame>) throws -> Bool {
        let status = avcodec_receive_frame(context, frame)
        if status == strata_averror_eagain() || status == strata_averror_eof() { return false }
        try check(status, "cannot decode \(path)")
        return true
    }

    deinit { avcodec_free_context(&context) }
}

/// Owns a libswresample context: decoded frames -> interleaved float at the soundtrack's rate.
final class Resampler {
    private var swr: OpaquePointer?
    private let channels: Int
    private let inputRate: Int
    private let outputRate: Int

    init(from decoder: UnsafeMutablePointer<AVCodecContext>?, rate: Int, channels: Int, path: String) throws {
        guard let decoder else { throw AudioError("out of memory") }
        self.channels = channels
        inputRate = Int(decoder.pointee.sample_rate)
        outputRate = rate
        guard inputRate > 0, decoder.pointee.ch_layout.nb_channels > 0 else {
            throw AudioError("\(path): the audio stream has no sample rate or channels")
        }
        var inputLayout = AVChannelLayout()
        if decoder.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&inputLayout, decoder.pointee.ch_layout.nb_channels)
        } else {
            try check(av_channel_layout_copy(&inputLayout, &decoder.pointee.ch_layout), "\(path): channel layout")
        }
        defer { av_channel_layout_uninit(&inputLayout) }
        var outputLayout = AVChannelLayout()
        av_channel_layout_default(&outputLayout, Int32(channels))
        defer { av_channel_layout_uninit(&outputLayout) }
        try check(swr_alloc_set_opts2(&swr, &outputLayout, AV_SAMPLE_FMT_FLT, Int32(rate),
                                      &inputLayout, decoder.pointee.sample_fmt, decoder.pointee.sample_rate, 0, nil),
                  "\(path): cannot resample its audio")
        try check(swr_init(swr), "\(path): cannot resample its audio")
    }

    /// The samples of `frame` (nil: what the resampler still holds), interleaved.
    func convert(_ frame: UnsafeMutablePointer<AVFrame>?) throws -> [Float] {
        let inputCount = Int(frame?.pointee.nb_samples ?? 0)
        let capacity = Int(swr_get_out_samples(swr, Int32(inputCount))) + 32
        guard capacity > 0 else { return [] }
        var out = [Float](repeating: 0, count: capacity * channels)
        let produced = out.withUnsafeMutableBufferPointer { buffer in
            strata_swr_convert_frame(swr, buffer.baseAddress, Int32(capacity), frame)
        }
        try check(produced, "cannot resample audio")
        out.removeLast(out.count - Int(produced) * channels)
        return out
    }

    deinit { swr_free(&swr) }
}

/// Throws `AudioError("<context>: <libav message>")` when `code` < 0.
@discardableResult
func check(_ code: Int32, _ context: @autoclosure () -> String) throws -> Int32 {
    guard code < 0 else { return code }
    var buffer = [CChar](repeating: 0, count: 128)
    let message = av_strerror(code, &buffer, buffer.count) < 0 ? "error \(code)"
        : String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    throw AudioError("\(context()): \(message)")
}
