import StrataImage
import StrataModel
import XCTest

final class ImageDecoderTests: XCTestCase {
    func testRejectsUnknownBytes() {
        XCTAssertThrowsError(try ImageDecoder.decode(Array("hello".utf8)))
    }
    func testProbe() throws {
        let p = try ImageDecoder.read(path: "scenes/compositing/assets/photo-exif6.jpg")
        print("SIZE", p.width, p.height)
    }
}
