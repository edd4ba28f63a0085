import CAV
import StrataModel

/// One picture in an encoder's pixel format, ready for `VideoWriter.append(_:)`,
/// converted from a pixmap by a `VideoFrameConverter`.
///
/// Converting is the costly part of appending a frame (a full-frame
/// swscale pass); doing it on the threads that render, one converter each,
/// leaves the encoder thread only encoding. A frame can be reused: the
/// converter writes into its buffers again once the encoder has let go of
/// them. Hand it between threads only with a happens-before edge (a lock);
/// it is `Sendable` for that hand-over, not for concurrent use.
public final class VideoFrame: @unchecked Sendable {
    /// Nil until first converted into.
    var frame: UnsafeMutablePointer<AVFrame>?

    public init() {}

    /// Pixel size, 0 x 0 while empty.
    public var width: Int { frame.map { Int($0.pointee.width) } ?? 0 }
    public var height: Int { frame.map { Int($0.pointee.height) } ?? 0 }

    deinit { av_frame_free(&frame) }
}

/// Converts premultiplied BGRA pixmaps into `VideoFrame`s in the pixel
/// format of a video's encoder, with one swscale context (use one per
/// thread), exactly as `VideoWriter.append(Pixmap)` does.
///
/// With `settings.alpha` the pixels are un-premultiplied first (ProRes,
/// VP9, GIF, APNG and WebP store straight alpha); without it, translucent
/// pixels are taken as premultiplied over black, which they are.
public final class VideoFrameConverter {
    public let width: Int
    public let height: Int
    private let converter: FrameConverter
    private let format: AVPixelFormat
    private let tagged: Bool
    private let unpremultiply: Bool
    /// Straight BGRA scratch for `unpremultiply`, reused frame after frame.
    private var straight: [UInt8] = []

    /// For the frames of a video with `settings` (validated beforehand).
    public init(settings: VideoSettings) throws {
        try VideoSettings.checkSize(width: settings.width, height: settings.height, codec: settings.codec)
        width = settings.width; height = settings.height
        format = av_get_pix_fmt(settings.frameFormatName)
        tagged = settings.codec.spec.sampling != .rgb
        unpremultiply = settings.alpha
        converter = try FrameConverter.forEncoding(width: width, height: height, format: format)
    }

    /// H.264 yuv420p frames (the default MP4's); `width` and `height` must be even.
    public convenience init(width: Int, height: Int) throws {
        try self.init(settings: VideoSettings(container: .mp4, width: width, height: height, frameRate: FrameRate(30)!))
    }

    /// Fills `video` from `pixmap` (of the converter's size), allocating its
    /// buffers the first time and whenever the encoder still holds them.
    public func convert(_ pixmap: Pixmap, into video: VideoFrame) throws {
        guard pixmap.width == width, pixmap.height == height else {
            throw EncodeError("frame is \(pixmap.width)x\(pixmap.height), the video is \(width)x\(height)")
        }
        if video.width != width || video.height != height || video.frame?.pointee.format != format.rawValue {
            av_frame_free(&video.frame)
            video.frame = try Self.allocateFrame(width: width, height: height, format: format, tagged: tagged)
        }
        guard let frame = video.frame else { throw EncodeError("out of memory") }
        try AV.check(av_frame_make_writable(frame), "cannot allocate a video frame")
        if unpremultiply {
            PremultipliedAlpha.straightBGRA(from: pixmap, into: &straight)
            converter.convert(Pixmap(width: width, height: height, pixels: straight), into: frame)
        } else {
            converter.convert(pixmap, into: frame)
        }
    }

    /// A frame with buffers, tagged BT.709 limited range when `tagged` (YUV).
    static func allocateFrame(width: Int, height: Int, format: AVPixelFormat,
                              tagged: Bool) throws -> UnsafeMutablePointer<AVFrame> {
        guard let frame = av_frame_alloc() else { throw EncodeError("out of memory") }
        frame.pointee.format = format.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        if tagged { VideoEncoderSetup.tagBT709(frame) }
        let status = av_frame_get_buffer(frame, 0)
        if status < 0 {
            var owned: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&owned)
            try AV.check(status, "cannot allocate a \(width)x\(height) video frame")
        }
        return frame
    }
}
