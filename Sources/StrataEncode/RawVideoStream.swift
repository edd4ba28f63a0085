import CAV
#if canImport(Glibc)
import Glibc
#endif
import StrataModel

/// Raw video another program reads from a pipe (`strata render -o -`).
public enum StreamFormat: String, Sendable, CaseIterable {
    /// YUV4MPEG2: 8-bit 4:2:0, BT.709 limited range (the MP4's samples),
    /// read by ffmpeg, x264, vpxenc, mpv. Needs an even frame size.
    case y4m
    /// NUT with rawvideo RGBA, straight alpha: lossless, transparency kept (ffmpeg, mpv).
    case nut

    /// What messages call it.
    public var title: String {
        switch self {
        case .y4m: "Y4M"
        case .nut: "NUT"
        }
    }
}

/// Writes frames as a raw video stream to a file descriptor (standard output)
/// as they come, in order. Frame payloads are made on the render threads by
/// a `RawVideoStream.Encoder` (one per thread); this writes them.
///
/// Frame `i` lasts `1 / fps` and starts at `i / fps` from the first frame written.
public final class RawVideoStream: @unchecked Sendable {
    public let format: StreamFormat
    public let width: Int
    public let height: Int
    let frameRate: AVRational
    private let descriptor: Int32
    /// Bytes written so far (headers included).
    public private(set) var bytesWritten = 0
    private var frames = 0
    private var muxer: UnsafeMutablePointer<AVFormatContext>?
    /// Why libavformat's last write into the descriptor failed (a `ClosedPipe`, say): what its error code cannot tell.
    private var writeFailure: (any Error)?
    private var packet: UnsafeMutablePointer<AVPacket>?

