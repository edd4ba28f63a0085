import StrataModel
@testable import StrataTimeline
import XCTest

/// Issue #15's sub-key bugs end to end: a scene's animation of a transform
/// component on a model that turns past ±90° or mirrors.
final class TransformSubKeyAnimationTests: XCTestCase {
    private func transform(_ model: String, _ animation: String, at t: Double,
                           file: StaticString = #filePath, line: UInt = #line) -> Transform3D? {
        let yaml = """
        strata: 1
        canvas: {size: [100, 100], duration: 2s}
        layers:
          - name: a
            bounds: [0, 0, 40, 40]
            transform: \(model)
            animations: [\(animation)]
        """
        guard let scene = EngineFixture.load(yaml, file: file, line: line) else { return nil }
        return EngineFixture.layer(scene, "a", t)?.properties.transform
    }

    func testRotationYFromTheModelsAngleDrawsTheModel() throws {
        // The issue: inspect showed m11 = +0.17; the model has -0.17.
        let m = try XCTUnwrap(transform("{rotateY: 100deg}", "{keyPath: transform.rotation.y, from: 100deg, to: 100deg, duration: 1s}", at: 0.5))
        XCTAssertEqual(m.m11, -0.17, accuracy: 0.005)
        assertSame(m, .rotation(100 * .pi / 180, 0, 1, 0))
    }

    func testTheTextbookFlipTurnsTheBackFaceToTheFront() throws {
        let anim = "{keyPath: transform.rotation.y, from: -180deg, to: 0deg, duration: 1s, fillMode: forwards, removedOnCompletion: false}"
        assertSame(try XCTUnwrap(transform("{rotateY: 180deg}", anim, at: 0)), .rotation(.pi, 0, 1, 0))
        assertSame(try XCTUnwrap(transform("{rotateY: 180deg}", anim, at: 0.5)), .rotation(-.pi / 2, 0, 1, 0))
        assertSame(try XCTUnwrap(transform("{rotateY: 180deg}", anim, at: 1.5)), .identity)
    }

    func testRotationZOnAFlippedLayerKeepsItTheRightWayUp() throws {
        let m = try XCTUnwrap(transform("{rotateY: 180deg}", "{keyPath: transform.rotation.z, from: 0, to: 0, duration: 1s}", at: 0.5))
        assertSame(m, .rotation(.pi, 0, 1, 0))
        XCTAssertEqual(m.m22, 1, accuracy: 1e-12, "not upside down")
    }

    func testScaleOnAMirrorKeepsTheMirror() throws {
        let m = try XCTUnwrap(transform("{scale: [-1, 1]}", "{keyPath: transform.scale, from: 1, to: 1, duration: 1s}", at: 0.5))
        assertSame(m, .scale(-1, 1))
        let grown = try XCTUnwrap(transform("{scale: [-1, 1]}", "{keyPath: transform.scale, from: 1, to: 3, duration: 1s}", at: 0.5))
        assertSame(grown, .scale(-2, 2, 2))
    }

    private func assertSame(_ a: Transform3D, _ b: Transform3D, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.rowMajor, b.rowMajor) { XCTAssertEqual(x, y, accuracy: 1e-12, "\(a.rowMajor) vs \(b.rowMajor)", file: file, line: line) }
    }
}
