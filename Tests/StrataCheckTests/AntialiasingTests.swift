import StrataCheck
import StrataModel
import XCTest

final class AntialiasingTests: XCTestCase {
    let white: TestImages.RGBA = (255, 255, 255, 255)
    let ink: TestImages.RGBA = (20, 40, 200, 255)

    func tolerance(antialiasing: Bool) -> Tolerance {
        var t = Tolerance()
        t.pixels = 0
        t.antialiasing = antialiasing
        return t
    }

    func testRectangleShiftedByHalfAPixelDiffersOnlyByAntialiasing() {
        let crisp = TestImages.rect(40, 30, x: 10, y: 8, w: 15, h: 12, fill: ink, background: white)
        let shifted = TestImages.rect(40, 30, x: 10.5, y: 8, w: 15, h: 12, fill: ink, background: white)
        // Columns 10 and 25 of rows 8...19 change coverage by half.
        let strict = FrameComparer.compare(actual: shifted, expected: crisp, tolerance: tolerance(antialiasing: false))
        XCTAssertEqual(strict.differingPixels, 24)
        XCTAssertEqual(strict.antialiasedPixels, 0)
        XCTAssertFalse(strict.passes(tolerance(antialiasing: false)))

        let lenient = FrameComparer.compare(actual: shifted, expected: crisp, tolerance: tolerance(antialiasing: true))
        XCTAssertEqual(lenient.differingPixels, 0)
        XCTAssertEqual(lenient.antialiasedPixels, 24)
        XCTAssertTrue(lenient.passes(tolerance(antialiasing: true)))
        XCTAssertEqual(lenient.maxChannelDelta, strict.maxChannelDelta)
        // Symmetric: the golden may be the shifted one.
        let reversed = FrameComparer.compare(actual: crisp, expected: shifted, tolerance: tolerance(antialiasing: true))
        XCTAssertEqual(reversed.differingPixels, 0)
    }

    func testDiscShiftedDiagonallyBySubpixelPassesOnlyWithAntialiasing() {
        let a = TestImages.disc(48, 48, cx: 24, cy: 24, radius: 12, fill: ink, background: white)
        let b = TestImages.disc(48, 48, cx: 24.4, cy: 24.3, radius: 12, fill: ink, background: white)
        let strict = FrameComparer.compare(actual: b, expected: a, tolerance: tolerance(antialiasing: false))
        XCTAssertGreaterThan(strict.differingPixels, 20)
        XCTAssertFalse(strict.passes(tolerance(antialiasing: false)))
        let lenient = FrameComparer.compare(actual: b, expected: a, tolerance: tolerance(antialiasing: true))
        XCTAssertEqual(lenient.differingPixels, 0)
        XCTAssertEqual(lenient.antialiasedPixels, strict.differingPixels)
        XCTAssertTrue(lenient.passes(tolerance(antialiasing: true)))
    }

    func testNewBlockIsNotAntialiasing() {
        let e = TestImages.solid(20, 20, white)
        let a = TestImages.rect(20, 20, x: 8, y: 8, w: 3, h: 3, fill: ink, background: white)
        let c = FrameComparer.compare(actual: a, expected: e, tolerance: tolerance(antialiasing: true))
        XCTAssertEqual(c.differingPixels, 9)
        XCTAssertEqual(c.antialiasedPixels, 0)
    }

    func testNewSinglePixelDotAndOnePixelLineAreNotAntialiasing() {
        let e = TestImages.solid(20, 20, white)
        let dot = TestImages.setting(e, 5, 5, (0, 0, 0, 255))
        XCTAssertEqual(FrameComparer.compare(actual: dot, expected: e, tolerance: tolerance(antialiasing: true)).differingPixels, 1)
        let line = TestImages.rect(20, 20, x: 10, y: 2, w: 1, h: 16, fill: ink, background: white)
        let moved = TestImages.rect(20, 20, x: 11, y: 2, w: 1, h: 16, fill: ink, background: white)
        let c = FrameComparer.compare(actual: moved, expected: line, tolerance: tolerance(antialiasing: true))
        XCTAssertEqual(c.differingPixels, 32)
        XCTAssertEqual(c.antialiasedPixels, 0)
    }

    func testHardEdgeMovedByAWholePixelIsNotAntialiasing() {
        let e = TestImages.rect(30, 20, x: 10, y: 5, w: 10, h: 10, fill: ink, background: white)
        let a = TestImages.rect(30, 20, x: 11, y: 5, w: 10, h: 10, fill: ink, background: white)
        let c = FrameComparer.compare(actual: a, expected: e, tolerance: tolerance(antialiasing: true))
        XCTAssertEqual(c.differingPixels, 20)
        XCTAssertEqual(c.antialiasedPixels, 0)
    }

    func testAntialiasingAtTheImageBorder() {
        // An edge in the first column: the border counts as a neighbour.
        let crisp = TestImages.rect(10, 10, x: 0, y: 0, w: 4, h: 10, fill: ink, background: white)
        let shifted = TestImages.rect(10, 10, x: 0, y: 0, w: 4.5, h: 10, fill: ink, background: white)
        let c = FrameComparer.compare(actual: shifted, expected: crisp, tolerance: tolerance(antialiasing: true))
        XCTAssertEqual(c.differingPixels + c.antialiasedPixels, 10)
        XCTAssertEqual(c.differingPixels, 0)
    }
}
