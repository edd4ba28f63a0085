import XCTest
@testable import StrataModel

final class TransformInterpolationTests: XCTestCase {
    private let deg = Double.pi / 180

    func testRotationMidpoint() {
        let m = Transform3D.interpolate(.identity, .rotation(90 * deg, 0, 0, 1), 0.5)
        assertMatrix(m, .rotation(45 * deg, 0, 0, 1))
        let x = Transform3D.interpolate(.rotation(10 * deg, 1, 0, 0), .rotation(70 * deg, 1, 0, 0), 0.25)
        assertMatrix(x, .rotation(25 * deg, 1, 0, 0))
    }

    func testScaleAndTranslationMidpoints() {
        assertMatrix(Transform3D.interpolate(.identity, .scale(3, 3, 1), 0.5), .scale(2, 2, 1))
        assertMatrix(Transform3D.interpolate(.translation(10, 0, 0), .translation(30, -40, 8), 0.25),
                     .translation(15, -10, 2))
        let a = Transform3D.scale(1, 2) * Transform3D.translation(10, 20)
        let b = Transform3D.scale(3, 4) * Transform3D.translation(30, 60)
        assertMatrix(Transform3D.interpolate(a, b, 0.5), Transform3D.scale(2, 3) * Transform3D.translation(20, 40))
    }

    func testCombinedMidpoint() {
        let a = Transform3D.scale(1, 1) * Transform3D.rotation(0, 0, 0, 1) * Transform3D.translation(0, 0)
        let b = Transform3D.scale(3, 3) * Transform3D.rotation(60 * deg, 0, 0, 1) * Transform3D.translation(100, 50)
        let expected = Transform3D.scale(2, 2) * Transform3D.rotation(30 * deg, 0, 0, 1) * Transform3D.translation(50, 25)
        assertMatrix(Transform3D.interpolate(a, b, 0.5), expected)
    }

    func testEndsAreExact() {
        let a = Transform3D.rotation(0.3, 1, 2, 3) * Transform3D.translation(1, 2, 3)
        let b = Transform3D.perspective(400) * Transform3D.scale(2, 1)
        XCTAssertEqual(Transform3D.interpolate(a, b, 0), a)
        XCTAssertEqual(Transform3D.interpolate(a, b, 1), b)
        XCTAssertEqual(Transform3D.interpolate(a, a, 0.3), a)
    }

    func testShorterPath() {
        let m = Transform3D.interpolate(.rotation(-170 * deg, 0, 0, 1), .rotation(170 * deg, 0, 0, 1), 0.5)
        assertMatrix(m, .rotation(180 * deg, 0, 0, 1))
        let q = Transform3D.interpolate(.rotation(-170 * deg, 0, 0, 1), .rotation(170 * deg, 0, 0, 1), 0.25)
        assertMatrix(q, .rotation(-175 * deg, 0, 0, 1))
    }

    func testFullTurnIsNoTurnForMatrices() {
        // Both ends are the identity: use transform.rotation.z for spins.
        for t in [0.25, 0.5, 0.75] {
            assertMatrix(Transform3D.interpolate(.identity, .rotation(2 * .pi, 0, 0, 1), t), .identity)
        }
    }

    func testExtrapolation() {
        let r = Transform3D.rotation(90 * deg, 0, 0, 1)
        assertMatrix(Transform3D.interpolate(.identity, r, 1.5), .rotation(135 * deg, 0, 0, 1))
        assertMatrix(Transform3D.interpolate(.identity, r, -0.5), .rotation(-45 * deg, 0, 0, 1))
        assertMatrix(Transform3D.interpolate(.identity, .scale(3, 3), 1.25), .scale(3.5, 3.5))
        assertMatrix(Transform3D.interpolate(.translation(0, 0), .translation(10, 0), -0.1), .translation(-1, 0))
    }

    func testPerspectiveIsInterpolated() {
        let m = Transform3D.interpolate(.identity, .perspective(500), 0.5)
        assertMatrix(m, .perspective(1000))
    }

    func testMirrorInterpolatesThroughZeroScale() {
        // One negated axis, not a 180-degree turn about x (see DecomposedTransform).
        assertMatrix(Transform3D.interpolate(.identity, .scale(-1, 1), 0.5), .scale(0, 1))
        assertMatrix(Transform3D.interpolate(.identity, .scale(-1, 1), 0.25), .scale(0.5, 1))
    }

    func testScaleFromZero() {
        assertMatrix(Transform3D.interpolate(.scale(0, 0), .identity, 0.25), .scale(0.25, 0.25))
    }

    func testUndecomposableFallsBackToDiscrete() {
        var broken = Transform3D.identity
        broken.m44 = 0
        let a = Transform3D.translation(5, 5)
        XCTAssertEqual(Transform3D.interpolate(a, broken, 0.49), a)
        XCTAssertEqual(Transform3D.interpolate(a, broken, 0.5), broken)
        XCTAssertEqual(Transform3D.interpolate(broken, a, 0.2), broken)
    }

    func testSlerpStaysUnitAndHandlesTinyAngles() {
        let a = SIMD4<Double>(0, 0, 0, 1)
        let b = SIMD4<Double>(0, 0, sin(1e-12), cos(1e-12))
        let m = DecomposedTransform.slerp(a, b, 0.5)
        XCTAssertEqual((m * m).sum(), 1, accuracy: 1e-15)
        XCTAssertEqual(m.z, sin(0.5e-12), accuracy: 1e-20)
        // -q is the same rotation as q.
        let q = SIMD4<Double>(0, 0, sin(0.3), cos(0.3))
        let s = DecomposedTransform.slerp(a, -q, 0.5)
        XCTAssertEqual(abs(s.z), sin(0.15), accuracy: 1e-14)
    }
}
