import XCTest
@testable import StrataModel

final class MediaTimingSamplingTests: XCTestCase {
    // MARK: Durations and the active interval

    func testZeroDurationMeansQuarterSecond() {
        let t = timing(duration: 0)
        XCTAssertEqual(t.effectiveDuration, 0.25)
        XCTAssertEqual(t.activeDuration, 0.25)
        assertSample(t.sample(layerTime: 0.125, removedOnCompletion: true), 0.5, 0)
        XCTAssertNil(t.sample(layerTime: 0.25, removedOnCompletion: true))
    }

    func testActiveDurationAndEndTime() {
        XCTAssertEqual(timing(duration: 2).activeDuration, 2)
        XCTAssertEqual(timing(duration: 2, repeatCount: 3).activeDuration, 6)
        XCTAssertEqual(timing(duration: 2, repeatCount: 2.5, autoreverses: true).activeDuration, 10)
        XCTAssertEqual(timing(duration: 2, repeatDuration: 3.5).activeDuration, 3.5)
        XCTAssertEqual(timing(duration: 2, repeatCount: .infinity).activeDuration, .infinity)
        XCTAssertEqual(timing(begin: 1, duration: 2, speed: 4).endTime, 1.5)
        XCTAssertEqual(timing(begin: 1, duration: 2, speed: 0.5).endTime, 5)
        XCTAssertEqual(timing(begin: 1, duration: 2, speed: 0).endTime, .infinity)
        XCTAssertEqual(timing(begin: 1, duration: 2, speed: -2).endTime, 2)
    }

    func testAtBeginTimeFractionIsZero() {
        let t = timing(begin: 2, duration: 1)
        assertSample(t.sample(layerTime: 2, removedOnCompletion: true), 0, 0)
        XCTAssertNil(t.sample(layerTime: 2.0.nextDown, removedOnCompletion: true))
    }

    func testJustBeforeTheEndIsStillActive() {
        let t = timing(duration: 1)
        let s = t.sample(layerTime: 0 + 1.0.nextDown, removedOnCompletion: true)
        assertSample(s, 1.0.nextDown, 0)
        XCTAssertNil(t.sample(layerTime: 1, removedOnCompletion: true), "the active interval is half-open")
        let late = timing(begin: 2, duration: 1)
        XCTAssertNotNil(late.sample(layerTime: 3.0.nextDown, removedOnCompletion: true))
        XCTAssertNil(late.sample(layerTime: 3, removedOnCompletion: true))
    }

    func testLinearProgress() {
        let t = timing(begin: 1, duration: 2)
        assertSample(t.sample(layerTime: 1.5, removedOnCompletion: true), 0.25, 0)
        assertSample(t.sample(layerTime: 2, removedOnCompletion: true), 0.5, 0)
        assertSample(t.sample(layerTime: 2.5, removedOnCompletion: true), 0.75, 0)
    }

    // MARK: Repeats

    func testRepeatEdges() {
        let t = timing(duration: 1, repeatCount: 3, fillMode: .forwards)
        assertSample(t.sample(layerTime: 1.0.nextDown, removedOnCompletion: false), 1.0.nextDown, 0)
        assertSample(t.sample(layerTime: 1, removedOnCompletion: false), 0, 1)
        assertSample(t.sample(layerTime: 2.0.nextDown, removedOnCompletion: false), 1, 1, accuracy: 1e-15)
        assertSample(t.sample(layerTime: 2, removedOnCompletion: false), 0, 2)
        assertSample(t.sample(layerTime: 2.5, removedOnCompletion: false), 0.5, 2)
        // The end: the final value of the last whole repeat.
        assertSample(t.sample(layerTime: 3, removedOnCompletion: false), 1, 2)
        assertSample(t.sample(layerTime: 10, removedOnCompletion: false), 1, 2)
        XCTAssertNil(t.sample(layerTime: 3, removedOnCompletion: true))
    }

    func testFractionalRepeatCount() {
        let t = timing(duration: 1, repeatCount: 2.5, fillMode: .both)
        assertSample(t.sample(layerTime: 2, removedOnCompletion: false), 0, 2)
        assertSample(t.sample(layerTime: 2.25, removedOnCompletion: false), 0.25, 2)
        assertSample(t.sample(layerTime: 2.5.nextDown, removedOnCompletion: false), 0.5, 2, accuracy: 1e-15)
        assertSample(t.sample(layerTime: 2.5, removedOnCompletion: false), 0.5, 2)
        assertSample(t.sample(layerTime: 7, removedOnCompletion: false), 0.5, 2)
        XCTAssertNil(t.sample(layerTime: 2.5, removedOnCompletion: true))
    }

