import XCTest
final class StrataParseTestsPlaceholder: XCTestCase { func testNothing() {} }
