import CPNG
import StrataImage
import StrataModel

/// PNG files <-> `Pixmap` (premultiplied BGRA) through libpng.
///
/// Encoding un-premultiplies to 8-bit RGBA, or writes 8-bit RGB when every
/// pixel is opaque (smaller). Decoding accepts any PNG (1-16 bit, palette,
/// gray, gray+alpha, tRNS, Adam7) and returns premultiplied BGRA. gAMA, cHRM
/// and iCCP are ignored: samples are taken as sRGB. Damaged files throw.
public enum PNGCodec {
    /// Decoding refuses images above this many pixels (1 GiB of BGRA).
    public static let maxDecodedPixels = 1 << 28

    /// The PNG file bytes of `pixmap`.
    public static func encode(_ pixmap: Pixmap, options: PNGOptions = .fast) throws -> [UInt8] {
        if PremultipliedAlpha.isOpaque(pixmap) {
            return try encodeSamples(width: pixmap.width, height: pixmap.height, colorType: .rgb, bitDepth: 8,
                                     samples: PremultipliedAlpha.rgb(from: pixmap), options: options)
        }
        return try encodeSamples(width: pixmap.width, height: pixmap.height, colorType: .rgba, bitDepth: 8,
                                 samples: PremultipliedAlpha.straightRGBA(from: pixmap), options: options)
    }

    /// Encodes `pixmap` and writes it to `path` (replacing any file there).
    public static func write(_ pixmap: Pixmap, to path: String, options: PNGOptions = .fast) throws {
        try FileBytes.store(encode(pixmap, options: options), to: path)
    }

    /// Writes bytes made by `encode` to `path` (replacing any file there),
    /// for callers that encode on one thread and write on another.
    public static func store(_ encoded: [UInt8], to path: String) throws {
        try FileBytes.store(encoded, to: path)
    }

    /// Decodes PNG file bytes to premultiplied BGRA (StrataImage's decoder,
    /// with this codec's larger size limit).
    public static func decode(_ bytes: [UInt8]) throws -> Pixmap {
        do {
            return try ImageDecoder.decodePNG(bytes, maxPixels: maxDecodedPixels)
        } catch {
            throw EncodeError(error.message)
        }
    }

    /// Reads and decodes the PNG file at `path`.
    public static func read(path: String) throws -> Pixmap {
        let bytes = try FileBytes.load(path: path)
        do {
            return try decode(bytes)
        } catch let error as EncodeError {
            throw EncodeError("\(path): \(error.message)")
        }
    }
}

extension PNGCodec {
    /// PNG color types, for writing raw samples.
    enum ColorType: Int32 {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// Writes raw PNG samples as given: rows packed without padding (sub-byte
    /// depths padded to a byte per row), 16-bit samples big-endian. Used by
    /// `encode` and by tests to produce every kind of PNG.
    static func encodeSamples(width: Int, height: Int, colorType: ColorType, bitDepth: Int, samples: [UInt8],
                              palette: [UInt8] = [], transparency: [UInt8] = [], transparentGray: Int? = nil,
                              interlaced: Bool = false, options: PNGOptions) throws -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw EncodeError("cannot encode a \(width)x\(height) PNG: the size must be positive")
        }
        guard (0...9).contains(options.level) else {
            throw EncodeError("PNG compression level \(options.level) is out of range 0...9")
        }
        let stride = (width * colorType.channels * bitDepth + 7) / 8
        precondition(samples.count >= stride * height, "samples do not cover the image")
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = samples.withUnsafeBufferPointer { pixels in
            palette.withUnsafeBufferPointer { palette in
                transparency.withUnsafeBufferPointer { trns in
                    var image = cpng_image(
                        width: UInt32(width), height: UInt32(height), color_type: colorType.rawValue,
                        bit_depth: Int32(bitDepth), stride: stride, pixels: pixels.baseAddress,
                        palette: palette.baseAddress, palette_count: Int32(palette.count / 3),
                        trns: trns.baseAddress, trns_count: Int32(trns.count),
                        trns_gray: Int32(transparentGray ?? -1), interlaced: interlaced ? 1 : 0)
                    let settings = cpng_settings(level: Int32(options.level),
                                                 filters: options.filters.isEmpty ? PNGFilters.none.rawValue
                                                                                  : options.filters.rawValue,
                                                 strategy: options.strategy.rawValue)
                    return cpng_encode(&image, settings, &out, &size, &message, message.count)
                }
            }
        }
        guard status == 0, let out else { throw EncodeError("PNG encoding failed: \(String(cMessage: message))") }
        defer { cpng_free(out) }
        return [UInt8](UnsafeBufferPointer(start: out, count: size))
    }
}
