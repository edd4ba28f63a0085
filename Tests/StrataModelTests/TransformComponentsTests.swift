import XCTest
@testable import StrataModel

final class TransformComponentsTests: XCTestCase {
    private let deg = Double.pi / 180

    private func scalar(_ m: Transform3D, _ c: LayerKeyPath.TransformComponent, _ axis: LayerKeyPath.Axis?,
                        file: StaticString = #filePath, line: UInt = #line) -> Double {
        guard let v = m.component(c, axis: axis).scalarValue else {
            XCTFail("not a scalar", file: file, line: line)
            return .nan
        }
        return v
    }

    func testIdentityComponents() {
        XCTAssertEqual(scalar(.identity, .rotation, nil), 0)
        XCTAssertEqual(scalar(.identity, .scale, nil), 1)
        XCTAssertEqual(scalar(.identity, .scale, .z), 1)
        XCTAssertEqual(Transform3D.identity.component(.translation, axis: nil), .size(Size(0, 0)))
    }

    func testReadingSingleAxisRotations() {
        XCTAssertEqual(scalar(.rotation(0.7, 0, 0, 1), .rotation, nil), 0.7, accuracy: 1e-15)
        XCTAssertEqual(scalar(.rotation(0.7, 0, 0, 1), .rotation, .z), 0.7, accuracy: 1e-15)
        XCTAssertEqual(scalar(.rotation(-2.5, 0, 0, 1), .rotation, .z), -2.5, accuracy: 1e-14)
        XCTAssertEqual(scalar(.rotation(0.4, 1, 0, 0), .rotation, .x), 0.4, accuracy: 1e-15)
        XCTAssertEqual(scalar(.rotation(0.4, 1, 0, 0), .rotation, .z), 0, accuracy: 1e-15)
        XCTAssertEqual(scalar(.rotation(0.3, 0, 1, 0), .rotation, .y), 0.3, accuracy: 1e-15)
        XCTAssertEqual(scalar(.rotation(90 * deg, 0, 1, 0), .rotation, .y), 90 * deg, accuracy: 1e-15)
    }

    func testEulerConvention() {
        var rng = SplitMix64(seed: 7)
        // Within ±90° about x and z the triple with y in [-90°, 90°] is the
        // smaller turn, so it is the one read (TransformSubKeyTests: the other).
        for _ in 0..<200 {
            let a = Double.random(in: -1.5...1.5, using: &rng)
            let b = Double.random(in: -1.5...1.5, using: &rng)
            let c = Double.random(in: -1.5...1.5, using: &rng)
            let m = Transform3D.rotation(a, 1, 0, 0) * Transform3D.rotation(b, 0, 1, 0) * Transform3D.rotation(c, 0, 0, 1)
            XCTAssertEqual(scalar(m, .rotation, .x), a, accuracy: 1e-12)
            XCTAssertEqual(scalar(m, .rotation, .y), b, accuracy: 1e-12)
            XCTAssertEqual(scalar(m, .rotation, .z), c, accuracy: 1e-12)
        }
    }

    func testGimbalLockRecomposes() throws {
        let m = Transform3D.rotation(0.3, 1, 0, 0) * Transform3D.rotation(90 * deg, 0, 1, 0) * Transform3D.rotation(0.2, 0, 0, 1)
        let angles = try XCTUnwrap(DecomposedTransform(m)).eulerAngles
        XCTAssertEqual(angles.y, 90 * deg, accuracy: 1e-9)
        let rebuilt = Transform3D.rotation(angles.x, 1, 0, 0) * Transform3D.rotation(angles.y, 0, 1, 0)
            * Transform3D.rotation(angles.z, 0, 0, 1)
        assertMatrix(rebuilt, m, accuracy: 1e-9)
    }

    func testReadingScaleAndTranslation() {
        let s = Transform3D.scale(2, 4, 3)
        XCTAssertEqual(scalar(s, .scale, .x), 2)
        XCTAssertEqual(scalar(s, .scale, .y), 4)
        XCTAssertEqual(scalar(s, .scale, .z), 3)
        XCTAssertEqual(scalar(s, .scale, nil), 3, "transform.scale is the mean of the three factors")
        let t = Transform3D.translation(5, 6, 7)
        XCTAssertEqual(t.component(.translation, axis: nil), .size(Size(5, 6)))
        XCTAssertEqual(scalar(t, .translation, .x), 5)
        XCTAssertEqual(scalar(t, .translation, .z), 7)
    }

    func testReadingAComposite() {
        let m = Transform3D(operations: [.translate(10, 20, 0), .rotate(angle: 30 * deg, x: 0, y: 0, z: 1), .scale(2, 2, 1)])
        XCTAssertEqual(scalar(m, .rotation, nil), 30 * deg, accuracy: 1e-14)
        XCTAssertEqual(scalar(m, .scale, nil), 5.0 / 3, accuracy: 1e-14, "the mean of 2, 2 and 1")
        XCTAssertEqual(scalar(m, .translation, .x), 10, accuracy: 1e-14)
        XCTAssertEqual(scalar(m, .translation, .y), 20, accuracy: 1e-14)
    }

