/// An 8-bit premultiplied BGRA image (Cairo's ARGB32 on little-endian
/// machines: bytes B, G, R, A), rows top to bottom, no padding.
public struct Pixmap: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width * height * 4` bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4)
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// A transparent image.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// Bytes per row.
    public var stride: Int { width * 4 }

    /// The (r, g, b, a) premultiplied bytes at (x, y).
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i + 2], pixels[i + 1], pixels[i], pixels[i + 3])
    }
}
