import XCTest
import StrataModel
@testable import StrataLayout

/// The autoresizing math for every combination of the three flags of an
/// axis, on both axes. The layer is at 40 with size 60 in a 200-long
/// superlayer (margins 40 | 60 | 100) that grows by 100.
final class AutoresizingTests: XCTestCase {
    let old = Rect(0, 0, 200, 200)
    let new = Rect(0, 0, 300, 300)
    let frame = Rect(40, 40, 60, 60)

    /// Expected (min, size) after growing by 100, per flags (minMargin, size, maxMargin).
    func expected(_ f: (Bool, Bool, Bool)) -> AxisSpan {
        switch f {
        case (false, false, false): return AxisSpan(min: 40, size: 60)     // fixed
        case (true, false, false): return AxisSpan(min: 140, size: 60)     // min margin takes all
        case (false, true, false): return AxisSpan(min: 40, size: 160)     // size takes all
        case (false, false, true): return AxisSpan(min: 40, size: 60)      // max margin takes all
        case (true, true, false): return AxisSpan(min: 80, size: 120)      // 40:60 -> +40, +60
        case (true, false, true): return AxisSpan(min: 68.57142857142857, size: 60) // 40:100 -> +28.57
        case (false, true, true): return AxisSpan(min: 40, size: 97.5)     // 60:100 -> +37.5
        case (true, true, true): return AxisSpan(min: 60, size: 90)        // everything scales by 1.5
        }
    }

    func testEveryFlagCombinationOnBothAxes() {
        let flags: [(Bool, Bool, Bool)] = [(false, false, false), (true, false, false), (false, true, false), (false, false, true),
                                           (true, true, false), (true, false, true), (false, true, true), (true, true, true)]
        for axis in LayoutAttribute.Axis.allCases {
            for f in flags {
                var mask: AutoresizingMask = []
                if f.0 { mask.insert(axis == .x ? .minXMargin : .minYMargin) }
                if f.1 { mask.insert(axis == .x ? .widthSizable : .heightSizable) }
                if f.2 { mask.insert(axis == .x ? .maxXMargin : .maxYMargin) }
                let (result, clamped) = mask.resized(frame, from: old, to: new)
                let want = expected(f)
                XCTAssertEqual(result.span(axis).min, want.min, accuracy: 1e-12, "\(axis) \(mask.names)")
                XCTAssertEqual(result.span(axis).size, want.size, accuracy: 1e-12, "\(axis) \(mask.names)")
                let other: LayoutAttribute.Axis = axis == .x ? .y : .x
                XCTAssertEqual(result.span(other), frame.span(other), "other axis: \(axis) \(mask.names)")
                XCTAssertTrue(clamped.isEmpty)
            }
        }
    }

    func testTheFlexiblePartsAlwaysAddUpToTheNewSize() {
        let all: AutoresizingMask = [.minXMargin, .widthSizable, .maxXMargin]
        for raw in 0..<8 {
            let mask = AutoresizingMask(rawValue: raw).intersection(all)
            guard !mask.isEmpty else { continue }
            let r = mask.resized(frame, from: old, to: new).frame
            // Margins that are not flexible keep their size.
            if !mask.contains(.minXMargin) { XCTAssertEqual(r.minX, 40, "\(mask.names)") }
            if !mask.contains(.widthSizable) { XCTAssertEqual(r.width, 60, "\(mask.names)") }
            if !mask.contains(.maxXMargin) { XCTAssertEqual(300 - r.maxX, 100, accuracy: 1e-12, "\(mask.names)") }
        }
    }

    func testShrinkingAndBothAxesAtOnce() {
        let mask: AutoresizingMask = [.widthSizable, .maxXMargin, .minYMargin]
        let r = mask.resized(frame, from: old, to: Rect(0, 0, 120, 150)).frame
        // x: width 60 and right margin 100 share -80 as 60:100 -> -30, -50; y: top margin takes -50.
        XCTAssertEqual(r, Rect(40, -10, 30, 60))
    }

    func testNoSizeChangeOrNoFlagChangesNothing() {
        XCTAssertEqual(AutoresizingMask([.minXMargin, .widthSizable]).resized(frame, from: old, to: old).frame, frame)
        XCTAssertEqual(AutoresizingMask([]).resized(frame, from: old, to: new).frame, frame)
        // Only y flags: an x change moves nothing.
        XCTAssertEqual(AutoresizingMask([.heightSizable]).resized(frame, from: old, to: Rect(0, 0, 300, 200)).frame, frame)
    }

    func testFlexiblePartsOfZeroSizeShareEqually() {
        // A layer that fills its superlayer: both margins are 0; flexible margins only -> equal shares (it stays centred).
        let full = Rect(0, 0, 200, 200)
        let r = AutoresizingMask([.minXMargin, .maxXMargin]).resized(full, from: old, to: new).frame
        XCTAssertEqual(r.span(.x), AxisSpan(min: 50, size: 200))
        XCTAssertEqual(AutoresizingMask.distribute([0, 10, 0], flexible: [true, false, true], delta: 7), [3.5, 10, 3.5])
    }

    func testANegativeSizeBecomesZero() {
        let (r, clamped) = AutoresizingMask([.widthSizable]).resized(frame, from: old, to: Rect(0, 0, 100, 200))
        XCTAssertEqual(r.span(.x), AxisSpan(min: 40, size: 0))
        XCTAssertEqual(clamped, [.x])
    }

    func testMarginsAreMeasuredFromTheBoundsOrigin() {
        // A superlayer whose bounds start at -100: the layer's left margin is 140, not 40.
        let o = Rect(-100, 0, 200, 200), n = Rect(-100, 0, 400, 200)
        let r = AutoresizingMask([.minXMargin]).resized(frame, from: o, to: n).frame
        XCTAssertEqual(r.minX, 240)
        let s = AutoresizingMask([.maxXMargin, .minXMargin]).resized(frame, from: o, to: n).frame
        // Margins 140 and 0 (frame.maxX 100 = bounds.maxX 100): the left one takes all 200.
        XCTAssertEqual(s.minX, 240)
    }
}
