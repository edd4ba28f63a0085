import Foundation
import StrataEncode
import StrataModel

/// Test videos made with Strata's own encoder (MP4Writer, libx264 with
/// B-frames): frame i shows the number i in binary as eight columns of
/// 16 x 64 pixels, white for a 1 bit, black for a 0 (bit 0 on the left),
/// which survives compression. `number(in:)` reads it back from any
/// picture that shows such a frame over a rect.
public enum FrameNumberVideo {
    public static let width = 128, height = 64

    /// Writes a `frames`-frame video at `fps` with a key frame at least every `keyframeInterval` frames.
    public static func write(to path: String, frames: Int, fps: Double = 20, keyframeInterval: Int = 7) throws {
        let options = VideoOptions(crf: 18, preset: "veryfast", threads: 1, fastStart: true,
                                   keyframeInterval: keyframeInterval)
        let writer = try MP4Writer(path: path, width: width, height: height, fps: fps, options: options)
        for i in 0..<frames { try writer.append(picture(of: i)) }
        try writer.finish()
    }

    public static func picture(of number: Int) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let on = number >> (x / 16) & 1 == 1
                let v: UInt8 = on ? 255 : 0
                let i = (y * width + x) * 4
                pixmap.pixels[i] = v; pixmap.pixels[i + 1] = v; pixmap.pixels[i + 2] = v; pixmap.pixels[i + 3] = 255
            }
        }
        return pixmap
    }

    /// The number shown by a frame drawn over `rect` (pixels) of `pixmap`,
    /// read at the middle of each column.
    public static func number(in pixmap: Pixmap, rect: (x: Int, y: Int, width: Int, height: Int)? = nil) -> Int {
        let r = rect ?? (0, 0, pixmap.width, pixmap.height)
        var n = 0
        for bit in 0..<8 {
            let x = r.x + (2 * bit + 1) * r.width / 16, y = r.y + r.height / 2
            if pixmap.pixel(x, y).g > 128 { n |= 1 << bit }
        }
        return n
    }
}
