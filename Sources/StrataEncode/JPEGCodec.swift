import CAV
import StrataModel

/// `Pixmap` -> JPEG file bytes through libavcodec's MJPEG encoder (no new
/// library: libavcodec is linked for H.264 already). 4:2:0, BT.601 full
/// range (JFIF). Lossy and fast: the preview server's playback format.
///
/// Like the MP4 writer, a translucent pixmap comes out composited over
/// black (premultiplied bytes are their own colour over black).
public enum JPEGCodec {
    /// `quality` 1 (smallest) ... 100 (best); mapped to MJPEG's qscale 31 ... 1.
    public static func encode(_ pixmap: Pixmap, quality: Int = 90) throws -> [UInt8] {
        let side = Limits.maxPixelsPerSide
        guard pixmap.width > 0, pixmap.height > 0, pixmap.width <= side, pixmap.height <= side else {
            throw EncodeError("cannot encode a \(pixmap.width)x\(pixmap.height) JPEG (1...\(side) pixels per side)")
        }
        AV.quietLogs()
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG) else {
            throw EncodeError("this libavcodec has no MJPEG encoder")
        }
        var context = avcodec_alloc_context3(codec)
        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        defer {
            avcodec_free_context(&context)
            av_frame_free(&frame)
            av_packet_free(&packet)
        }
        guard let context, let frame, let packet else { throw EncodeError("out of memory encoding a JPEG") }
        let qscale = Int32(max(1, min(31, 31 - (max(1, min(100, quality)) - 1) * 30 / 99)))
        context.pointee.width = Int32(pixmap.width)
        context.pointee.height = Int32(pixmap.height)
        context.pointee.pix_fmt = AV_PIX_FMT_YUVJ420P
        context.pointee.color_range = AVCOL_RANGE_JPEG
        context.pointee.time_base = AVRational(num: 1, den: 25)
        context.pointee.flags |= Int32(AV_CODEC_FLAG_QSCALE)
        context.pointee.global_quality = Int32(FF_QP2LAMBDA) * qscale
        context.pointee.thread_count = 1
        try AV.check(avcodec_open2(context, codec, nil), "cannot open the MJPEG encoder")

        frame.pointee.format = AV_PIX_FMT_YUVJ420P.rawValue
        frame.pointee.width = Int32(pixmap.width)
        frame.pointee.height = Int32(pixmap.height)
        frame.pointee.quality = context.pointee.global_quality
        frame.pointee.pts = 0
        try AV.check(av_frame_get_buffer(frame, 0), "out of memory for a \(pixmap.width)x\(pixmap.height) JPEG")
        try FrameConverter.toJPEG(width: pixmap.width, height: pixmap.height).convert(pixmap, into: frame)

        try AV.check(avcodec_send_frame(context, frame), "MJPEG encoding failed")
        try AV.check(avcodec_send_frame(context, nil), "MJPEG encoding failed")
        try AV.check(avcodec_receive_packet(context, packet), "MJPEG encoding failed")
        return [UInt8](UnsafeBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
    }
}
