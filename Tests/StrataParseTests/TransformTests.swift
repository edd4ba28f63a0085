import XCTest
import StrataModel
@testable import StrataParse

final class TransformTests: XCTestCase {
    private func transform(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Transform3D? {
        switch Values.transform(yamlValue(text)) {
        case .success(let t): return t
        case .failure(let list):
            XCTFail("\(list)", file: file, line: line)
            return nil
        }
    }

    private func assertClose(_ a: Transform3D?, _ b: Transform3D, file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("nil transform", file: file, line: line) }
        for (x, y) in zip(a.rowMajor, b.rowMajor) { XCTAssertEqual(x, y, accuracy: 1e-12, "\(a.rowMajor) vs \(b.rowMajor)", file: file, line: line) }
    }

    func testSingleOperations() {
        assertClose(transform("[{perspective: 500}]"), .perspective(500))
        assertClose(transform("[{rotate: 30deg}]"), .rotation(.pi / 6, 0, 0, 1))
        assertClose(transform("[{rotateZ: 30}]"), .rotation(.pi / 6, 0, 0, 1))
        assertClose(transform("[{rotateX: 0.5turn}]"), .rotation(.pi, 1, 0, 0))
        assertClose(transform("[{rotateY: 1rad}]"), .rotation(1, 0, 1, 0))
        assertClose(transform("[{rotate3d: [1, 1, 0, 45deg]}]"), .rotation(.pi / 4, 1, 1, 0))
        assertClose(transform("[{translate: [10, 20]}]"), .translation(10, 20, 0))
        assertClose(transform("[{translate: [10, 20, 30]}]"), .translation(10, 20, 30))
        assertClose(transform("[{translateX: 5}, {translateY: 6}, {translateZ: 7}]"), .translation(5, 6, 7))
        assertClose(transform("[{scale: 1.5}]"), .scale(1.5, 1.5, 1))
        assertClose(transform("[{scale: [2, 3]}]"), .scale(2, 3, 1))
        assertClose(transform("[{scale: [2, 3, 4]}]"), .scale(2, 3, 4))
        assertClose(transform("[{scaleX: 2}, {scaleY: 3}, {scaleZ: 4}]"), .scale(2, 3, 4))
        assertClose(transform("[{skew: [10deg, 20deg]}]"), .skew(10 * .pi / 180, 20 * .pi / 180))
        assertClose(transform("[{skew: 10deg}]"), .skew(10 * .pi / 180, 0))
        assertClose(transform("[{skewY: 10deg}]"), .skew(0, 10 * .pi / 180))
        assertClose(transform("{rotate: 90deg}"), .rotation(.pi / 2, 0, 0, 1))
        assertClose(transform("[]"), .identity)
    }

    func testOperationsComposeLikeSuccessiveCATransform3DCalls() {
        // translate then rotate: the rotation acts in the translated system, so
        // the point (1, 0) turns about the origin first, then moves by (10, 0).
        let t = transform("[{translate: [10, 0]}, {rotate: 90deg}]")!
        let p = t.project(Point(1, 0))
        XCTAssertEqual(p.x, 10, accuracy: 1e-12)
        XCTAssertEqual(p.y, 1, accuracy: 1e-12)
        assertClose(t, Transform3D.rotation(.pi / 2, 0, 0, 1) * Transform3D.translation(10, 0, 0))
    }

    func testMatrixForms() {
        let values = (1...16).map(Double.init)
        let list = "[" + values.map { Values.format($0) }.joined(separator: ", ") + "]"
        assertClose(transform(list), Transform3D(rowMajor: values))
        assertClose(transform("[{matrix: \(list)}]"), Transform3D(rowMajor: values))
    }

    func testErrorsAreCollectedAndLocated() {
        guard case .failure(let list) = Values.transform(yamlValue("[{rotat: 4}, {scale: x}, {translate: [1]}, 5]")) else {
            return XCTFail()
        }
        // A list starting with a mapping is a list of operations; each bad one is reported.
        XCTAssertEqual(list.items.map(\.description), [
            "v.yaml:1:6: error: unknown transform operation 'rotat'; did you mean 'rotate'?",
            "v.yaml:1:25: error: expected a scale factor, found 'x'",
            "v.yaml:1:41: error: expected a translation [x, y] or [x, y, z] (2 or 3 numbers), found 1 item",
            "v.yaml:1:47: error: expected a transform operation like 'rotate: 45deg', found '5'",
        ])
        guard case .failure(let matrix) = Values.transform(yamlValue("[1, 2, 3, 4]")) else { return XCTFail() }
        XCTAssertEqual(matrix.items.map(\.description), [
            "v.yaml:1:4: error: expected a transform matrix of 16 numbers or a list of operations (16 numbers), found 4 items",
        ])
        guard case .failure(let ops) = Values.transform(yamlValue("[{rotat: 4}, {scale: x}, {translate: [1]}, {rotate3d: [0, 0, 0, 5]}, {a: 1, b: 2}]")) else {
            return XCTFail()
        }
        XCTAssertEqual(ops.items.map(\.description), [
            "v.yaml:1:6: error: unknown transform operation 'rotat'; did you mean 'rotate'?",
            "v.yaml:1:25: error: expected a scale factor, found 'x'",
            "v.yaml:1:41: error: expected a translation [x, y] or [x, y, z] (2 or 3 numbers), found 1 item",
            "v.yaml:1:58: error: the axis of rotate3d must not be [0, 0, 0]",
            "v.yaml:1:73: error: a transform operation has exactly one key; write several operations as list items",
        ])
        guard case .failure(let p) = Values.transform(yamlValue("[{perspective: 0}]")) else { return XCTFail() }
        XCTAssertEqual(p.items.map(\.message), ["expected a length greater than 0, found '0'"])
        guard case .failure(let s) = Values.transform(yamlValue("spin")) else { return XCTFail() }
        XCTAssertEqual(s.items.map(\.message),
                       ["expected a transform (a list of operations like '- rotate: 45deg', or 16 numbers), found 'spin'"])
    }

    func testEveryOperationInTheTableParses() {
        let samples: [String: String] = [
            "perspective": "100", "rotate3d": "[0, 0, 1, 10]", "translate": "[1, 2]", "scale": "2",
            "skew": "5", "matrix": "[" + Array(repeating: "0", count: 16).joined(separator: ", ") + "]",
        ]
        for name in KeyTables.transformOperations.names {
            let value = samples[name] ?? "1"
            XCTAssertNotNil(transform("[{\(name): \(value)}]"), name)
        }
    }
}
