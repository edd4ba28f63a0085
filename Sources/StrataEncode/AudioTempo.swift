import CAV
import CAVFilter
import StrataModel

/// Sound played faster or slower than recorded, through libavfilter:
/// `atempo` (pitch kept) or `asetrate` + `aresample` (varispeed).
public enum AudioTempo {
    /// `samples` (interleaved float, `channels` wide, at `sampleRate`)
    /// played at `rate` (seconds of input per second of output), exactly
    /// `outputCount` samples per channel long (the filters' last fraction
    /// of a sample is cut or padded with silence), at the same sample rate.
    public static func play(_ samples: [Float], channels: Int, sampleRate: Int, rate: Double, pitch: TimePitch,
                            outputCount: Int) throws -> [Float] {
        guard rate.isFinite, rate > 0, channels == 1 || channels == 2, sampleRate > 0 else {
            throw EncodeError("cannot play sound at rate \(rate)")
        }
        let layout = channels == 1 ? "mono" : "stereo"
        let graph = try FilterGraph(
            sources: ["sample_rate=\(sampleRate):sample_fmt=flt:channel_layout=\(layout):time_base=1/\(sampleRate)"],
            filters: "[in0]\(filters(rate: rate, pitch: pitch, sampleRate: sampleRate)),aformat=sample_fmts=flt:channel_layouts=\(layout)[out]",
            audio: true)
        var output: [Float] = []
        output.reserveCapacity(outputCount * channels)
        guard let frame = av_frame_alloc() else { throw EncodeError("out of memory") }
        defer { var f: UnsafeMutablePointer<AVFrame>? = frame; av_frame_free(&f) }
        func drain() throws {
            while try graph.pull(into: frame) {
                defer { av_frame_unref(frame) }
                let count = Int(frame.pointee.nb_samples) * channels
                strata_frame_plane(frame, 0).withMemoryRebound(to: Float.self, capacity: count) {
                    output.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                }
            }
        }
        let chunk = 4096
        var position = 0
        let total = samples.count / channels
        while position < total {
            let count = min(chunk, total - position)
            frame.pointee.nb_samples = Int32(count)
            frame.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
            frame.pointee.sample_rate = Int32(sampleRate)
            av_channel_layout_default(&frame.pointee.ch_layout, Int32(channels))
            frame.pointee.pts = Int64(position)
            try AV.check(av_frame_get_buffer(frame, 0), "out of memory")
            samples.withUnsafeBufferPointer { source in
                strata_frame_plane(frame, 0).withMemoryRebound(to: Float.self, capacity: count * channels) {
                    $0.update(from: source.baseAddress! + position * channels, count: count * channels)
                }
            }
            try graph.push(frame, into: 0)
            av_frame_unref(frame)
            position += count
            try drain()
        }
        try graph.push(nil, into: 0)
        try drain()
        if output.count > outputCount * channels { output.removeLast(output.count - outputCount * channels) }
        output += [Float](repeating: 0, count: outputCount * channels - output.count)
        return output
    }

    /// The filter chain for `rate`: `atempo` takes 0.5 ... 100 at a time, so slower rates chain halvings.
    static func filters(rate: Double, pitch: TimePitch, sampleRate: Int) -> String {
        switch pitch {
        case .varispeed:
            // Played as if recorded at rate x the sample rate, then resampled back.
            return "asetrate=\(Int((Double(sampleRate) * rate).rounded())),aresample=\(sampleRate)"
        case .timeDomain:
            var stages: [String] = []
            var rest = rate
            while rest < 0.5 { stages.append("atempo=0.5"); rest /= 0.5 }
            stages.append("atempo=\(rest)")
            return stages.joined(separator: ",")
        }
    }
}
