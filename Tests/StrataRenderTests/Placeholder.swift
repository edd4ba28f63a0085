import XCTest
final class StrataRenderTestsPlaceholder: XCTestCase { func testNothing() {} }
