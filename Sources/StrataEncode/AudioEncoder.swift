import CAV

/// The soundtrack's encoder (AAC or Opus): takes interleaved float
/// samples, cuts them into the encoder's frames and writes the packets.
///
/// Frame `k` has pts `k * frameSize` in 1/sampleRate ticks; the encoder
/// gives its packets pts minus its priming delay (`initial_padding`), and
/// the muxers turn that into an edit list (MP4/MOV) or a CodecDelay (WebM,
/// with the blocks moved to start at 0), so the first sample plays at time 0. The last
/// frame is short when the encoder allows it, so the track lasts exactly
/// the samples given.
final class AudioEncoder {
    let settings: AudioSettings
    private let stream: EncoderStream
    private var frame: UnsafeMutablePointer<AVFrame>?
    /// Samples not yet encoded, interleaved.
    private var pending: [Float] = []
    private var samplesEncoded = 0
    private(set) var samplesAppended = 0
    private let frameSize: Int
    private let planar: Bool
    private let smallLastFrame: Bool

    init(muxer: Muxer, settings: AudioSettings) throws {
        self.settings = settings
        guard let codec = avcodec_find_encoder_by_name(settings.codec.encoder) else {
            throw EncodeError("this libavcodec has no \(settings.codec.encoder) encoder")
        }
        // Float samples, planar (aac) or interleaved (libopus), whichever the encoder lists first.
        let planar = Self.firstFloatFormat(codec) == AV_SAMPLE_FMT_FLTP
        self.planar = planar
        smallLastFrame = codec.pointee.capabilities & Int32(AV_CODEC_CAP_SMALL_LAST_FRAME) != 0
        stream = try EncoderStream(muxer: muxer, codecName: settings.codec.encoder, title: settings.codec.rawValue) { context in
            context.pointee.sample_fmt = planar ? AV_SAMPLE_FMT_FLTP : AV_SAMPLE_FMT_FLT
            context.pointee.sample_rate = Int32(settings.sampleRate)
            av_channel_layout_default(&context.pointee.ch_layout, Int32(settings.channels))
            context.pointee.bit_rate = Int64(settings.codec.bitRate)
            context.pointee.time_base = AVRational(num: 1, den: Int32(settings.sampleRate))
        }
        frameSize = max(1, Int(stream.encoder.pointee.frame_size))
        if muxer.container == .webm { stream.timestampOffset = Int64(stream.encoder.pointee.initial_padding) }
        guard let frame = av_frame_alloc() else { throw EncodeError("out of memory") }
        self.frame = frame
    }

    private static func firstFloatFormat(_ codec: UnsafePointer<AVCodec>) -> AVSampleFormat {
        var formats = codec.pointee.sample_fmts
        while let f = formats, f.pointee != AV_SAMPLE_FMT_NONE {
            if f.pointee == AV_SAMPLE_FMT_FLTP || f.pointee == AV_SAMPLE_FMT_FLT { return f.pointee }
            formats = f + 1
        }
        return AV_SAMPLE_FMT_FLTP
    }

    func append(_ samples: ArraySlice<Float>, to muxer: Muxer) throws {
        let channels = settings.channels
        guard samples.count % channels == 0 else {
            throw EncodeError("audio samples must come in whole frames of \(channels) channels")
        }
        pending.append(contentsOf: samples)
        samplesAppended += samples.count / channels
        var start = 0
        while pending.count - start >= frameSize * channels {
            try encode(pending[start..<start + frameSize * channels], to: muxer)
            start += frameSize * channels
        }
        pending.removeFirst(start)
    }

    /// Encodes what is left (a short last frame, or zero-padded when the
    /// encoder needs whole frames) and flushes.
    func finish(to muxer: Muxer) throws {
        if !pending.isEmpty {
            if !smallLastFrame {
                pending.append(contentsOf: repeatElement(0, count: frameSize * settings.channels - pending.count))
            }
            try encode(pending[...], to: muxer)
            pending = []
        }
        try stream.send(nil, to: muxer)
    }

    private func encode(_ samples: ArraySlice<Float>, to muxer: Muxer) throws {
        guard let frame else { return }
        let channels = settings.channels, count = samples.count / channels
        av_frame_unref(frame)
        frame.pointee.format = (planar ? AV_SAMPLE_FMT_FLTP : AV_SAMPLE_FMT_FLT).rawValue
        frame.pointee.sample_rate = Int32(settings.sampleRate)
        frame.pointee.nb_samples = Int32(count)
        try AV.check(av_channel_layout_copy(&frame.pointee.ch_layout, &stream.encoder.pointee.ch_layout), "audio layout")
        try AV.check(av_frame_get_buffer(frame, 0), "cannot allocate an audio frame")
        samples.withUnsafeBufferPointer { src in
            if planar {
                for c in 0..<channels {
                    let plane = strata_frame_plane(frame, Int32(c))!.withMemoryRebound(to: Float.self, capacity: count) { $0 }
                    for i in 0..<count { plane[i] = src[i * channels + c] }
                }
            } else {
                let plane = strata_frame_plane(frame, 0)!.withMemoryRebound(to: Float.self, capacity: count * channels) { $0 }
                plane.update(from: src.baseAddress!, count: count * channels)
            }
        }
        frame.pointee.pts = Int64(samplesEncoded)
        samplesEncoded += count
        try stream.send(frame, to: muxer)
    }

    deinit { av_frame_free(&frame) }
}
