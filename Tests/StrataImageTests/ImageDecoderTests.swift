import StrataImage
import StrataModel
import XCTest

final class ImageDecoderTests: XCTestCase {
    func testRejectsUnknownBytes() {
        XCTAssertThrowsError(try ImageDecoder.decode(Array("hello".utf8)))
    }
}
