import XCTest
@testable import StrataModel

/// Issue #15's sub-key bugs: `transform.rotation.y` / `.z` / `transform.scale`
/// on models that turn past ±90° or mirror. The decomposition picks the
/// solution that keeps the untouched components of the model, so writing a
/// component's own value back gives the model exactly.
final class TransformSubKeyTests: XCTestCase {
    private let deg = Double.pi / 180

    private func read(_ m: Transform3D, _ c: LayerKeyPath.TransformComponent, _ axis: LayerKeyPath.Axis?) -> Double {
        m.component(c, axis: axis).scalarValue ?? .nan
    }

    private func written(_ m: Transform3D, _ c: LayerKeyPath.TransformComponent, _ axis: LayerKeyPath.Axis?,
                         _ v: Double) -> Transform3D {
        m.settingComponent(c, axis: axis, to: .scalar(v))
    }

    /// The issue's models: rotations past 90°, 180° and 270° about each axis
    /// (and negative ones), mirrored scales, and mixes of them.
    private var models: [(String, Transform3D)] {
        var list: [(String, Transform3D)] = []
        for angle in [100.0, 135, 180, 225, 270, 300, -100, -180, -270] {
            list.append(("rotateX(\(angle))", .rotation(angle * deg, 1, 0, 0)))
            list.append(("rotateY(\(angle))", .rotation(angle * deg, 0, 1, 0)))
            list.append(("rotateZ(\(angle))", .rotation(angle * deg, 0, 0, 1)))
        }
        list.append(("scale(-1, 1)", .scale(-1, 1)))
        list.append(("scale(1, -1)", .scale(1, -1)))
        list.append(("scale(-1, -1)", .scale(-1, -1)))
        list.append(("scale(-2, 2, 2)", .scale(-2, 2, 2)))
        list.append(("scale(-1, 1) rotateZ(30)", Transform3D(operations: [.scale(-1, 1, 1), .rotate(angle: 30 * deg, x: 0, y: 0, z: 1)])))
        list.append(("rotateY(180) translate", Transform3D(operations: [.translate(12, -7, 3), .rotate(angle: .pi, x: 0, y: 1, z: 0)])))
        list.append(("perspective rotateY(100)", Transform3D(operations: [.perspective(500), .rotate(angle: 100 * deg, x: 0, y: 1, z: 0)])))
        list.append(("rotateY(100) rotateZ(40)", Transform3D(operations: [.rotate(angle: 100 * deg, x: 0, y: 1, z: 0), .rotate(angle: 40 * deg, x: 0, y: 0, z: 1)])))
        list.append(("rotateX(170) rotateY(20)", Transform3D(operations: [.rotate(angle: 170 * deg, x: 1, y: 0, z: 0), .rotate(angle: 20 * deg, x: 0, y: 1, z: 0)])))
        list.append(("scale(2) rotateY(180)", Transform3D(operations: [.scale(2, 2, 2), .rotate(angle: .pi, x: 0, y: 1, z: 0)])))
        return list
    }

    /// Every sub key path, against every model: writing the value it reads
    /// gives the model back (what a from-value-to-value animation draws).
    func testEverySubKeyPathWritesTheModelBackExactly() {
        let scalars: [(LayerKeyPath.TransformComponent, LayerKeyPath.Axis?)] = [
            (.rotation, nil), (.rotation, .x), (.rotation, .y), (.rotation, .z),
            (.scale, nil), (.scale, .x), (.scale, .y), (.scale, .z),
            (.translation, .x), (.translation, .y), (.translation, .z),
        ]
        for (name, m) in models {
            for (c, axis) in scalars {
                let v = read(m, c, axis)
                XCTAssert(v.isFinite, "\(name) \(c) \(axis?.rawValue ?? "-")")
                assertMatrix(written(m, c, axis, v), m, accuracy: 1e-12, "\(name): \(c).\(axis?.rawValue ?? "") = \(v)")
            }
            let t = m.component(.translation, axis: nil)
            assertMatrix(m.settingComponent(.translation, axis: nil, to: t), m, accuracy: 1e-12, "\(name): translation")
        }
    }

    /// A rotation about one axis reads as that angle, in (-180°, 180°].
    func testSingleAxisRotationsRoundTrip() {
        for angle in [100.0, 135, 179, 180, -100, -135, 90, -90, 45] {
            XCTAssertEqual(read(.rotation(angle * deg, 0, 1, 0), .rotation, .y), angle * deg, accuracy: 1e-12, "y \(angle)")
            XCTAssertEqual(read(.rotation(angle * deg, 1, 0, 0), .rotation, .x), angle * deg, accuracy: 1e-12, "x \(angle)")
            XCTAssertEqual(read(.rotation(angle * deg, 0, 0, 1), .rotation, .z), angle * deg, accuracy: 1e-12, "z \(angle)")
            XCTAssertEqual(read(.rotation(angle * deg, 0, 1, 0), .rotation, .x), 0, accuracy: 1e-12, "x of rotateY(\(angle))")
            XCTAssertEqual(read(.rotation(angle * deg, 0, 1, 0), .rotation, .z), 0, accuracy: 1e-12, "z of rotateY(\(angle))")
        }
        // 270° is -90°; 300° is -60°.
        XCTAssertEqual(read(.rotation(270 * deg, 0, 1, 0), .rotation, .y), -90 * deg, accuracy: 1e-12)
        XCTAssertEqual(read(.rotation(300 * deg, 0, 1, 0), .rotation, .y), -60 * deg, accuracy: 1e-12)
    }

