import Foundation
import StrataImage
import StrataModel
import XCTest

final class ImageDecoderTests: XCTestCase {
    private var assets: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenes/compositing/assets").path
    }

    private func px(_ p: Pixmap, _ x: Int, _ y: Int) -> [Int] { let c = p.pixel(x, y); return [Int(c.r), Int(c.g), Int(c.b), Int(c.a)] }

    func testRejectsUnknownAndEmptyBytes() {
        XCTAssertThrowsError(try ImageDecoder.decode(Array("hello".utf8))) { XCTAssertEqual(($0 as? ImageError)?.message, "not a PNG, JPEG or WebP image") }
        XCTAssertThrowsError(try ImageDecoder.decode([])) { XCTAssertEqual(($0 as? ImageError)?.message, "the file is empty") }
    }

    func testPNGForms() throws {
        let gray = try ImageDecoder.read(path: assets + "/gray16.png")
        XCTAssertEqual(gray.width, 32)
        XCTAssertEqual(px(gray, 0, 0), [0, 0, 0, 255])
        XCTAssertEqual(px(gray, 31, 0), [255, 255, 255, 255])  // 31 * 2114 = 65534 -> 255
        let palette = try ImageDecoder.read(path: assets + "/palette.png")
        XCTAssertEqual(px(palette, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(px(palette, 12, 0), [0, 0, 0, 0])  // the transparent index
        let photo = try ImageDecoder.read(path: assets + "/photo.png")
        XCTAssertEqual(photo.width, 48)
        XCTAssertEqual(photo.height, 32)
    }

    /// The JPEG stores the picture turned a quarter left with EXIF
    /// orientation 6: decoded, it is upright like the PNG.
    func testJPEGOrientationIsApplied() throws {
        let png = try ImageDecoder.read(path: assets + "/photo.png")
        let jpeg = try ImageDecoder.read(path: assets + "/photo-exif6.jpg")
        XCTAssertEqual(jpeg.width, 48)
        XCTAssertEqual(jpeg.height, 32)
        for (x, y) in [(37, 8), (10, 20), (2, 2), (45, 30)] {
            let a = px(png, x, y), b = px(jpeg, x, y)
            for c in 0..<3 { XCTAssertEqual(Double(a[c]), Double(b[c]), accuracy: 40, "(\(x), \(y))") }
        }
    }

    func testTruncatedJPEGIsAnError() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: assets + "/photo-exif6.jpg")))
        XCTAssertThrowsError(try ImageDecoder.decode(Array(bytes.prefix(40))))
    }

    func testCacheDecodesOncePerFile() {
        let cache = ImageCache()
        _ = cache.image(path: assets + "/button.png")
        _ = cache.image(path: assets + "/button.png")
        XCTAssertEqual(cache.decodeCount, 1)
        if case .failure = cache.image(path: assets + "/missing.png") {} else { XCTFail("missing file decoded") }
    }
}
