import StrataCheck
import StrataModel
import XCTest

final class DiffImageTests: XCTestCase {
    func testDifferingPixelsAreRedOverFadedGrayscaleOfExpected() {
        let expected = TestImages.make(4, 1) { x, _ in x == 3 ? (255, 255, 255, 255) : (0, 0, 0, 255) }
        var actual = TestImages.setting(expected, 1, 0, (50, 0, 0, 255))   // differs
        actual = TestImages.setting(actual, 2, 0, (2, 2, 2, 255))          // within channel tolerance
        let (c, diff) = FrameComparer.compareAndDiff(actual: actual, expected: expected, tolerance: .default)
        XCTAssertEqual(c.differingPixels, 1)
        XCTAssertEqual(diff.width, 4)
        XCTAssertEqual(diff.height, 1)
        XCTAssertEqual(TestImages.rgba(diff, 0, 0), [204, 204, 204, 255])   // black faded to 204
        XCTAssertEqual(TestImages.rgba(diff, 1, 0), [255, 0, 0, 255])       // red
        XCTAssertEqual(TestImages.rgba(diff, 2, 0), [204, 204, 204, 255])   // equal within tolerance
        XCTAssertEqual(TestImages.rgba(diff, 3, 0), [255, 255, 255, 255])   // white stays white
        XCTAssertEqual(FrameComparer.diffImage(actual: actual, expected: expected, tolerance: .default), diff)
        XCTAssertEqual(FrameComparer.compare(actual: actual, expected: expected, tolerance: .default), c)
    }

    func testGrayscaleUsesLumaOverWhiteAndIsOpaque() {
        // Opaque pure red: luma 0.299·255 = 76; 255 − (255 − 76) / 5 = 220.
        // Transparent: composited over white, so 255.
        let expected = TestImages.make(2, 1) { x, _ in x == 0 ? (255, 0, 0, 255) : (0, 0, 0, 0) }
        let diff = FrameComparer.diffImage(actual: expected, expected: expected, tolerance: .default)
        XCTAssertEqual(TestImages.rgba(diff, 0, 0), [220, 220, 220, 255])
        XCTAssertEqual(TestImages.rgba(diff, 1, 0), [255, 255, 255, 255])
    }

    func testAntialiasingDifferencesAreYellowOnlyWhenIgnored() {
        let white: TestImages.RGBA = (255, 255, 255, 255), ink: TestImages.RGBA = (20, 40, 200, 255)
        let crisp = TestImages.rect(20, 10, x: 5, y: 2, w: 8, h: 6, fill: ink, background: white)
        let shifted = TestImages.rect(20, 10, x: 5.5, y: 2, w: 8, h: 6, fill: ink, background: white)
        var t = Tolerance()
        t.antialiasing = true
        let lenient = FrameComparer.diffImage(actual: shifted, expected: crisp, tolerance: t)
        XCTAssertEqual(TestImages.rgba(lenient, 5, 4), [255, 255, 0, 255])
        XCTAssertEqual(TestImages.rgba(lenient, 13, 4), [255, 255, 0, 255])
        t.antialiasing = false
        let strict = FrameComparer.diffImage(actual: shifted, expected: crisp, tolerance: t)
        XCTAssertEqual(TestImages.rgba(strict, 5, 4), [255, 0, 0, 255])
        // Inside the shape (equal): faded grayscale of the ink.
        let luma = (299 * 20 + 587 * 40 + 114 * 200 + 500) / 1000
        let gray = UInt8(255 - (255 - luma) / 5)
        XCTAssertEqual(TestImages.rgba(strict, 8, 4), [gray, gray, gray, 255])
    }

    func testSizeMismatchShowsActualOverCheckerOnTheLargerCanvas() {
        let actual = TestImages.solid(10, 12, (0, 200, 0, 255))
        let expected = TestImages.solid(12, 10, (0, 0, 255, 255))
        let (c, diff) = FrameComparer.compareAndDiff(actual: actual, expected: expected, tolerance: .default)
        XCTAssertTrue(c.sizeMismatch)
        XCTAssertEqual(diff.width, 12)
        XCTAssertEqual(diff.height, 12)
        // In both frames: the actual pixel.
        XCTAssertEqual(TestImages.rgba(diff, 0, 0), [0, 200, 0, 255])
        // Only in the expected (x 10...11, y < 10): checker, tinted half red.
        // (11, 0) lies in a dark (230) square: (230 + 255) / 2, 230 / 2.
        XCTAssertEqual(TestImages.rgba(diff, 11, 0), [242, 115, 115, 255])
        // Only in the actual (y 10...11): the actual, tinted.
        XCTAssertEqual(TestImages.rgba(diff, 0, 11), [127, 100, 0, 255])
        // In neither (x ≥ 10, y ≥ 10): the bare checker; (11, 11) is in a light square.
        XCTAssertEqual(TestImages.rgba(diff, 11, 11), [255, 255, 255, 255])
        XCTAssertEqual(TestImages.rgba(diff, 11, 8), [255, 127, 127, 255])  // light square, tinted
        XCTAssertEqual(TestImages.rgba(diff, 7, 7), [0, 200, 0, 255])
    }

    func testSizeMismatchCompositesTranslucentActualOverChecker() {
        // Premultiplied half-transparent black over a light (255) square: 128.
        let actual = TestImages.solid(2, 2, (0, 0, 0, 128))
        let expected = TestImages.solid(3, 3, (0, 0, 0, 255))
        let diff = FrameComparer.diffImage(actual: actual, expected: expected, tolerance: .default)
        XCTAssertEqual(TestImages.rgba(diff, 0, 0), [127, 127, 127, 255])
    }
}
