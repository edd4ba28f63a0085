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
    /// For `convert(_:changing:into:)`: rows redone alone (yuv420p only).
    private let rows: RowConverter?
    /// The planes of the last pixmap given to `convert(_:changing:into:)`,
    /// which the frames it filled share; nil before the first or after a failure.
    private var previous: UnsafeMutablePointer<AVFrame>?

    /// For the frames of a video with `settings` (validated beforehand).
    public init(settings: VideoSettings) throws {
        try VideoSettings.checkSize(width: settings.width, height: settings.height, codec: settings.codec)
        width = settings.width; height = settings.height
        format = av_get_pix_fmt(settings.frameFormatName)
        tagged = settings.codec.spec.sampling != .rgb
        unpremultiply = settings.alpha
        converter = try FrameConverter.forEncoding(width: width, height: height, format: format)
        rows = settings.alpha ? nil : try RowConverter(width: width, height: height, format: format)
    }

    deinit { av_frame_free(&previous) }

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

    /// Fills `video` from `pixmap`, the frame after the one this converter
    /// was last given here, of which only the rows `change` names may
    /// differ: those rows are converted again into the previous frame's
    /// planes and the rest kept (the same bytes as converting it whole).
    /// `video` then shares those planes (the encoder gets them without a
    /// copy); they are copied first only while an encoder or another
    /// video frame still holds them. Frames given out of order, or a first
    /// frame, must come with `.all`.
    public func convert(_ pixmap: Pixmap, changing change: FrameChange, into video: VideoFrame) throws {
        guard let rows else { return try convert(pixmap, into: video) }
        guard pixmap.width == width, pixmap.height == height else {
            throw EncodeError("frame is \(pixmap.width)x\(pixmap.height), the video is \(width)x\(height)")
        }
        // This frame's old reference first: the planes may then be ours alone.
        if let frame = video.frame { av_frame_unref(frame) } else { video.frame = av_frame_alloc() }
        guard let out = video.frame else { throw EncodeError("out of memory") }
        let prior = previous
        previous = nil
        var redo: [Range<Int>]? = nil
        if let prior, case .rows(let changed) = change {
            let output = rows.outputRows(for: changed)
            // Past half the frame a whole conversion is cheaper than bands.
            if output.reduce(0, { $0 + $1.count }) <= height / 2 { redo = output }
        }
        var planes: UnsafeMutablePointer<AVFrame>
        if let prior, redo != nil {
            planes = prior
            // Copies the planes when still shared: the rows not redone must stay.
            let status = av_frame_make_writable(planes)
            if status < 0 {
                var owned: UnsafeMutablePointer<AVFrame>? = planes
                av_frame_free(&owned)
                try AV.check(status, "cannot allocate a video frame")
            }
        } else {
            var old = prior
            if let o = old, av_frame_is_writable(o) != 0 {
                planes = o
            } else {
                av_frame_free(&old)
                planes = try Self.allocateFrame(width: width, height: height, format: format, tagged: tagged)
            }
        }
        if let redo { rows.convert(pixmap, rows: redo, into: planes) } else { converter.convert(pixmap, into: planes) }
        try AV.check(av_frame_ref(out, planes), "cannot allocate a video frame")
        previous = planes
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
