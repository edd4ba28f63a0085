import Foundation
import StrataModel
@testable import StrataTimeline
import XCTest

final class KeyframeTests: XCTestCase {
    typealias F = EngineFixture

    func x(_ values: [Double], keyTimes: [Double]? = nil, mode: KeyframeAnimation.CalculationMode = .linear,
           functions: [TimingFunction]? = nil, configure: (inout Animation) -> Void = { _ in }) -> Scene {
        let k = KeyframeAnimation(values: values.map { .scalar($0) }, keyTimes: keyTimes, timingFunctions: functions,
                                  calculationMode: mode)
        return F.scene([F.animation("position.x", .keyframe(k), configure: configure)])
    }

    func testLinearKeyTimesAtTheirBoundaries() {
        let s = x([0, 10, 20], keyTimes: [0, 0.2, 1])
        XCTAssertEqual(F.at(s, 0).position.x, 0)
        XCTAssertEqual(F.at(s, 0.1).position.x, 5, accuracy: 1e-12)
        XCTAssertEqual(F.at(s, 0.2).position.x, 10, accuracy: 1e-12)
        XCTAssertEqual(F.at(s, 0.2.nextDown).position.x, 10, accuracy: 1e-9)
        XCTAssertEqual(F.at(s, 0.6).position.x, 15, accuracy: 1e-12)
        XCTAssertEqual(F.at(s, 1.0.nextDown).position.x, 20, accuracy: 1e-9)
        XCTAssertEqual(F.at(s, 1).position.x, 0, "removed at the end: the model value")
        // Without key times the values are evenly spaced.
        let even = x([0, 10, 40])
        XCTAssertEqual(F.at(even, 0.5).position.x, 10, accuracy: 1e-12)
        XCTAssertEqual(F.at(even, 0.75).position.x, 25, accuracy: 1e-12)
    }

    func testEqualKeyTimesJump() {
        let s = x([0, 10, 20, 30], keyTimes: [0, 0.5, 0.5, 1])
        XCTAssertEqual(F.at(s, 0.5.nextDown).position.x, 10, accuracy: 1e-9, "arrives at 10 just before")
        XCTAssertEqual(F.at(s, 0.5).position.x, 20, "at the key time the later value applies")
        XCTAssertEqual(F.at(s, 0.75).position.x, 25, accuracy: 1e-12)
        // Equal first key times: the first value never shows.
        let start = x([5, 10, 20], keyTimes: [0, 0, 1])
        XCTAssertEqual(F.at(start, 0).position.x, 10)
        // Equal last key times: the last value shows only at the very end (held by the fill).
        let end = x([0, 10, 20], keyTimes: [0, 1, 1]) { $0.timing.fillMode = .forwards; $0.removedOnCompletion = false }
        XCTAssertEqual(F.at(end, 1.0.nextDown).position.x, 10, accuracy: 1e-9)
        XCTAssertEqual(F.at(end, 1).position.x, 20)
    }

    func testDiscreteHoldsEachValue() {
        // No key times: each of n values holds 1/n of the time.
        let s = x([1, 2, 3, 4], mode: .discrete)
        XCTAssertEqual(F.at(s, 0).position.x, 1)
        XCTAssertEqual(F.at(s, 0.25.nextDown).position.x, 1)
        XCTAssertEqual(F.at(s, 0.25).position.x, 2)
        XCTAssertEqual(F.at(s, 0.75).position.x, 4)
        // n key times: the last value only at the end.
        let n = x([1, 2, 3], keyTimes: [0, 0.5, 1], mode: .discrete) { $0.timing.fillMode = .forwards; $0.removedOnCompletion = false }
        XCTAssertEqual(F.at(n, 0.5.nextDown).position.x, 1)
        XCTAssertEqual(F.at(n, 0.5).position.x, 2)
        XCTAssertEqual(F.at(n, 1.0.nextDown).position.x, 2)
        XCTAssertEqual(F.at(n, 1).position.x, 3)
        // n + 1 key times: value i from keyTimes[i] to keyTimes[i + 1].
        let more = x([1, 2, 3], keyTimes: [0, 0.2, 0.6, 1], mode: .discrete)
        XCTAssertEqual(F.at(more, 0.2.nextDown).position.x, 1)
        XCTAssertEqual(F.at(more, 0.2).position.x, 2)
        XCTAssertEqual(F.at(more, 0.6.nextDown).position.x, 2)
        XCTAssertEqual(F.at(more, 0.6).position.x, 3)
        XCTAssertEqual(F.at(more, 1.0.nextDown).position.x, 3)
    }

