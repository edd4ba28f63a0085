import CAV
import StrataEncode
import StrataImage
import StrataModel

/// A decoded video frame with its own reference to the decoder's buffers,
/// converted to a pixmap after the session that decoded it has moved on.
final class DecodedFrame {
    private var frame: UnsafeMutablePointer<AVFrame>?

    init?(referencing source: UnsafeMutablePointer<AVFrame>) {
        guard let frame = av_frame_clone(source) else { return nil }
        self.frame = frame
    }

    deinit { av_frame_free(&frame) }

    /// The frame as a pixmap: converted with its own colour tags (`converter`
    /// is reused when it fits, replaced when not); alpha, when the pixel
    /// format has it, premultiplied; then turned upright by `orientation`
    /// (EXIF numbering, 1 = as stored). Made in a buffer `cache` evicted,
    /// when it has one of the size.
    func pixmap(converter: inout FrameConverter?, orientation: Int, cache: MediaFrameCache) throws(MediaError) -> Pixmap {
        guard let frame else { throw MediaError("out of memory") }
        if converter.map({ !$0.matches(frame) }) ?? true {
            do { converter = try FrameConverter.toBGRA(from: frame) } catch {
                throw MediaError("cannot convert \(AV.name(av_get_pix_fmt_name(AVPixelFormat(rawValue: frame.pointee.format)))) video frames")
            }
        }
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        var pixels = cache.buffer(count: width * height * 4, zeroed: false)
        converter!.convert(frame, into: &pixels)
        let pixmap = Pixmap(width: width, height: height, pixels: pixels)
        return orientation == 1 ? pixmap : Orientation.apply(orientation, to: pixmap)
    }
}
