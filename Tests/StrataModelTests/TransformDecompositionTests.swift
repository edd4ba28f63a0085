import XCTest
@testable import StrataModel

final class TransformDecompositionTests: XCTestCase {
    private let deg = Double.pi / 180

    func testIdentity() throws {
        let d = try XCTUnwrap(DecomposedTransform(.identity))
        XCTAssertEqual(d, DecomposedTransform())
        XCTAssertEqual(d.translation, .zero)
        XCTAssertEqual(d.scale, SIMD3(1, 1, 1))
        XCTAssertEqual(d.skew, .init())
        XCTAssertEqual(d.perspective, SIMD4(0, 0, 0, 1))
        XCTAssertEqual(d.quaternion, SIMD4(0, 0, 0, 1))
        XCTAssertEqual(DecomposedTransform().matrix, .identity)
    }

    func testSingleParts() throws {
        XCTAssertEqual(try XCTUnwrap(DecomposedTransform(.translation(10, 20, 30))).translation, SIMD3(10, 20, 30))
        XCTAssertEqual(try XCTUnwrap(DecomposedTransform(.scale(2, 3, 4))).scale, SIMD3(2, 3, 4))
        let r = try XCTUnwrap(DecomposedTransform(.rotation(90 * deg, 0, 0, 1)))
        XCTAssertEqual(r.quaternion.z, (0.5).squareRoot(), accuracy: 1e-15)
        XCTAssertEqual(r.quaternion.w, (0.5).squareRoot(), accuracy: 1e-15)
        XCTAssertEqual(r.scale, SIMD3(1, 1, 1))
        let k = try XCTUnwrap(DecomposedTransform(.skew(atan(0.5), 0)))
        XCTAssertEqual(k.skew.xy, 0.5, accuracy: 1e-15)
        XCTAssertEqual(k.skew.xz, 0)
        XCTAssertEqual(k.skew.yz, 0)
        let p = try XCTUnwrap(DecomposedTransform(.perspective(500)))
        XCTAssertEqual(p.perspective, SIMD4(0, 0, -1.0 / 500, 1))
        XCTAssertEqual(p.quaternion, SIMD4(0, 0, 0, 1))
    }

    func testQuaternionHasTheSenseOfTransformRotation() throws {
        let axis = SIMD3<Double>(1, -2, 0.5) / SIMD3<Double>(1, -2, 0.5).length
        let angle = 1.1
        let d = try XCTUnwrap(DecomposedTransform(.rotation(angle, axis.x, axis.y, axis.z)))
        let s = sin(angle / 2)
        XCTAssertEqual(d.quaternion.x, axis.x * s, accuracy: 1e-14)
        XCTAssertEqual(d.quaternion.y, axis.y * s, accuracy: 1e-14)
        XCTAssertEqual(d.quaternion.z, axis.z * s, accuracy: 1e-14)
        XCTAssertEqual(d.quaternion.w, cos(angle / 2), accuracy: 1e-14)
    }

    func testComposedOperationsSplitIntoTheirParts() throws {
        // Scale first, then rotate, then translate (the last listed op touches the point first).
        let m = Transform3D(operations: [.translate(10, 20, 0), .rotate(angle: 30 * deg, x: 0, y: 0, z: 1), .scale(2, 3, 1)])
        let d = try XCTUnwrap(DecomposedTransform(m))
        XCTAssertEqual(d.translation.x, 10, accuracy: 1e-12)
        XCTAssertEqual(d.translation.y, 20, accuracy: 1e-12)
        XCTAssertEqual(d.scale.x, 2, accuracy: 1e-12)
        XCTAssertEqual(d.scale.y, 3, accuracy: 1e-12)
        XCTAssertEqual(d.eulerAngles.z, 30 * deg, accuracy: 1e-12)
        assertMatrix(d.matrix, m)
    }

