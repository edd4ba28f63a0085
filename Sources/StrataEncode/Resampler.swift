import CAV
import CSwresample

/// Owns a libswresample context: decoded frames -> interleaved float at the soundtrack's rate.
final class Resampler {
    private var swr: OpaquePointer?
    private let channels: Int
    private let inputRate: Int
    private let outputRate: Int

    init(from decoder: UnsafeMutablePointer<AVCodecContext>?, rate: Int, channels: Int, path: String) throws {
        guard let decoder else { throw EncodeError("out of memory") }
        self.channels = channels
        inputRate = Int(decoder.pointee.sample_rate)
        outputRate = rate
        guard inputRate > 0, decoder.pointee.ch_layout.nb_channels > 0 else {
            throw EncodeError("\(path): the audio stream has no sample rate or channels")
        }
        var inputLayout = AVChannelLayout()
        if decoder.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&inputLayout, decoder.pointee.ch_layout.nb_channels)
        } else {
            try AV.check(av_channel_layout_copy(&inputLayout, &decoder.pointee.ch_layout), "\(path): channel layout")
        }
        defer { av_channel_layout_uninit(&inputLayout) }
        var outputLayout = AVChannelLayout()
        av_channel_layout_default(&outputLayout, Int32(channels))
        defer { av_channel_layout_uninit(&outputLayout) }
        try AV.check(swr_alloc_set_opts2(&swr, &outputLayout, AV_SAMPLE_FMT_FLT, Int32(rate),
                                      &inputLayout, decoder.pointee.sample_fmt, decoder.pointee.sample_rate, 0, nil),
                  "\(path): cannot resample its audio")
        try AV.check(swr_init(swr), "\(path): cannot resample its audio")
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
        try AV.check(produced, "cannot resample audio")
        out.removeLast(out.count - Int(produced) * channels)
        return out
    }

    deinit { swr_free(&swr) }
}
