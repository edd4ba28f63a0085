import Foundation
import StrataCheck
import StrataModel
import XCTest

final class FrameComparerTests: XCTestCase {
    let gray: TestImages.RGBA = (100, 120, 140, 255)

    func testIdenticalFramesHaveNoDifferencesAndInfinitePSNR() {
        let a = TestImages.make(7, 5) { x, y in (x * 30, y * 40, 77, 255) }
        let c = FrameComparer.compare(actual: a, expected: a, tolerance: .default)
        XCTAssertFalse(c.sizeMismatch)
        XCTAssertEqual(c.maxChannelDelta, 0)
        XCTAssertEqual(c.differingPixels, 0)
        XCTAssertEqual(c.antialiasedPixels, 0)
        XCTAssertEqual(c.psnr, .infinity)
        XCTAssertTrue(c.passes(.default))
        XCTAssertEqual(c.failureReasons(.default), [])
    }

    func testSinglePixelChangedBeyondChannelToleranceCountsOnce() {
        let expected = TestImages.solid(10, 10, gray)
        let actual = TestImages.setting(expected, 4, 6, (100, 123, 140, 255))
        var t = Tolerance()
        t.channel = 2
        t.pixels = 0
        let c = FrameComparer.compare(actual: actual, expected: expected, tolerance: t)
        XCTAssertEqual(c.maxChannelDelta, 3)
        XCTAssertEqual(c.differingPixels, 1)
        XCTAssertFalse(c.passes(t))
        XCTAssertEqual(c.failureReasons(t), ["1 pixel differs by more than 2 (1.00% > 0.00%)"])
        t.pixelCount = 1
        XCTAssertTrue(c.passes(t))
        t.pixelCount = 0
        XCTAssertEqual(c.failureReasons(t), ["1 pixel differs by more than 2 (0 allowed)"])
        // PSNR: 9 per composite (over black and over white) out of 100 pixels × 6 samples.
        XCTAssertEqual(c.psnr, 10 * log10(255.0 * 255.0 / (18.0 / 600.0)), accuracy: 1e-9)
    }

    func testChangeEqualToChannelToleranceIsNotADifference() {
        let expected = TestImages.solid(10, 10, gray)
        let actual = TestImages.setting(expected, 0, 0, (98, 122, 140, 255))
        var t = Tolerance()
        t.pixels = 0
        let c = FrameComparer.compare(actual: actual, expected: expected, tolerance: t)
        XCTAssertEqual(c.maxChannelDelta, 2)
        XCTAssertEqual(c.differingPixels, 0)
        XCTAssertTrue(c.passes(t))
        XCTAssertLessThan(c.psnr, .infinity)
    }

    func testPSNRForAConstantOffsetOfTen() {
        let expected = TestImages.solid(16, 9, gray)
        let actual = TestImages.solid(16, 9, (110, 130, 150, 255))
        let c = FrameComparer.compare(actual: actual, expected: expected, tolerance: .default)
        XCTAssertEqual(c.psnr, 20 * log10(255.0 / 10.0), accuracy: 1e-9)
        XCTAssertEqual(c.psnr, 28.1308, accuracy: 1e-4)
        XCTAssertEqual(c.maxChannelDelta, 10)
        XCTAssertEqual(c.differingPixels, 144)
        var t = Tolerance()
        t.channel = 10
        t.psnr = 45
        XCTAssertEqual(FrameComparer.compare(actual: actual, expected: expected, tolerance: t).failureReasons(t),
                       ["PSNR 28.1 dB < 45 dB"])
        t.psnr = 28
        XCTAssertTrue(FrameComparer.compare(actual: actual, expected: expected, tolerance: t).passes(t))
    }

    func testPixelFractionBoundary() {
        // 0.001 of 1000 pixels allows exactly 1 despite binary rounding.
        let expected = TestImages.solid(40, 25, gray)
        let one = TestImages.setting(expected, 3, 3, (0, 0, 0, 255))
        let two = TestImages.setting(one, 5, 5, (0, 0, 0, 255))
        let c1 = FrameComparer.compare(actual: one, expected: expected, tolerance: .default)
        let c2 = FrameComparer.compare(actual: two, expected: expected, tolerance: .default)
        XCTAssertEqual(c1.allowedDifferingPixels(.default), 1)
        XCTAssertTrue(c1.passes(.default))
        XCTAssertFalse(c2.passes(.default))
        XCTAssertEqual(c2.failureReasons(.default), ["2 pixels differ by more than 2 (0.20% > 0.10%)"])
    }

