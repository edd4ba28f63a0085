import CAV
import CSwresample
import StrataModel

/// Audio files read through libavformat/libavcodec (any format they know:
/// WAV, MP3, AAC, FLAC, Opus, the audio of a video...), resampled with
/// libswresample to interleaved float samples.
public enum AudioFile {
    /// What a file holds: its first audio stream's codec and length.
    public struct Info: Sendable, Equatable {
        public var codec: String
        public var sampleRate: Int
        public var channels: Int
        /// Seconds (the stream's, else the container's); 0 when unknown.
        public var duration: Double
        /// Seconds of the stream's first sample (negative: encoder priming trimmed by the container).
        public var startTime: Double
    }

    /// Opens the file and its decoder without decoding: what scene loading checks.
    public static func probe(path: String) throws -> Info {
        let input = try MediaInput(path: path, type: AVMEDIA_TYPE_AUDIO)
        let parameters = input.stream.pointee.codecpar.pointee
        let stream = input.stream.pointee
        var duration = 0.0
        if stream.duration != strata_av_nopts_value(), stream.duration > 0 {
            duration = Double(stream.duration) * av_q2d(stream.time_base)
        } else if let format = input.format, format.pointee.duration != strata_av_nopts_value(), format.pointee.duration > 0 {
            duration = Double(format.pointee.duration) / Double(AV_TIME_BASE)
        }
        let start = stream.start_time == strata_av_nopts_value() ? 0 : Double(stream.start_time) * av_q2d(stream.time_base)
        return Info(codec: String(cString: avcodec_get_name(parameters.codec_id)), sampleRate: Int(parameters.sample_rate),
                    channels: Int(parameters.ch_layout.nb_channels), duration: duration, startTime: start)
    }

    /// Seconds on the file's clock of the first sample `decode` returns:
    /// the first decoded frame's timestamp, after the decoder dropped the
    /// encoder's priming (an MP4 edit list, Opus pre-skip). The stream's
    /// start time when frames carry none.
    public static func firstSampleTime(path: String) throws -> Double {
        let input = try MediaInput(path: path, type: AVMEDIA_TYPE_AUDIO)
        let decoder = try MediaDecoder(input)
        let buffers = try DecodeBuffers()
        let packet = buffers.packet, frame = buffers.frame
        let stream = input.stream.pointee
        let start = stream.start_time == strata_av_nopts_value() ? 0 : Double(stream.start_time) * av_q2d(stream.time_base)
        func time() -> Double {
            let ts = frame.pointee.best_effort_timestamp
            return ts == strata_av_nopts_value() ? start : Double(ts) * av_q2d(stream.time_base)
        }
        while try input.read(into: packet) {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == input.streamIndex else { continue }
            try decoder.send(packet)
            while try decoder.receive(into: frame) {
                defer { av_frame_unref(frame) }
                if frame.pointee.nb_samples > 0 { return time() }
            }
        }
        try decoder.send(nil)
        while try decoder.receive(into: frame) {
            defer { av_frame_unref(frame) }
            if frame.pointee.nb_samples > 0 { return time() }
        }
        return start
    }

    /// The samples of `path` from `fromSample` (at `sampleRate`, counted
    /// from the file's first sample) for at most `maxSamples` per channel
    /// (nil: to the end), interleaved, `channels` wide. Mono is copied to
    /// both sides; more channels are downmixed by libswresample.
    public static func decode(path: String, sampleRate: Int = SoundtrackFormat.sampleRate,
                              channels: Int = SoundtrackFormat.channels,
                              fromSample: Int = 0, maxSamples: Int? = nil) throws -> [Float] {
        let input = try MediaInput(path: path, type: AVMEDIA_TYPE_AUDIO)
        let decoder = try MediaDecoder(input)
        // Mono is resampled as mono and copied to every side at full level
        // (libswresample's upmix would lower it by 3 dB).
        let mono = decoder.context?.pointee.ch_layout.nb_channels == 1
        let resampler = try Resampler(from: decoder.context, rate: sampleRate, channels: mono ? 1 : channels, path: path)
        var collector = SampleWindow(channels: mono ? 1 : channels, skip: fromSample, limit: maxSamples)
        let buffers = try DecodeBuffers()
        let packet = buffers.packet, frame = buffers.frame
        func drain() throws {
            while !collector.isFull, try decoder.receive(into: frame) {
                defer { av_frame_unref(frame) }
                collector.take(try resampler.convert(frame))
            }
        }
        while !collector.isFull, try input.read(into: packet) {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == input.streamIndex else { continue }
            try decoder.send(packet)
            try drain()
        }
        if !collector.isFull {
            try decoder.send(nil)
            try drain()
            collector.take(try resampler.convert(nil))
        }
        guard mono, channels > 1 else { return collector.samples }
        return collector.samples.flatMap { repeatElement($0, count: channels) }
    }
}

/// Keeps the samples of a window [skip, skip + limit) of a stream of
/// interleaved chunks.
struct SampleWindow {
    let channels: Int
    var skip: Int
    let limit: Int?
    private(set) var samples: [Float] = []

    init(channels: Int, skip: Int, limit: Int?) {
        self.channels = channels; self.skip = max(0, skip); self.limit = limit
    }

    var isFull: Bool { limit.map { samples.count >= $0 * channels } ?? false }

    mutating func take(_ chunk: [Float]) {
        var chunk = chunk[...]
        let dropped = min(chunk.count, skip * channels)
        chunk = chunk.dropFirst(dropped)
        skip -= dropped / channels
        if let limit { chunk = chunk.prefix(max(0, limit * channels - samples.count)) }
        samples.append(contentsOf: chunk)
    }
}