    /// The issue: rotateY 100° with `transform.rotation.y` from 100° to
    /// 100° drew 80° (m11 = +0.17); the model has m11 = cos 100° = -0.17.
    func testRotationYPastNinetyKeepsTheAngle() {
        let model = Transform3D.rotation(100 * deg, 0, 1, 0)
        let drawn = written(model, .rotation, .y, 100 * deg)
        XCTAssertEqual(drawn.m11, cos(100 * deg), accuracy: 1e-12)
        XCTAssertEqual(drawn.m11, -0.173648, accuracy: 1e-6)
        assertMatrix(drawn, model)
    }

    /// The textbook card flip: the back face modelled at rotateY 180°,
    /// animated from -180° to 0°, turns to the front (not to 0° at once).
    func testCardFlipBackFace() {
        let back = Transform3D.rotation(.pi, 0, 1, 0)
        assertMatrix(written(back, .rotation, .y, -.pi), back)
        assertMatrix(written(back, .rotation, .y, 0), .identity)
        assertMatrix(written(back, .rotation, .y, -90 * deg), .rotation(-90 * deg, 0, 1, 0))
        XCTAssertEqual(read(back, .rotation, .y), .pi, accuracy: 1e-12)
    }

    /// `transform.rotation.z` from 0 to 0 on a rotateY(180°) layer flipped
    /// it upside down; it must keep the model.
    func testRotationZOnAFlippedLayerKeepsIt() {
        let flipped = Transform3D.rotation(.pi, 0, 1, 0)
        assertMatrix(written(flipped, .rotation, .z, 0), flipped)
        assertMatrix(written(flipped, .rotation, nil, 0), flipped)
        // A quarter turn about z after the flip.
        assertMatrix(written(flipped, .rotation, .z, 90 * deg), flipped * .rotation(90 * deg, 0, 0, 1))
    }

    /// `transform.scale` from 1 to 1 on `scale: [-1, 1]` dropped the mirror.
    func testUniformScaleKeepsAMirror() {
        let mirror = Transform3D.scale(-1, 1)
        XCTAssertEqual(read(mirror, .scale, nil), 1, accuracy: 1e-15)
        assertMatrix(written(mirror, .scale, nil, 1), mirror)
        assertMatrix(written(mirror, .scale, nil, 2), .scale(-2, 2, 2))
        assertMatrix(written(.scale(1, -1), .scale, nil, 0.5), .scale(0.5, -0.5, 0.5))
        XCTAssertEqual(read(mirror, .scale, .x), -1)
        assertMatrix(written(mirror, .scale, .x, 1), .identity)
    }

    /// Apple documents `transform.scale` as the average of all three scale factors.
    func testScaleReadsTheAverageOfAllThreeFactors() {
        XCTAssertEqual(read(.scale(2, 4, 3), .scale, nil), 3, accuracy: 1e-15)
        XCTAssertEqual(read(.scale(2, 2, 1), .scale, nil), 5.0 / 3, accuracy: 1e-15)
        XCTAssertEqual(read(.scale(3, 1, 1), .scale, nil), 5.0 / 3, accuracy: 1e-15)
        XCTAssertEqual(read(.scale(0.5, 0.5, 0.5), .scale, nil), 0.5, accuracy: 1e-15)
        // Writing sets all three (z included), as Core Animation's setter does.
        assertMatrix(written(.identity, .scale, nil, 1.5), .scale(1.5, 1.5, 1.5))
    }

    /// Of the two Euler triples the smaller total turn is read, and either
    /// gives the same matrix.
    func testBothEulerSolutionsAreTheSameRotation() {
        var rng = SplitMix64(seed: 15)
        for _ in 0..<300 {
            let a = Double.random(in: -3.1...3.1, using: &rng)
            let b = Double.random(in: -1.5...1.5, using: &rng)
            let c = Double.random(in: -3.1...3.1, using: &rng)
            let m = Transform3D.rotation(a, 1, 0, 0) * Transform3D.rotation(b, 0, 1, 0) * Transform3D.rotation(c, 0, 0, 1)
            let x = read(m, .rotation, .x), y = read(m, .rotation, .y), z = read(m, .rotation, .z)
            let rebuilt = Transform3D.rotation(x, 1, 0, 0) * Transform3D.rotation(y, 0, 1, 0) * Transform3D.rotation(z, 0, 0, 1)
            assertMatrix(rebuilt, m, accuracy: 1e-11)
            XCTAssertLessThanOrEqual(abs(x) + abs(y) + abs(z), abs(a) + abs(b) + abs(c) + 1e-9)
        }
    }
}