    func testTimingFunctionsShapeEachSegmentAfterTheAnimationsOwn() {
        let s = x([0, 10, 20], functions: [.easeIn, .linear]) { $0.timingFunction = .linear }
        XCTAssertEqual(F.at(s, 0.25).position.x, 10 * TimingFunction.easeIn.evaluate(0.5), accuracy: 1e-12)
        XCTAssertEqual(F.at(s, 0.75).position.x, 15, accuracy: 1e-12)
        // The animation's timing function maps time first.
        let eased = x([0, 10, 20]) { $0.timingFunction = .easeInEaseOut }
        let p = TimingFunction.easeInEaseOut.evaluate(0.3)
        XCTAssertEqual(F.at(eased, 0.3).position.x, 20 * p, accuracy: 1e-9)
    }

    func testPacedMovesAtConstantSpeed() {
        // Distances 100, 10, 300: linear mode would spend a third on each.
        let s = x([0, 100, 110, 410], mode: .paced)
        for t in stride(from: 0.0, to: 1.0, by: 0.05) {
            XCTAssertEqual(F.at(s, t).position.x, 410 * t, accuracy: 1e-9, "t = \(t)")
        }
        // Points: speed along the polyline (lengths 5 and 10).
        let k = KeyframeAnimation(values: [.point(Point(0, 0)), .point(Point(3, 4)), .point(Point(3, 14))], calculationMode: .paced)
        XCTAssertEqual(k.times, [0, 1.0 / 3, 1])
    }

    func testCubicPassesThroughTheValues() {
        let keyTimes = [0, 0.2, 0.7, 1.0]
        let s = x([0, 50, 20, 80], keyTimes: keyTimes, mode: .cubic)
        for (t, v) in zip(keyTimes.dropLast(), [0.0, 50, 20]) {
            XCTAssertEqual(F.at(s, t).position.x, v, accuracy: 1e-12, "t = \(t)")
        }
        XCTAssertEqual(F.at(s, 1.0.nextDown).position.x, 80, accuracy: 1e-6)
        // Catmull-Rom with even keys: at the middle of segment 1 of [0, 10, 30, 60]
        // tangents are (30-0)/2 and (60-10)/2: 0.5·10 + 0.125·15 + 0.5·30 - 0.125·25 = 18.75.
        let cr = x([0, 10, 30, 60], mode: .cubic)
        XCTAssertEqual(F.at(cr, 0.5).position.x, 18.75, accuracy: 1e-12)
        // Tension 1 flattens the tangents: the midpoint is the average.
        let k = KeyframeAnimation(values: [0, 10, 30, 60].map { .scalar($0) }, calculationMode: .cubic,
                                  tensionValues: [1, 1, 1, 1])
        XCTAssertEqual(F.at(F.scene([F.animation("position.x", .keyframe(k))]), 0.5).position.x, 20, accuracy: 1e-12)
        // Continuity -1 at every key: corners; outgoing tangent at 1 is the chord 30-10, incoming at 2 the chord 30-10.
        let c = KeyframeAnimation(values: [0, 10, 30, 60].map { .scalar($0) }, calculationMode: .cubic,
                                  continuityValues: [-1, -1, -1, -1])
        XCTAssertEqual(c.spline?.outgoing[1].first ?? 0, 20, accuracy: 1e-12)
        XCTAssertEqual(c.spline?.incoming[2].first ?? 0, 20, accuracy: 1e-12)
    }