    func testRepeatDuration() {
        let t = timing(duration: 1, repeatDuration: 2.5, fillMode: .forwards)
        XCTAssertEqual(t.endTime, 2.5)
        assertSample(t.sample(layerTime: 1.75, removedOnCompletion: false), 0.75, 1)
        assertSample(t.sample(layerTime: 2.5, removedOnCompletion: false), 0.5, 2)
        XCTAssertNil(t.sample(layerTime: 2.5, removedOnCompletion: true))
        // With autoreverses a repeat is 2 s: 3 s end at the turning point of the second repeat.
        let r = timing(duration: 1, repeatDuration: 3, autoreverses: true, fillMode: .forwards)
        assertSample(r.sample(layerTime: 2.5, removedOnCompletion: false), 0.5, 1)
        assertSample(r.sample(layerTime: 3, removedOnCompletion: false), 1, 1)
    }

    // MARK: Autoreverse

    func testAutoreverseMidpointAndEnd() {
        let t = timing(duration: 1, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(t.activeDuration, 2)
        assertSample(t.sample(layerTime: 0.5, removedOnCompletion: false), 0.5, 0)
        assertSample(t.sample(layerTime: 1, removedOnCompletion: false), 1, 0, accuracy: 0)
        assertSample(t.sample(layerTime: 1.25, removedOnCompletion: false), 0.75, 0)
        assertSample(t.sample(layerTime: 1.75, removedOnCompletion: false), 0.25, 0)
        assertSample(t.sample(layerTime: 2, removedOnCompletion: false), 0, 0)
        XCTAssertNil(t.sample(layerTime: 2, removedOnCompletion: true))
    }

    func testAutoreverseWithRepeats() {
        let t = timing(duration: 1, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        assertSample(t.sample(layerTime: 2, removedOnCompletion: false), 0, 1)
        assertSample(t.sample(layerTime: 3, removedOnCompletion: false), 1, 1)
        assertSample(t.sample(layerTime: 3.5, removedOnCompletion: false), 0.5, 1)
        assertSample(t.sample(layerTime: 4, removedOnCompletion: false), 0, 1)
        // A fractional count ending on the way back.
        let f = timing(duration: 1, repeatCount: 1.25, autoreverses: true, fillMode: .forwards)
        assertSample(f.sample(layerTime: 2.5, removedOnCompletion: false), 0.5, 1)
        let g = timing(duration: 1, repeatCount: 0.75, autoreverses: true, fillMode: .forwards)
        assertSample(g.sample(layerTime: 1.5, removedOnCompletion: false), 0.5, 0)
    }

    // MARK: Fill modes

    func testEveryFillModeBeforeAndAfter() {
        for mode in FillMode.allCases {
            for removed in [false, true] {
                let t = timing(begin: 1, duration: 1, fillMode: mode)
                let before = t.sample(layerTime: 0.5, removedOnCompletion: removed)
                let after = t.sample(layerTime: 3, removedOnCompletion: removed)
                let atEnd = t.sample(layerTime: 2, removedOnCompletion: removed)
                let label = "\(mode) removedOnCompletion=\(removed)"
                if mode == .backwards || mode == .both {
                    assertSample(before, 0, 0)
                } else {
                    XCTAssertNil(before, label)
                }
                if (mode == .forwards || mode == .both) && !removed {
                    assertSample(after, 1, 0)
                    assertSample(atEnd, 1, 0)
                } else {
                    XCTAssertNil(after, label)
                    XCTAssertNil(atEnd, label)
                }
                assertSample(t.sample(layerTime: 1.5, removedOnCompletion: removed), 0.5, 0)
            }
        }
    }

    // MARK: timeOffset

    func testTimeOffsetWrapsAndDoesNotEndEarly() {
        let t = timing(duration: 1, timeOffset: 0.25, fillMode: .forwards)
        assertSample(t.sample(layerTime: 0, removedOnCompletion: false), 0.25, 0)
        assertSample(t.sample(layerTime: 0.5, removedOnCompletion: false), 0.75, 0)
        assertSample(t.sample(layerTime: 0.75, removedOnCompletion: false), 0, 0)
        assertSample(t.sample(layerTime: 0.875, removedOnCompletion: false), 0.125, 0)
        XCTAssertNotNil(t.sample(layerTime: 1.0.nextDown, removedOnCompletion: true), "still active until beginTime + active")
        XCTAssertNil(t.sample(layerTime: 1, removedOnCompletion: true))
        // The held value is where playback stopped: back at the offset.
        assertSample(t.sample(layerTime: 1, removedOnCompletion: false), 0.25, 0)
    }

    func testTimeOffsetAcrossRepeats() {
        let t = timing(begin: 1, duration: 1, timeOffset: 0.5, repeatCount: 2, fillMode: .both)
        assertSample(t.sample(layerTime: 1, removedOnCompletion: false), 0.5, 0)
        assertSample(t.sample(layerTime: 2.25, removedOnCompletion: false), 0.75, 1)
        assertSample(t.sample(layerTime: 2.5, removedOnCompletion: false), 0, 0)
        assertSample(t.sample(layerTime: 2.75, removedOnCompletion: false), 0.25, 0)
        assertSample(t.sample(layerTime: 3, removedOnCompletion: false), 0.5, 0)
        // Backwards fill holds the value playback starts with.
        assertSample(t.sample(layerTime: 0, removedOnCompletion: false), 0.5, 0)
    }

    func testTimeOffsetLandingOnARepeatEdgeHoldsTheEndOfThatRepeat() {
        let t = timing(duration: 1, timeOffset: 1, repeatCount: 3, fillMode: .forwards)
        assertSample(t.sample(layerTime: 0, removedOnCompletion: false), 0, 1)
        assertSample(t.sample(layerTime: 3, removedOnCompletion: false), 1, 0)
    }

    func testNegativeTimeOffsetWraps() {
        let t = timing(duration: 1, timeOffset: -0.25)
        assertSample(t.sample(layerTime: 0, removedOnCompletion: true), 0.75, 0)
        assertSample(t.sample(layerTime: 0.25, removedOnCompletion: true), 0, 0)
        assertSample(t.sample(layerTime: 0.5, removedOnCompletion: true), 0.25, 0)
    }

    // MARK: Speed

    func testSpeedTwo() {
        let t = timing(begin: 1, duration: 1, speed: 2, fillMode: .forwards)
        assertSample(t.sample(layerTime: 1.25, removedOnCompletion: false), 0.5, 0)
        assertSample(t.sample(layerTime: 1.5.nextDown, removedOnCompletion: false), 1, 0, accuracy: 1e-15)
        assertSample(t.sample(layerTime: 1.5, removedOnCompletion: false), 1, 0)
        XCTAssertNil(t.sample(layerTime: 1.5, removedOnCompletion: true))
    }

    func testSpeedHalf() {
        let t = timing(begin: 1, duration: 1, speed: 0.5, repeatCount: 2)
        assertSample(t.sample(layerTime: 2, removedOnCompletion: true), 0.5, 0)
        assertSample(t.sample(layerTime: 3, removedOnCompletion: true), 0, 1)
        assertSample(t.sample(layerTime: 4, removedOnCompletion: true), 0.5, 1)
        XCTAssertNotNil(t.sample(layerTime: 5.0.nextDown, removedOnCompletion: true))
        XCTAssertNil(t.sample(layerTime: 5, removedOnCompletion: true))
    }

    func testSpeedZeroStandsStillAtTheOffset() {
        let t = timing(begin: 1, duration: 1, speed: 0, timeOffset: 0.3)
        assertSample(t.sample(layerTime: 1, removedOnCompletion: true), 0.3, 0)
        assertSample(t.sample(layerTime: 1000, removedOnCompletion: true), 0.3, 0)
        XCTAssertNil(t.sample(layerTime: 0.5, removedOnCompletion: true))
        var b = t
        b.fillMode = .backwards
        assertSample(b.sample(layerTime: 0.5, removedOnCompletion: true), 0.3, 0)
    }

    func testNegativeSpeedPlaysBackwards() {
        let t = timing(begin: 1, duration: 1, speed: -2, repeatCount: 2, fillMode: .both)
        XCTAssertEqual(t.endTime, 2)
        assertSample(t.sample(layerTime: 0, removedOnCompletion: false), 1, 1)   // playback starts at the end
        assertSample(t.sample(layerTime: 1, removedOnCompletion: false), 1, 1)
        assertSample(t.sample(layerTime: 1.25, removedOnCompletion: false), 0.5, 1)
        assertSample(t.sample(layerTime: 1.5, removedOnCompletion: false), 1, 0)
        assertSample(t.sample(layerTime: 1.75, removedOnCompletion: false), 0.5, 0)
        assertSample(t.sample(layerTime: 2, removedOnCompletion: false), 0, 0)   // and ends at the start
        XCTAssertNil(t.sample(layerTime: 2, removedOnCompletion: true))
    }

    // MARK: Infinite repeats

    func testInfiniteRepeatCount() {
        let t = timing(duration: 1, repeatCount: .infinity)
        XCTAssertEqual(t.endTime, .infinity)
        assertSample(t.sample(layerTime: 0, removedOnCompletion: true), 0, 0)
        assertSample(t.sample(layerTime: 1_000_000.25, removedOnCompletion: true), 0.25, 1_000_000)
        let r = timing(duration: 1, repeatCount: .infinity, autoreverses: true)
        assertSample(r.sample(layerTime: 1_000_001.5, removedOnCompletion: true), 0.5, 500_000)
        let d = timing(duration: 0.5, repeatDuration: .infinity)
        assertSample(d.sample(layerTime: 10.25, removedOnCompletion: true), 0.5, 20)
    }

    func testInfiniteRepeatWithNegativeOffsetStaysInTheFirstRepeat() {
        let t = timing(duration: 1, timeOffset: -0.25, repeatCount: .infinity)
        assertSample(t.sample(layerTime: 0, removedOnCompletion: true), 0.75, 0)
        assertSample(t.sample(layerTime: 1.5, removedOnCompletion: true), 0.25, 1)
    }

    func testNaNTimeDoesNotApply() {
        XCTAssertNil(timing(fillMode: .both).sample(layerTime: .nan, removedOnCompletion: false))
    }
}
