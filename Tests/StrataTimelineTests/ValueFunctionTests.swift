import StrataModel
@testable import StrataParse
@testable import StrataTimeline
import XCTest

/// CAValueFunction: a transform animation of numbers made into the transform drawn.
final class ValueFunctionTests: XCTestCase {
    private func scene(_ animation: String, transform: String = "[]", file: StaticString = #filePath, line: UInt = #line) -> Scene? {
        EngineFixture.load("""
        strata: 1
        canvas: {size: [100, 100], duration: 2s}
        layers:
          - name: a
            bounds: [0, 0, 20, 20]
            transform: \(transform)
            animations: [\(animation)]
        """, file: file, line: line)
    }

    private func transform(_ s: Scene?, _ t: Double) -> Transform3D {
        s.flatMap { EngineFixture.layer($0, "a", t)?.properties.transform } ?? Transform3D(rowMajor: Array(repeating: .nan, count: 16))
    }

    private func assertSame(_ a: Transform3D, _ b: Transform3D, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.rowMajor, b.rowMajor) { XCTAssertEqual(x, y, accuracy: 1e-9, "\(a.rowMajor) vs \(b.rowMajor)", file: file, line: line) }
    }

    /// A whole turn: the matrices at 0 and 360° are equal, but the angle is interpolated.
    func testRotateZTurnsAWholeTurn() {
        let s = scene("{keyPath: transform, valueFunction: rotateZ, from: 0, to: 360deg, duration: 1s}")
        assertSame(transform(s, 0.25), .rotation(.pi / 2, 0, 0, 1))
        assertSame(transform(s, 0.5), .rotation(.pi, 0, 0, 1))
        assertSame(transform(s, 0.75), .rotation(1.5 * .pi, 0, 0, 1))
    }

    func testEveryFunction() {
        let cases: [(String, String, Transform3D)] = [
            ("rotateX", "90deg", .rotation(.pi / 4, 1, 0, 0)),
            ("rotateY", "90deg", .rotation(.pi / 4, 0, 1, 0)),
            ("scaleX", "3", .scale(2, 1, 1)),
            ("scaleY", "3", .scale(1, 2, 1)),
            ("scaleZ", "3", .scale(1, 1, 2)),
            ("translateX", "40", .translation(20, 0, 0)),
            ("translateY", "40", .translation(0, 20, 0)),
            ("translateZ", "40", .translation(0, 0, 20)),
        ]
        for (name, to, expected) in cases {
            let from = name.hasPrefix("scale") ? "1" : "0"
            let s = scene("{keyPath: transform, valueFunction: \(name), from: \(from), to: \(to), duration: 1s}")
            assertSame(transform(s, 0.5), expected)
        }
        assertSame(transform(scene("{keyPath: transform, valueFunction: scale, from: [1, 1], to: [3, 2, 5], duration: 1s}"), 0.5),
                   .scale(2, 1.5, 3))
        assertSame(transform(scene("{keyPath: transform, valueFunction: translate, from: [0, 0, 0], to: [10, -20], duration: 1s}"), 0.5),
                   .translation(5, -10, 0))
    }

    /// The transform made replaces the model's (Core Animation's rule);
    /// additive concatenates it onto the value below.
    func testReplacesTheModelUnlessAdditive() {
        let replaced = scene("{keyPath: transform, valueFunction: rotateZ, from: 0, to: 180deg, duration: 1s}", transform: "{scale: 2}")
        assertSame(transform(replaced, 0.5), .rotation(.pi / 2, 0, 0, 1))
        let added = scene("{keyPath: transform, valueFunction: rotateZ, from: 0, to: 180deg, duration: 1s, additive: true}", transform: "{scale: 2}")
        assertSame(transform(added, 0.5), Transform3D.rotation(.pi / 2, 0, 0, 1) * .scale(2, 2))
    }

    /// A missing end reads the model's matching component.
    func testMissingEndReadsTheComponent() {
        let s = scene("{keyPath: transform, valueFunction: rotateZ, by: 360deg, duration: 1s}", transform: "{rotate: 30deg}")
        assertSame(transform(s, 0.5), .rotation((30 + 180) * .pi / 180, 0, 0, 1))
        let t = scene("{keyPath: transform, valueFunction: translateX, to: 100, duration: 1s}", transform: "{translateX: 20}")
        assertSame(transform(t, 0.5), .translation(60, 0, 0))
    }

    func testKeyframesAndCumulativeRepeats() {
        let k = scene("{keyPath: transform, valueFunction: rotateZ, values: [0, 90deg, 0], duration: 1s}")
        assertSame(transform(k, 0.5), .rotation(.pi / 2, 0, 0, 1))
        let c = scene("{keyPath: transform, valueFunction: rotateZ, from: 0, to: 90deg, duration: 1s, repeatCount: 3, cumulative: true}")
        assertSame(transform(c, 1.5), .rotation(.pi * 0.75, 0, 0, 1))
    }
}
