import CAV
import StrataModel

/// JPEG and WebP through libavcodec's image decoders and swscale.
enum LibavImage {
    static func decode(_ bytes: [UInt8], format: ImageDecoder.Format) throws(ImageError) -> Pixmap {
        let id = format == .jpeg ? AV_CODEC_ID_MJPEG : AV_CODEC_ID_WEBP
        guard let codec = avcodec_find_decoder(id) else {
            throw ImageError("this libavcodec has no \(format.rawValue) decoder")
        }
        var context = avcodec_alloc_context3(codec)
        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        defer { avcodec_free_context(&context); av_packet_free(&packet); av_frame_free(&frame) }
        guard let context, let packet, let frame else { throw ImageError("out of memory") }
        context.pointee.max_pixels = Int64(ImageDecoder.maxPixels)
        // Report damage instead of concealing it.
        context.pointee.err_recognition = AV_EF_EXPLODE | AV_EF_CRCCHECK | AV_EF_BITSTREAM
        LibavLog.install()
        guard avcodec_open2(context, codec, nil) >= 0 else { throw ImageError("cannot open the \(format.rawValue) decoder") }
        guard av_new_packet(packet, Int32(bytes.count)) >= 0 else { throw ImageError("out of memory") }
        bytes.withUnsafeBufferPointer { packet.pointee.data.update(from: $0.baseAddress!, count: bytes.count) }
        // libav's own words for what is wrong (kept off stderr) make the message.
        let (status, logged) = LibavLog.capturing { () -> Int32 in
            var status = avcodec_send_packet(context, packet)
            if status >= 0 { status = avcodec_receive_frame(context, frame) }
            if status == strata_averror_eagain() {
                _ = avcodec_send_packet(context, nil)
                status = avcodec_receive_frame(context, frame)
            }
            return status
        }
        guard status >= 0 else {
            let why = logged.isEmpty ? errorText(status) : logged.prefix(3).joined(separator: "; ")
            throw ImageError("invalid \(format == .jpeg ? "JPEG" : "WebP"): \(why)")
        }
        let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
        guard w > 0, h > 0 else { throw ImageError("the image has no pixels") }
        var pixmap = try convert(frame, width: w, height: h)
        if format == .jpeg, let entry = av_dict_get(frame.pointee.metadata, "Orientation", nil, 0),
           // libavcodec writes EXIF numbers right-aligned ("    6").
           let value = Int(String(cString: entry.pointee.value).filter { !$0.isWhitespace }) {
            pixmap = Orientation.apply(value, to: pixmap)
        }
        return pixmap
    }

    /// Any decoded pixel format -> premultiplied BGRA.
    private static func convert(_ frame: UnsafeMutablePointer<AVFrame>, width w: Int, height h: Int) throws(ImageError) -> Pixmap {
        var source = AVPixelFormat(rawValue: frame.pointee.format)
        // JPEG decodes to the deprecated full-range yuvj formats: name the
        // plain format and tell swscale the range instead (no warning, same pixels).
        let fullRange: [(AVPixelFormat, AVPixelFormat)] = [
            (AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUV420P), (AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUV422P),
            (AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUV444P), (AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUV440P),
            (AV_PIX_FMT_YUVJ411P, AV_PIX_FMT_YUV411P),
        ]
        var isFull = frame.pointee.color_range == AVCOL_RANGE_JPEG
        if let pair = fullRange.first(where: { $0.0 == source }) { source = pair.1; isFull = true }
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT
        guard let sws = sws_getContext(Int32(w), Int32(h), source, Int32(w), Int32(h), AV_PIX_FMT_RGBA, flags, nil, nil, nil) else {
            throw ImageError("unsupported pixel format \(String(cString: av_get_pix_fmt_name(source)))")
        }
        defer { sws_freeContext(sws) }
        if isFull {
            let coefficients = sws_getCoefficients(SWS_CS_DEFAULT)
            _ = sws_setColorspaceDetails(sws, coefficients, 1, coefficients, 1, 0, 1 << 16, 1 << 16)
        }
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let done = rgba.withUnsafeMutableBufferPointer { strata_sws_scale_frame_to_packed(sws, frame, $0.baseAddress, Int32(w * 4)) }
        guard done == Int32(h) else { throw ImageError("cannot convert the decoded pixels") }
        PremultipliedAlpha.premultiplyToBGRA(&rgba)
        return Pixmap(width: w, height: h, pixels: rgba)
    }

    static func errorText(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        av_strerror(code, &buffer, buffer.count)
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// EXIF orientation (1...8): the transform that makes the stored pixels upright.
public enum Orientation {
    public static func apply(_ tag: Int, to p: Pixmap) -> Pixmap {
        guard (2...8).contains(tag) else { return p }
        let swap = tag >= 5
        let w = swap ? p.height : p.width, h = swap ? p.width : p.height
        var out = [UInt8](repeating: 0, count: w * h * 4)
        p.pixels.withUnsafeBytes { src in
            let s = src.bindMemory(to: UInt32.self)
            out.withUnsafeMutableBytes { dst in
                let d = dst.bindMemory(to: UInt32.self)
                for y in 0..<h {
                    for x in 0..<w {
                        // (sx, sy): the stored pixel shown at (x, y).
                        let (sx, sy): (Int, Int)
                        switch tag {
                        case 2: (sx, sy) = (p.width - 1 - x, y)
                        case 3: (sx, sy) = (p.width - 1 - x, p.height - 1 - y)
                        case 4: (sx, sy) = (x, p.height - 1 - y)
                        case 5: (sx, sy) = (y, x)
                        case 6: (sx, sy) = (y, p.height - 1 - x)
                        case 7: (sx, sy) = (p.width - 1 - y, p.height - 1 - x)
                        default: (sx, sy) = (p.width - 1 - y, x)
                        }
                        d[y * w + x] = s[sy * p.width + sx]
                    }
                }
            }
        }
        return Pixmap(width: w, height: h, pixels: out)
    }
}
