import CAV
import StrataModel

/// Owns one swscale context for a same-size conversion between BGRA and
/// another format (YUV, with or without alpha, or RGB), with explicit YUV coefficients and range so that
/// colours survive the trip (swscale's defaults are BT.601).
///
/// BGRA going to video is taken as is: a premultiplied pixel over black is
/// its own bytes, so translucent pixmaps come out composited over black.
public final class FrameConverter {
    let context: OpaquePointer
    let width: Int
    let height: Int
    let yuvFormat: AVPixelFormat

    /// YUV coefficient sets, by libav's colorspace tag.
    static func swsMatrix(for space: AVColorSpace, height: Int) -> Int32 {
        switch space {
        case AVCOL_SPC_BT709: SWS_CS_ITU709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: SWS_CS_ITU601
        case AVCOL_SPC_SMPTE240M: SWS_CS_SMPTE240M
        case AVCOL_SPC_FCC: SWS_CS_FCC
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: SWS_CS_BT2020
        // Untagged: what players assume, BT.709 for HD and BT.601 below.
        default: height > 576 ? SWS_CS_ITU709 : SWS_CS_ITU601
        }
    }

    private init(width: Int, height: Int, yuvFormat: AVPixelFormat, toYUV: Bool, matrix: Int32, fullRange: Bool) throws {
        self.width = width; self.height = height; self.yuvFormat = yuvFormat
        let bgra = AV_PIX_FMT_BGRA
        let flags = SWS_BILINEAR | SWS_ACCURATE_RND | (toYUV ? SWS_FULL_CHR_H_INP : SWS_FULL_CHR_H_INT)
        guard let context = sws_getContext(Int32(width), Int32(height), toYUV ? bgra : yuvFormat,
                                           Int32(width), Int32(height), toYUV ? yuvFormat : bgra,
                                           Int32(flags), nil, nil, nil) else {
            throw EncodeError("swscale cannot convert \(width)x\(height) \(AV.name(av_get_pix_fmt_name(yuvFormat)))")
        }
        self.context = context
        // RGB and palette formats have no matrix; YUV takes the given one and range (RGB is full range).
        guard Self.isYUV(yuvFormat) else { return }
        let coefficients = sws_getCoefficients(matrix)
        let yuvRange: Int32 = fullRange ? 1 : 0
        let status = sws_setColorspaceDetails(context, coefficients, toYUV ? 1 : yuvRange,
                                              coefficients, toYUV ? yuvRange : 1, 0, 1 << 16, 1 << 16)
        if status < 0 { throw EncodeError("swscale cannot set the colorspace of \(width)x\(height) video") }
    }

    static func isYUV(_ format: AVPixelFormat) -> Bool {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
        return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL) == 0
            && descriptor.pointee.nb_components >= 3
    }

    /// BGRA -> `format` (an encoder's), YUV as BT.709 limited range.
    static func forEncoding(width: Int, height: Int, format: AVPixelFormat) throws -> FrameConverter {
        try FrameConverter(width: width, height: height, yuvFormat: format, toYUV: true,
                           matrix: SWS_CS_ITU709, fullRange: false)
    }

    /// BGRA -> yuvj420p, BT.601 full range: what JPEG (JFIF) holds.
    static func toJPEG(width: Int, height: Int) throws -> FrameConverter {
        try FrameConverter(width: width, height: height, yuvFormat: AV_PIX_FMT_YUVJ420P, toYUV: true,
                           matrix: SWS_CS_ITU601, fullRange: true)
    }

    /// A decoded frame's format -> BGRA, honouring the frame's colour tags.
    public static func toBGRA(from frame: UnsafePointer<AVFrame>) throws -> FrameConverter {
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        // The deprecated yuvj formats mean full range whatever the tag says.
        let jpegFormats = [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P]
        let fullRange = frame.pointee.color_range == AVCOL_RANGE_JPEG || jpegFormats.contains(format)
        let height = Int(frame.pointee.height)
        return try FrameConverter(width: Int(frame.pointee.width), height: height, yuvFormat: format, toYUV: false,
                                  matrix: swsMatrix(for: frame.pointee.colorspace, height: height),
                                  fullRange: fullRange)
    }

    public func matches(_ frame: UnsafePointer<AVFrame>) -> Bool {
        Int(frame.pointee.width) == width && Int(frame.pointee.height) == height
            && frame.pointee.format == yuvFormat.rawValue
    }

    /// Fills `frame` (allocated with this size and format) from `pixmap`.
    func convert(_ pixmap: Pixmap, into frame: UnsafeMutablePointer<AVFrame>) {
        precondition(pixmap.width == width && pixmap.height == height)
        pixmap.pixels.withUnsafeBufferPointer { pixels in
            _ = strata_sws_scale_packed_to_frame(context, pixels.baseAddress, Int32(pixmap.stride),
                                                 Int32(height), frame)
        }
    }

    /// A premultiplied BGRA pixmap of `frame` (opaque unless its format has alpha).
    public func pixmap(from frame: UnsafePointer<AVFrame>) -> Pixmap {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        convert(frame, into: &pixels)
        return Pixmap(width: width, height: height, pixels: pixels)
    }

    /// `frame` as premultiplied BGRA over `pixels` (width x height x 4
    /// bytes, resized if not): swscale writes every byte, alpha included
    /// (255 for formats without alpha), so a reused buffer's old contents
    /// never show.
    public func convert(_ frame: UnsafePointer<AVFrame>, into pixels: inout [UInt8]) {
        if pixels.count != width * height * 4 { pixels = [UInt8](repeating: 255, count: width * height * 4) }
        pixels.withUnsafeMutableBufferPointer { out in
            _ = strata_sws_scale_frame_to_packed(context, frame, out.baseAddress, Int32(width * 4))
        }
        if let descriptor = av_pix_fmt_desc_get(yuvFormat),
           descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA | AV_PIX_FMT_FLAG_PAL) != 0 {
            PremultipliedAlpha.premultiplyBGRA(&pixels)
        }
    }

    deinit { sws_freeContext(context) }
}