    func testCubicPacedMovesAtConstantSpeedAlongTheSpline() {
        let k = KeyframeAnimation(values: [.point(Point(0, 0)), .point(Point(100, 50)), .point(Point(200, 0)), .point(Point(210, 100))],
                                  calculationMode: .cubicPaced)
        let s = F.scene([F.animation("position", .keyframe(k))])
        let n = 400
        let points = (0..<n).map { F.at(s, Double($0) / Double(n)).position }
        let chords = zip(points, points.dropFirst()).map { ($1.x - $0.x) * ($1.x - $0.x) + ($1.y - $0.y) * ($1.y - $0.y) }.map { $0.squareRoot() }
        let mean = chords.reduce(0, +) / Double(chords.count)
        for c in chords { XCTAssertEqual(c, mean, accuracy: mean * 1e-3) }
        // And it still passes through the values.
        XCTAssertEqual(F.at(s, k.times[1]).position.x, 100, accuracy: 1e-9)
        XCTAssertEqual(F.at(s, k.times[1]).position.y, 50, accuracy: 1e-9)
    }

    func path(_ segments: [MotionPath.Segment], mode: KeyframeAnimation.CalculationMode = .linear,
              rotation: KeyframeAnimation.RotationMode? = nil, configure: (inout Layer) -> Void = { _ in }) -> Scene {
        let k = KeyframeAnimation(path: MotionPath(start: segments[0].start, segments: segments), calculationMode: mode,
                                  rotationMode: rotation)
        return F.scene([F.animation("position", .keyframe(k))], configure: configure)
    }

    func testPathLinearGivesEachSegmentEqualTimeAndPacedConstantSpeed() {
        let segments: [MotionPath.Segment] = [.line(Point(0, 0), Point(100, 0)), .line(Point(100, 0), Point(100, 10))]
        let linear = path(segments)
        XCTAssertEqual(F.at(linear, 0.5).position, Point(100, 0))
        XCTAssertEqual(F.at(linear, 0.75).position, Point(100, 5))
        let paced = path(segments, mode: .paced)
        XCTAssertEqual(F.at(paced, 0.5).position.x, 55, accuracy: 1e-9)
        XCTAssertEqual(F.at(paced, 100.0 / 110 + 0.5 / 110).position.y, 0.5, accuracy: 1e-9)
        // A curve at constant speed: equal chords for equal times.
        let curve = path([.cubic(Point(0, 0), Point(0, 200), Point(300, -100), Point(300, 100))], mode: .paced)
        let n = 300
        let points = (0...n).map { F.at(curve, Double($0) / Double(n) * 0.999999).position }
        let chords = zip(points, points.dropFirst()).map { (($1.x - $0.x) * ($1.x - $0.x) + ($1.y - $0.y) * ($1.y - $0.y)).squareRoot() }
        let mean = chords.reduce(0, +) / Double(chords.count)
        for c in chords { XCTAssertEqual(c, mean, accuracy: mean * 1e-3) }
        // A move inside the path takes no time without key times.
        let jump = path([.line(Point(0, 0), Point(10, 0)), .jump(Point(10, 0), Point(50, 50)), .line(Point(50, 50), Point(60, 50))])
        XCTAssertEqual(F.at(jump, 0.25).position, Point(5, 0))
        XCTAssertEqual(F.at(jump, 0.5).position, Point(50, 50))
    }

