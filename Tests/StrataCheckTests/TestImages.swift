import StrataModel

/// Small synthetic frames for the comparison tests.
enum TestImages {
    typealias RGBA = (r: Int, g: Int, b: Int, a: Int)

    /// An image whose premultiplied pixel at (x, y) is `pixel(x, y)`.
    static func make(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> RGBA) -> Pixmap {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y), i = (y * width + x) * 4
                bytes[i] = UInt8(p.b); bytes[i + 1] = UInt8(p.g); bytes[i + 2] = UInt8(p.r); bytes[i + 3] = UInt8(p.a)
            }
        }
        return Pixmap(width: width, height: height, pixels: bytes)
    }

    static func solid(_ width: Int, _ height: Int, _ c: RGBA) -> Pixmap { make(width, height) { _, _ in c } }

    /// `image` with the premultiplied pixel at (x, y) replaced.
    static func setting(_ image: Pixmap, _ x: Int, _ y: Int, _ c: RGBA) -> Pixmap {
        var copy = image
        let i = (y * image.width + x) * 4
        copy.pixels[i] = UInt8(c.b); copy.pixels[i + 1] = UInt8(c.g); copy.pixels[i + 2] = UInt8(c.r); copy.pixels[i + 3] = UInt8(c.a)
        return copy
    }

    /// Opaque `fill` over opaque `background` with the given coverage 0...1.
    static func blend(_ fill: RGBA, over background: RGBA, coverage: Double) -> RGBA {
        func mix(_ f: Int, _ b: Int) -> Int { Int((Double(b) + Double(f - b) * coverage).rounded()) }
        return (mix(fill.r, background.r), mix(fill.g, background.g), mix(fill.b, background.b), 255)
    }

    /// A rectangle with exact-area anti-aliasing (coverage = overlap area).
    static func rect(_ width: Int, _ height: Int, x rx: Double, y ry: Double, w rw: Double, h rh: Double,
                     fill: RGBA, background: RGBA) -> Pixmap {
        make(width, height) { x, y in
            let cx = max(0, min(Double(x + 1), rx + rw) - max(Double(x), rx))
            let cy = max(0, min(Double(y + 1), ry + rh) - max(Double(y), ry))
            return blend(fill, over: background, coverage: cx * cy)
        }
    }

    /// A disc anti-aliased by 16x16 supersampling.
    static func disc(_ width: Int, _ height: Int, cx: Double, cy: Double, radius: Double,
                     fill: RGBA, background: RGBA) -> Pixmap {
        let n = 16
        return make(width, height) { x, y in
            var inside = 0
            for sy in 0..<n {
                for sx in 0..<n {
                    let px = Double(x) + (Double(sx) + 0.5) / Double(n) - cx
                    let py = Double(y) + (Double(sy) + 0.5) / Double(n) - cy
                    if px * px + py * py <= radius * radius { inside += 1 }
                }
            }
            return blend(fill, over: background, coverage: Double(inside) / Double(n * n))
        }
    }

    /// The (r, g, b, a) bytes at (x, y) of an image.
    static func rgba(_ image: Pixmap, _ x: Int, _ y: Int) -> [UInt8] {
        let p = image.pixel(x, y)
        return [p.r, p.g, p.b, p.a]
    }
}
