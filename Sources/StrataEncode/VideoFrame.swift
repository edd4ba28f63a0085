import CAV
import StrataModel

/// One yuv420p picture (BT.709, limited range) ready for `MP4Writer.append(_:)`,
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

/// Converts premultiplied BGRA pixmaps into `VideoFrame`s with one swscale
/// context (use one per thread), exactly as `MP4Writer.append(Pixmap)` does.
public final class VideoFrameConverter {
    public let width: Int
    public let height: Int
    private let converter: FrameConverter

    /// `width` and `height` must be even and positive (4:2:0).
    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width.isMultiple(of: 2), height.isMultiple(of: 2) else {
            throw EncodeError("video size \(width)x\(height) is not allowed: H.264 4:2:0 needs a positive, even width and height")
        }
        self.width = width; self.height = height
        converter = try FrameConverter.toYUV420(width: width, height: height)
    }

    /// Fills `video` from `pixmap` (of the converter's size), allocating its
    /// buffers the first time and whenever the encoder still holds them.
    public func convert(_ pixmap: Pixmap, into video: VideoFrame) throws {
        guard pixmap.width == width, pixmap.height == height else {
            throw EncodeError("frame is \(pixmap.width)x\(pixmap.height), the video is \(width)x\(height)")
        }
        if video.width != width || video.height != height {
            av_frame_free(&video.frame)
            video.frame = try MP4Writer.allocateFrame(width: width, height: height)
        }
        guard let frame = video.frame else { throw EncodeError("out of memory") }
        try AV.check(av_frame_make_writable(frame), "cannot allocate a video frame")
        converter.convert(pixmap, into: frame)
    }
}