    func testSettingRotationOnIdentityIsExactlyTheRotation() {
        for angle in [0.3, -7.0, 2 * .pi, 10 * .pi + 0.1, 1000.5] {
            let m = Transform3D.identity.settingComponent(.rotation, axis: .z, to: .scalar(angle))
            assertMatrix(m, .rotation(angle, 0, 0, 1), accuracy: 1e-12, "angle \(angle)")
            let n = Transform3D.identity.settingComponent(.rotation, axis: nil, to: .scalar(angle))
            XCTAssertEqual(m, n)
        }
        assertMatrix(Transform3D.identity.settingComponent(.rotation, axis: .z, to: .scalar(2 * .pi)), .identity)
        assertMatrix(Transform3D.identity.settingComponent(.rotation, axis: .x, to: .scalar(1.2)), .rotation(1.2, 1, 0, 0))
        assertMatrix(Transform3D.identity.settingComponent(.rotation, axis: .y, to: .scalar(.pi)), .rotation(.pi, 0, 1, 0))
    }

    func testSettingRotationKeepsTheOtherComponents() {
        let base = Transform3D.scale(2, 3) * Transform3D.rotation(0.5, 0, 0, 1) * Transform3D.translation(10, 20, 5)
        let m = base.settingComponent(.rotation, axis: .z, to: .scalar(1.0))
        assertMatrix(m, Transform3D.scale(2, 3) * Transform3D.rotation(1.0, 0, 0, 1) * Transform3D.translation(10, 20, 5))
        // Another axis is added, z is kept: Rx(0.3) · Rz(0.5).
        let tilted = Transform3D.rotation(0.5, 0, 0, 1).settingComponent(.rotation, axis: .x, to: .scalar(0.3))
        assertMatrix(tilted, Transform3D.rotation(0.3, 1, 0, 0) * Transform3D.rotation(0.5, 0, 0, 1))
    }

    func testSettingRotationKeepsPerspective() {
        // The card flip: perspective set on the model, rotation.y animated.
        let model = Transform3D.perspective(500)
        let m = model.settingComponent(.rotation, axis: .y, to: .scalar(.pi))
        assertMatrix(m, Transform3D.rotation(.pi, 0, 1, 0) * Transform3D.perspective(500))
    }

    func testSettingScale() {
        assertMatrix(Transform3D.identity.settingComponent(.scale, axis: nil, to: .scalar(0.5)), .scale(0.5, 0.5, 0.5))
        let s = Transform3D.scale(2, 4, 3)
        assertMatrix(s.settingComponent(.scale, axis: .x, to: .scalar(5)), .scale(5, 4, 3))
        assertMatrix(s.settingComponent(.scale, axis: .z, to: .scalar(1)), .scale(2, 4, 1))
        // Through zero and back (scale-from-zero animations).
        let zero = Transform3D.rotation(0.4, 0, 0, 1).settingComponent(.scale, axis: nil, to: .scalar(0))
        XCTAssertEqual(scalar(zero, .scale, nil), 0)
        assertMatrix(zero.settingComponent(.scale, axis: nil, to: .scalar(1)), .scale(1, 1), accuracy: 1e-12)
        let rotated = Transform3D.scale(2, 2) * Transform3D.rotation(0.4, 0, 0, 1)
        assertMatrix(rotated.settingComponent(.scale, axis: nil, to: .scalar(3)), Transform3D.scale(3, 3, 3) * Transform3D.rotation(0.4, 0, 0, 1))
    }

    func testSettingTranslation() {
        let base = Transform3D.scale(2, 2) * Transform3D.rotation(30 * deg, 0, 0, 1) * Transform3D.translation(10, 20)
        let expected = Transform3D.scale(2, 2) * Transform3D.rotation(30 * deg, 0, 0, 1) * Transform3D.translation(50, 20)
        assertMatrix(base.settingComponent(.translation, axis: .x, to: .scalar(50)), expected)
        assertMatrix(base.settingComponent(.translation, axis: nil, to: .size(Size(50, 20))), expected)
        assertMatrix(Transform3D.identity.settingComponent(.translation, axis: .z, to: .scalar(-4)), .translation(0, 0, -4))
    }

    func testMismatchedValuesLeaveTheTransformUnchanged() {
        let m = Transform3D.rotation(0.2, 0, 0, 1)
        XCTAssertEqual(m.settingComponent(.rotation, axis: .z, to: .size(Size(1, 2))), m)
        XCTAssertEqual(m.settingComponent(.translation, axis: nil, to: .scalar(3)), m)
        XCTAssertEqual(m.settingComponent(.scale, axis: nil, to: .color(.black)), m)
    }

    func testUndecomposableIsReadDirectlyAndNotChanged() {
        var broken = Transform3D.translation(4, 5)
        broken.m14 = 1  // perspective ...
        broken.m11 = 0; broken.m12 = 0; broken.m13 = 0  // ... with a singular 3x3
        XCTAssertNil(DecomposedTransform(broken))
        XCTAssertEqual(broken.component(.translation, axis: nil), .size(Size(4, 5)))
        XCTAssertEqual(broken.settingComponent(.rotation, axis: .z, to: .scalar(1)), broken)
    }
}