    /// Starts the stream: writes the header. `descriptor` stays open (it is the caller's).
    public init(format: StreamFormat, width: Int, height: Int, frameRate: FrameRate, descriptor: Int32 = 1) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw EncodeError("video size \(width)x\(height) is out of range")
        }
        if format == .y4m, !width.isMultiple(of: 2) || !height.isMultiple(of: 2) {
            throw EncodeError(Self.evenSizeRule)
        }
        self.format = format; self.width = width; self.height = height; self.descriptor = descriptor
        self.frameRate = AVRational(num: Int32(frameRate.numerator), den: Int32(frameRate.denominator))
        switch format {
        case .y4m:
            // Limited range said in the header (ffmpeg reads XCOLORRANGE); 4:2:0 with JPEG/MPEG-1 siting, as swscale makes it.
            try writeAll(Array("YUV4MPEG2 W\(width) H\(height) F\(self.frameRate.num):\(self.frameRate.den) Ip A1:1 C420jpeg XCOLORRANGE=LIMITED\n".utf8))
        case .nut:
            try openMuxer()
        }
    }

    /// What Y4M's 4:2:0 needs.
    public static let evenSizeRule = "Y4M 4:2:0 needs an even width and height"

    /// Appends one frame made by an `Encoder` of this stream's format and size.
    public func append(_ payload: [UInt8]) throws {
        switch format {
        case .y4m:
            try writeAll(payload)
        case .nut:
            guard let muxer, let packet else { throw EncodeError("the stream is finished") }
            try payload.withUnsafeBufferPointer { bytes in
                packet.pointee.data = UnsafeMutablePointer(mutating: bytes.baseAddress)
                packet.pointee.size = Int32(bytes.count)
                packet.pointee.pts = Int64(frames)
                packet.pointee.dts = Int64(frames)
                packet.pointee.duration = 1
                packet.pointee.flags = AV_PKT_FLAG_KEY
                packet.pointee.stream_index = 0
                av_packet_rescale_ts(packet, av_inv_q(frameRate), muxer.pointee.streams[0]!.pointee.time_base)
                defer { packet.pointee.data = nil; packet.pointee.size = 0 }
                try muxing { try AV.check(av_write_frame(muxer, packet), "cannot write a NUT frame to the stream") }
            }
        }
        frames += 1
    }

    /// Ends the stream (NUT's trailer); the descriptor stays open.
    public func finish() throws {
        guard let muxer else { return }
        try muxing { try AV.check(av_write_trailer(muxer), "cannot end the NUT stream") }
        closeMuxer()
    }

    deinit { closeMuxer() }

    // MARK: - NUT through libavformat, into our descriptor

    private func openMuxer() throws {
        AV.quietLogs()
        var context: UnsafeMutablePointer<AVFormatContext>?
        try AV.check(avformat_alloc_output_context2(&context, nil, "nut", nil), "this libavformat cannot write NUT")
        muxer = context
        guard let context, let stream = avformat_new_stream(context, nil), let packet = av_packet_alloc() else {
            throw EncodeError("out of memory starting the NUT stream")
        }
        self.packet = packet
        let parameters = stream.pointee.codecpar!
        parameters.pointee.codec_type = AVMEDIA_TYPE_VIDEO
        parameters.pointee.codec_id = AV_CODEC_ID_RAWVIDEO
        parameters.pointee.format = AV_PIX_FMT_RGBA.rawValue
        parameters.pointee.codec_tag = avcodec_pix_fmt_to_codec_tag(AV_PIX_FMT_RGBA)
        parameters.pointee.width = Int32(width)
        parameters.pointee.height = Int32(height)
        stream.pointee.time_base = av_inv_q(frameRate)
        stream.pointee.avg_frame_rate = frameRate
        stream.pointee.r_frame_rate = frameRate
        // libavformat writes through a callback into our descriptor (no URL, no file of its own).
        let bufferSize: Int32 = 1 << 16
        guard let buffer = av_malloc(Int(bufferSize)) else { throw EncodeError("out of memory") }
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        guard let io = avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), bufferSize, 1, opaque, nil, { opaque, data, size in
            let stream = Unmanaged<RawVideoStream>.fromOpaque(opaque!).takeUnretainedValue()
            let bytes = UnsafeBufferPointer(start: data, count: Int(size))
            do { try stream.writeAll(bytes) } catch {
                stream.writeFailure = error
                return strata_averror(EPIPE)
            }
            return size
        }, nil) else {
            av_free(buffer)
            throw EncodeError("out of memory")
        }
        context.pointee.pb = io
        context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        try muxing { try AV.check(avformat_write_header(context, nil), "cannot start the NUT stream") }
    }

    /// Runs a libavformat call that may write; a failure of the write itself is thrown as it was (`ClosedPipe`).
    private func muxing(_ body: () throws -> Void) throws {
        do { try body() } catch { throw writeFailure ?? error }
    }

    private func closeMuxer() {
        if let muxer {
            if let io = muxer.pointee.pb {
                av_freep(&io.pointee.buffer)
                var owned: UnsafeMutablePointer<AVIOContext>? = io
                avio_context_free(&owned)
                muxer.pointee.pb = nil
            }
            avformat_free_context(muxer)
            self.muxer = nil
        }
        av_packet_free(&packet)
    }

    // MARK: - Writing

    private func writeAll(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try writeAll($0) }
    }

    /// Throws `ClosedPipe` when the reader has gone (`strata render -o - | head -c 100`).
    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        do {
            try SystemFiles.writeAll(UnsafeRawBufferPointer(bytes), to: descriptor, what: "the video stream")
        } catch let error as SystemError {
            throw EncodeError(error.message)
        }
        bytesWritten += bytes.count
    }
}

extension RawVideoStream {
    /// Turns pixmaps into frame payloads of one stream format (use one per thread).
    public final class Encoder {
        /// The default MP4's conversion (yuv420p, BT.709 limited range), for Y4M.
        private let converter: VideoFrameConverter?
        private let video = VideoFrame()

        public init(format: StreamFormat, width: Int, height: Int) throws {
            converter = format == .y4m ? try VideoFrameConverter(width: width, height: height) : nil
        }

        /// The bytes of one frame: `FRAME\n` and the Y, U, V planes (Y4M), or
        /// straight RGBA rows (NUT).
        public func payload(_ pixmap: Pixmap) throws -> [UInt8] {
            guard let converter else { return PremultipliedAlpha.straightRGBA(from: pixmap) }
            try converter.convert(pixmap, into: video)
            guard let frame = video.frame else { throw EncodeError("out of memory") }
            let (w, h) = (converter.width, converter.height)
            var bytes = Array("FRAME\n".utf8)
            bytes.reserveCapacity(6 + w * h * 3 / 2)
            for (plane, pw, ph) in [(0, w, h), (1, w / 2, h / 2), (2, w / 2, h / 2)] {
                let base = strata_frame_plane(frame, Int32(plane))!
                let stride = Int(strata_frame_linesize(frame, Int32(plane)))
                for row in 0..<ph { bytes.append(contentsOf: UnsafeBufferPointer(start: base + row * stride, count: pw)) }
            }
            return bytes
        }
    }
}
