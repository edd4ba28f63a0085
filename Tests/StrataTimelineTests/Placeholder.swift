import XCTest
final class StrataTimelineTestsPlaceholder: XCTestCase { func testNothing() {} }
