import XCTest
final class StrataCLITestsPlaceholder: XCTestCase { func testNothing() {} }