    func testFailureReasonsMatchTheDocumentedWording() {
        let c = FrameComparison(width: 1000, height: 206, expectedWidth: 1000, expectedHeight: 206,
                                sizeMismatch: false, maxChannelDelta: 37, differingPixels: 412,
                                antialiasedPixels: 0, psnr: 38.2)
        var t = Tolerance()
        t.psnr = 45
        XCTAssertEqual(c.failureReasons(t), ["412 pixels differ by more than 2 (0.20% > 0.10%)", "PSNR 38.2 dB < 45 dB"])
        XCTAssertEqual(c.summary, "max delta 37, 412 pixels differ (0.20%), PSNR 38.2 dB")
        // Values that would print alike get more places.
        var near = c
        near.psnr = 44.96
        XCTAssertEqual(near.failureReasons(t).last, "PSNR 44.96 dB < 45 dB")
        near.differingPixels = 207
        t.psnr = nil
        XCTAssertEqual(near.failureReasons(t), ["207 pixels differ by more than 2 (0.1005% > 0.1000%)"])
    }

    func testTinyFractionsAreNotShownAsZero() {
        let c = FrameComparison(width: 1000, height: 1000, expectedWidth: 1000, expectedHeight: 1000,
                                sizeMismatch: false, maxChannelDelta: 9, differingPixels: 1,
                                antialiasedPixels: 4, psnr: 80.04)
        XCTAssertEqual(c.summary, "max delta 9, 1 pixel differs (0.0001%), 4 anti-aliased, PSNR 80.0 dB")
        var t = Tolerance()
        t.pixels = 0
        XCTAssertEqual(c.failureReasons(t), ["1 pixel differs by more than 2 (0.0001% > 0.0000%)"])
    }

    func testSizeMismatchFailsWhateverTheTolerance() {
        let a = TestImages.solid(10, 10, gray), e = TestImages.solid(12, 10, gray)
        var t = Tolerance()
        t.pixels = 1
        t.channel = 255
        let c = FrameComparer.compare(actual: a, expected: e, tolerance: t)
        XCTAssertTrue(c.sizeMismatch)
        XCTAssertEqual(c.differingPixels, 0)
        XCTAssertEqual(c.maxChannelDelta, 0)
        XCTAssertFalse(c.passes(t))
        XCTAssertEqual(c.failureReasons(t), ["size 10x10 != 12x10"])
    }

    func testEmptyFramesMatch() {
        let e = Pixmap(width: 0, height: 0)
        let c = FrameComparer.compare(actual: e, expected: e, tolerance: .default)
        XCTAssertEqual(c.psnr, .infinity)
        XCTAssertTrue(c.passes(.default))
    }

    func testAlphaOnlyChangeCountsInFull() {
        let e = TestImages.solid(2, 2, (0, 0, 0, 0))
        let a = TestImages.setting(e, 1, 1, (0, 0, 0, 10))
        let c = FrameComparer.compare(actual: a, expected: e, tolerance: .default)
        XCTAssertEqual(c.maxChannelDelta, 10)
        XCTAssertEqual(c.differingPixels, 1)
    }

    func testOpaqueBlackVersusTransparentIsTheLargestDelta() {
        let e = TestImages.solid(1, 1, (0, 0, 0, 0)), a = TestImages.solid(1, 1, (0, 0, 0, 255))
        let c = FrameComparer.compare(actual: a, expected: e, tolerance: .default)
        XCTAssertEqual(c.maxChannelDelta, 255)
        // Over black nothing differs; over white every channel differs by 255.
        XCTAssertEqual(c.psnr, 10 * log10(2.0), accuracy: 1e-9)
    }

    func testTranslucentPixelDeltaIsTheWorstOverBlackOrWhite() {
        // Premultiplied 50/100 vs 47/103: over black 50 vs 47, over white 205 vs 199.
        let e = TestImages.solid(1, 1, (50, 50, 50, 100)), a = TestImages.solid(1, 1, (47, 47, 47, 103))
        let c = FrameComparer.compare(actual: a, expected: e, tolerance: .default)
        XCTAssertEqual(c.maxChannelDelta, 6)
        XCTAssertEqual(c.differingPixels, 1)
    }

    func testTransparentPixelsAreEqualAndFaintOnesAreNotAmplified() {
        // Premultiplied 1/2 vs 0/2 is a 1-byte difference on any background
        // (un-premultiplied it would be 128 vs 0).
        let e = TestImages.solid(1, 1, (0, 0, 0, 2)), a = TestImages.solid(1, 1, (1, 0, 0, 2))
        let c = FrameComparer.compare(actual: a, expected: e, tolerance: .default)
        XCTAssertEqual(c.maxChannelDelta, 1)
        XCTAssertEqual(c.differingPixels, 0)
    }
}
