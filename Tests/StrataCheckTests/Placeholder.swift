import XCTest
final class StrataCheckTestsPlaceholder: XCTestCase { func testNothing() {} }
