import XCTest
final class StrataModelTestsPlaceholder: XCTestCase { func testNothing() {} }
