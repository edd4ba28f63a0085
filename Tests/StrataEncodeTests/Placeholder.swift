import XCTest
final class StrataEncodeTestsPlaceholder: XCTestCase { func testNothing() {} }
