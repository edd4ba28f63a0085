/// A read-only view of premultiplied BGRA bytes, valid only inside the
/// `withUnsafeBufferPointer` call that made it.
struct Raster {
    let bytes: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
        self.bytes = bytes; self.width = width; self.height = height
    }

    /// The pixel's four bytes as one word, for exact-equality tests.
    @inline(__always)
    func word(_ x: Int, _ y: Int) -> UInt32 {
        UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: (y &* width &+ x) &* 4, as: UInt32.self)
    }

    /// Brightness (Rec. 601 luma × 1000, 0...255 000) of the pixel composited
    /// over white, as pixelmatch measures it; integer so "equal" is exact.
    @inline(__always)
    func luma(_ x: Int, _ y: Int) -> Int {
        let o = (y &* width &+ x) &* 4
        let under = 255 &- Int(bytes[o &+ 3])
        return 114 &* (Int(bytes[o]) &+ under) &+ 587 &* (Int(bytes[o &+ 1]) &+ under)
            &+ 299 &* (Int(bytes[o &+ 2]) &+ under)
    }

    /// Whether (x, y) looks like an anti-aliased edge pixel in this image.
    ///
    /// The idea of pixelmatch (Mapbox, ISC; after Vysniauskas, "Anti-aliased
    /// pixel and intensity slope detector", 2009): an edge pixel has at most
    /// two neighbours of its own brightness, has both a darker and a brighter
    /// neighbour (it lies on a slope), and the most extreme of those lies in
    /// an area of flat colour in *both* images — the shape's inside or its
    /// background, which a sub-pixel shift leaves unchanged. A genuine change
    /// (a new dot, a moved hard edge) fails one of these tests.
    func isAntialiased(_ x: Int, _ y: Int, other: Raster) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, height - 1)
        // The image border counts as one neighbour of equal brightness.
        var equal = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let centre = luma(x, y)
        var darkest = 0, darkX = 0, darkY = 0
        var brightest = 0, brightX = 0, brightY = 0
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                let d = luma(nx, ny) &- centre
                if d == 0 {
                    equal &+= 1
                    if equal > 2 { return false }
                } else if d < darkest {
                    darkest = d; darkX = nx; darkY = ny
                } else if d > brightest {
                    brightest = d; brightX = nx; brightY = ny
                }
            }
        }
        guard darkest < 0, brightest > 0 else { return false }
        return (isFlat(darkX, darkY) && other.isFlat(darkX, darkY))
            || (isFlat(brightX, brightY) && other.isFlat(brightX, brightY))
    }

    /// Whether (x, y) has at least three neighbours of exactly its colour
    /// (the image border counting as one).
    func isFlat(_ x: Int, _ y: Int) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, height - 1)
        var equal = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let colour = word(x, y)
        for ny in y0...y1 {
            for nx in x0...x1 where (nx != x || ny != y) && word(nx, ny) == colour {
                equal &+= 1
                if equal > 2 { return true }
            }
        }
        return false
    }
}