    func testRotationModeTurnsToTheTangent() {
        // B(u) = (0,0) (0,100) (100,100) (100,0): B'(0) = (0, 300) down, B'(0.5) = (150, 0), B'(1) = (0, -300) up.
        let curve: [MotionPath.Segment] = [.cubic(Point(0, 0), Point(0, 100), Point(100, 100), Point(100, 0))]
        let s = path(curve, rotation: .auto) { $0.properties.transform = .scale(2, 2) }
        func angle(_ t: Double) -> Double {
            let m = F.at(s, t).transform
            return atan2(m.m12, m.m11)
        }
        XCTAssertEqual(angle(0), .pi / 2, accuracy: 1e-9)
        XCTAssertEqual(angle(0.5), 0, accuracy: 1e-9)
        XCTAssertEqual(angle(1.0.nextDown), -.pi / 2, accuracy: 1e-6)
        // At any u the angle is atan2 of the derivative.
        for u in [0.1, 0.3, 0.77] {
            let d = curve[0].derivative(u)
            XCTAssertEqual(angle(u), atan2(d.y, d.x), accuracy: 1e-9)
        }
        // The rotation keeps the layer's own transform (scale 2) and acts after it.
        let m = F.at(s, 0.5).transform
        XCTAssertEqual(m.m11, 2, accuracy: 1e-9)
        XCTAssertEqual(m.m22, 2, accuracy: 1e-9)
        let back = path(curve, rotation: .autoReverse)
        let r = F.at(back, 0.5).transform
        XCTAssertEqual(atan2(r.m12, r.m11), .pi, accuracy: 1e-9)
        // A tangent where the derivative vanishes comes from the control polygon.
        let cusp = path([.cubic(Point(0, 0), Point(0, 0), Point(50, 50), Point(100, 0))], rotation: .auto)
        let c = F.at(cusp, 0).transform
        XCTAssertEqual(atan2(c.m12, c.m11), .pi / 4, accuracy: 1e-9)
    }

    func testAdditiveAndCumulativeKeyframes() {
        let cumulative = x([0, 10]) { $0.cumulative = true; $0.timing.repeatCount = 3 }
        XCTAssertEqual(F.at(cumulative, 1.5).position.x, 15, accuracy: 1e-9)
        XCTAssertEqual(F.at(cumulative, 2.5).position.x, 25, accuracy: 1e-9)
        let additive = F.scene([F.animation("position.x", .keyframe(KeyframeAnimation(values: [.scalar(0), .scalar(10)]))) {
            $0.additive = true
        }]) { $0.properties.position = Point(100, 7) }
        XCTAssertEqual(F.at(additive, 0.5).position.x, 105, accuracy: 1e-9)
        // Colors, sizes and rects add component-wise.
        let color = F.scene([F.animation("backgroundColor", .keyframe(KeyframeAnimation(values: [.color(Color(0, 0, 0, 0)), .color(Color(0.2, 0.4, 0, 0))]))) {
            $0.additive = true
        }]) { $0.properties.backgroundColor = Color(0.5, 0.5, 0.5, 1) }
        let c = F.at(color, 0.5).backgroundColor!
        XCTAssertEqual(c.red, 0.6, accuracy: 1e-9)
        XCTAssertEqual(c.green, 0.7, accuracy: 1e-9)
        let rect = F.scene([F.animation("bounds", .basic(from: .rect(Rect(0, 0, 10, 10)), to: .rect(Rect(0, 0, 20, 30)), by: nil)) {
            $0.cumulative = true; $0.timing.repeatCount = 2
        }])
        XCTAssertEqual(F.at(rect, 1.5).bounds, Rect(0, 0, 25, 40))
        // A path animation on a size key path (transform.translation) moves the translation.
        let k = KeyframeAnimation(path: MotionPath(start: .zero, segments: [.line(.zero, Point(40, 20))]))
        let t = F.scene([F.animation("transform.translation", .keyframe(k))])
        XCTAssertEqual(F.at(t, 0.5).transform.m41, 20, accuracy: 1e-9)
        XCTAssertEqual(F.at(t, 0.5).transform.m42, 10, accuracy: 1e-9)
    }

    func testLaterKeyframeAnimationsWinAndAdditiveOnesAdd() {
        let s = F.scene([
            F.animation("position.x", .keyframe(KeyframeAnimation(values: [.scalar(0), .scalar(100)]))),
            F.animation("position.x", .basic(from: .scalar(500), to: .scalar(500), by: nil)),
            F.animation("position.x", .keyframe(KeyframeAnimation(values: [.scalar(0), .scalar(10)]))) { $0.additive = true },
        ])
        XCTAssertEqual(F.at(s, 0.5).position.x, 505, accuracy: 1e-9)
    }
}
