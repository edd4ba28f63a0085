import CAV
#if canImport(Glibc)
import Glibc
#endif

/// Per-codec encoder settings: what each libavcodec wrapper needs to honour
/// `VideoSettings` (quality, speed, threads, tags).
enum VideoEncoderSetup {
    /// Sets size, pixel format, time base, colour tags and the codec's own options.
    static func configure(_ encoder: UnsafeMutablePointer<AVCodecContext>, _ settings: VideoSettings) throws {
        let codec = settings.codec, options = settings.options
        encoder.pointee.width = Int32(settings.width)
        encoder.pointee.height = Int32(settings.height)
        encoder.pointee.pix_fmt = av_get_pix_fmt(settings.pixelFormatName)
        encoder.pointee.time_base = timeBase(settings)
        encoder.pointee.framerate = AVRational(num: Int32(settings.frameRate.numerator), den: Int32(settings.frameRate.denominator))
        encoder.pointee.thread_count = Int32(options.threads)
        if codec.hasInterFrames, let interval = options.keyframeInterval { encoder.pointee.gop_size = Int32(interval) }
        if codec.spec.sampling != .rgb { tagBT709(encoder) }
        let priv = encoder.pointee.priv_data
        func set(_ key: String, _ value: String) throws {
            try AV.check(av_opt_set(priv, key, value, 0), "\(codec.spec.title) option \(key)=\(value)")
        }
        let crf = options.crf(for: codec)
        // Every GOP closed, a forced key frame an IDR: a file (a chunk segment)
        // starts cleanly and no frame refers across a join of segments.
        encoder.pointee.flags |= Int32(bitPattern: UInt32(AV_CODEC_FLAG_CLOSED_GOP))  // 1 << 31
        switch codec {
        case .h264:
            try set("forced-idr", "1")
            try set("preset", options.preset)
            try AV.check(av_opt_set_double(priv, "crf", crf!, 0), "x264 crf \(crf!)")
        case .hevc:
            try set("preset", options.preset)
            try AV.check(av_opt_set_double(priv, "crf", crf!, 0), "x265 crf \(crf!)")
            // x265 logs to stderr on its own; its thread pool follows --threads.
            try set("forced-idr", "1")
            try set("x265-params", "log-level=error:pools=\(options.threads):open-gop=0")
        case .av1:
            // SVT-AV1 presets run 0 (slowest) ... 13; x264's ranks map onto 12 ... 2.
            try set("preset", String(max(2, 12 - options.presetRank * 10 / 9)))
            try set("crf", String(Int(crf!)))
            setenv("SVT_LOG", "1", 0)  // errors only, unless the user asked for more
        case .vp9:
            // Constant quality (crf with b:v 0); libvpx speed 0 ... 5 by the preset's rank.
            encoder.pointee.bit_rate = 0
            try set("crf", String(Int(crf!)))
            try set("deadline", "good")
            try set("cpu-used", String(max(0, min(5, 6 - options.presetRank))))
            try set("row-mt", "1")
        case .prores4444, .proresHQ, .prores, .proresLT, .proresProxy:
            try set("profile", String(codec.spec.proresProfile!))
            // Apple's vendor id: some editors check it before trusting the stream.
            try set("vendor", "apl0")
        case .gif, .apng:
            break
        case .webp:
            try set("quality", "90")
        }
        if let tag = codec.spec.codecTag {
            let bytes = Array(tag.utf8)
            encoder.pointee.codec_tag = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        }
    }

    /// Frame `i` has pts `i` in 1/fps ticks; GIF counts in 1/100 s (its delays' unit).
    static func timeBase(_ settings: VideoSettings) -> AVRational {
        if settings.container == .gif { return AVRational(num: 1, den: 100) }
        return AVRational(num: Int32(settings.frameRate.denominator), den: Int32(settings.frameRate.numerator))
    }

    /// BT.709 primaries, transfer and matrix, limited range: what Strata's YUV frames hold.
    static func tagBT709(_ encoder: UnsafeMutablePointer<AVCodecContext>) {
        encoder.pointee.color_primaries = AVCOL_PRI_BT709
        encoder.pointee.color_trc = AVCOL_TRC_BT709
        encoder.pointee.colorspace = AVCOL_SPC_BT709
        encoder.pointee.color_range = AVCOL_RANGE_MPEG
    }

    /// The same tags on a frame.
    static func tagBT709(_ frame: UnsafeMutablePointer<AVFrame>) {
        frame.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointee.color_trc = AVCOL_TRC_BT709
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_range = AVCOL_RANGE_MPEG
    }

    /// The muxer options: fast start for MP4/MOV, loop counts for animations.
    static func muxerOptions(_ settings: VideoSettings) -> [String: String] {
        var options: [String: String] = [:]
        let plays = settings.options.loop
        switch settings.container {
        case .mp4, .mov: if settings.options.fastStart { options["movflags"] = "+faststart" }
        // GIF's NETSCAPE loop counts repeats after the first play; -1 writes none (play once).
        case .gif: options["loop"] = plays == 0 ? "0" : plays == 1 ? "-1" : String(plays - 1)
        // APNG's acTL num_plays and WebP's ANIM loop count count plays, 0 forever.
        // The webp muxer's own default is 1 (play once): always set it.
        case .apng: options["plays"] = String(plays)
        case .webp: options["loop"] = String(plays)
        case .webm: break
        }
        return options
    }
}
