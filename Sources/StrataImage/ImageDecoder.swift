import CAV
import CPNG
import Foundation
import StrataModel

/// Why an image file cannot be used; `message` is for a located diagnostic.
public struct ImageError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Decodes `contents` images to premultiplied BGRA pixmaps.
///
/// PNG goes through libpng (the CPNG C target, which owns libpng's setjmp):
/// it expands every PNG form (1 to 16 bits, palette, gray, tRNS, Adam7)
/// and checks CRCs, so a corrupt PNG is an error, not a half image.
/// JPEG and WebP go through libavcodec's image decoders (already linked for
/// video), and JPEG's EXIF orientation is applied. Nothing here depends on
/// StrataEncode, so the render stage stays free of it: the parse stage
/// decodes and the pixels travel in the Scene and the RenderTree.
public enum ImageDecoder {
    /// Images above this many pixels are refused (memory bound).
    public static let maxPixels = 64 * 1024 * 1024

    public enum Format: String, Sendable { case png, jpeg, webp }

    /// The format from the file's first bytes, or nil.
    public static func sniff(_ bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    public static func decode(_ bytes: [UInt8]) throws(ImageError) -> Pixmap {
        guard let format = sniff(bytes) else {
            throw ImageError(bytes.isEmpty ? "the file is empty" : "not a PNG, JPEG or WebP image")
        }
        switch format {
        case .png: return try decodePNG(bytes)
        case .jpeg, .webp: return try LibavImage.decode(bytes, format: format)
        }
    }

    /// Reads and decodes a file.
    public static func read(path: String) throws(ImageError) -> Pixmap {
        let bytes: [UInt8]
        do { bytes = try SystemFiles.contents(of: path) } catch { throw ImageError(error.message) }
        return try decode(bytes)
    }

    /// PNG bytes -> premultiplied BGRA; refuses images above `maxPixels`.
    /// The one PNG decoder (PNGCodec reads goldens through it too).
    public static func decodePNG(_ bytes: [UInt8], maxPixels: Int = ImageDecoder.maxPixels) throws(ImageError) -> Pixmap {
        var width: UInt32 = 0, height: UInt32 = 0
        var rgba: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { data in
            cpng_decode(data.baseAddress, data.count, UInt64(maxPixels), &width, &height, &rgba, &message, message.count)
        }
        guard status == 0, let rgba else {
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw ImageError("invalid PNG: \(text)")
        }
        defer { cpng_free(rgba) }
        let count = Int(width) * Int(height) * 4
        var pixels = [UInt8](UnsafeBufferPointer(start: rgba, count: count))
        PremultipliedAlpha.premultiplyToBGRA(&pixels)
        return Pixmap(width: Int(width), height: Int(height), pixels: pixels)
    }
}