    /// Random products of translate / rotate / scale / skew / perspective
    /// reproduce their matrix (divided by m44) to 1e-9.
    func testRandomRoundTrips() throws {
        var rng = SplitMix64(seed: 42)
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        for caseIndex in 0..<500 {
            var ops: [TransformOperation] = []
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                switch Int.random(in: 0...4, using: &rng) {
                case 0: ops.append(.translate(r(-300...300), r(-300...300), r(-100...100)))
                case 1: ops.append(.rotate(angle: r(-7...7), x: r(-1...1), y: r(-1...1), z: r(-1...1)))
                case 2:
                    let sign = caseIndex % 7 == 0 ? -1.0 : 1.0
                    ops.append(.scale(sign * r(0.2...3), r(0.2...3), r(0.2...3)))
                case 3: ops.append(.skew(r(-1...1), r(-1...1)))
                default: ops.append(.perspective(r(300...2000)))
                }
            }
            let m = Transform3D(operations: ops)
            guard let d = DecomposedTransform(m) else {
                XCTFail("case \(caseIndex) did not decompose: \(ops)")
                continue
            }
            let normalized = Transform3D(rowMajor: m.rowMajor.map { $0 / m.m44 })
            let magnitude = normalized.rowMajor.map(abs).max()!
            assertMatrix(d.matrix, normalized, accuracy: 1e-9 * max(1, magnitude), "case \(caseIndex): \(ops)")
            XCTAssertEqual((d.quaternion * d.quaternion).sum(), 1, accuracy: 1e-12)
            XCTAssertGreaterThanOrEqual(d.quaternion.w, 0)
        }
    }

    func testMirrorNegatesOneAxis() throws {
        let x = try XCTUnwrap(DecomposedTransform(.scale(-1, 1, 1)))
        XCTAssertEqual(x.scale, SIMD3(-1, 1, 1))
        XCTAssertEqual(x.quaternion, SIMD4(0, 0, 0, 1))
        let y = try XCTUnwrap(DecomposedTransform(.scale(2, -3, 1)))
        XCTAssertEqual(y.scale, SIMD3(2, -3, 1))
        XCTAssertEqual(y.quaternion, SIMD4(0, 0, 0, 1))
        // Mirror with a rotation and a shear still recomposes.
        let m = Transform3D.scale(-1, 1) * Transform3D.skew(0.3, 0.1) * Transform3D.rotation(0.4, 0, 0, 1)
        assertMatrix(try XCTUnwrap(DecomposedTransform(m)).matrix, m)
    }

    func testZeroScaleStillDecomposes() throws {
        let flat = try XCTUnwrap(DecomposedTransform(.scale(0, 0, 1)))
        XCTAssertEqual(flat.scale, SIMD3(0, 0, 1))
        XCTAssertEqual(flat.quaternion, SIMD4(0, 0, 0, 1))
        XCTAssertEqual(flat.matrix, .scale(0, 0, 1))

        let m = Transform3D.scale(0, 1) * Transform3D.rotation(0.5, 0, 0, 1) * Transform3D.translation(3, 4)
        let d = try XCTUnwrap(DecomposedTransform(m))
        XCTAssertEqual(d.scale.x, 0)
        assertMatrix(d.matrix, m)

        let nothing = Transform3D(rowMajor: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 6, 0, 1])
        let n = try XCTUnwrap(DecomposedTransform(nothing))
        XCTAssertEqual(n.scale, .zero)
        XCTAssertEqual(n.translation, SIMD3(5, 6, 0))
        XCTAssertEqual(n.matrix, nothing)
    }

    func testUndecomposableMatrices() {
        // Two equal non-zero rows: a collapse that no scale/shear/rotation makes.
        XCTAssertNil(DecomposedTransform(Transform3D(rowMajor: [1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])))
        var w0 = Transform3D.identity
        w0.m44 = 0
        XCTAssertNil(DecomposedTransform(w0))
        // Perspective with a singular 3x3.
        XCTAssertNil(DecomposedTransform(Transform3D.scale(0, 1) * Transform3D.perspective(500)))
        var nan = Transform3D.identity
        nan.m11 = .nan
        XCTAssertNil(DecomposedTransform(nan))
    }

    func testNormalizesByM44() throws {
        let m = Transform3D.translation(0, 0, 100) * Transform3D.perspective(500)
        XCTAssertEqual(m.m44, 0.8, accuracy: 1e-15)
        let d = try XCTUnwrap(DecomposedTransform(m))
        assertMatrix(d.matrix, Transform3D(rowMajor: m.rowMajor.map { $0 / m.m44 }))
        // Same projected points.
        for p in [Point(10, 20), Point(-50, 7)] {
            let a = m.project(p), b = d.matrix.project(p)
            XCTAssertEqual(a.x, b.x, accuracy: 1e-12)
            XCTAssertEqual(a.y, b.y, accuracy: 1e-12)
        }
    }
}
