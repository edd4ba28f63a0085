import XCTest
import StrataModel
@testable import StrataParse

/// `valueFunction` (CAValueFunction): where it applies and what its values are.
final class ValueFunctionParseTests: XCTestCase {
    func testValuesAreTheFunctionsKind() throws {
        let m = Marked(layerScene("animations:\n  - {keyPath: transform, valueFunction: translate, from: [0, 0], to: [10, 20, 30]}"))
        let a = try XCTUnwrap(scene(m)?.root.sublayers.first?.animations.first)
        XCTAssertEqual(a.valueFunction, .translate)
        guard case .basic(let from, let to, nil) = a.kind else { return XCTFail() }
        XCTAssertEqual(from, .numbers([0, 0, 0]))
        XCTAssertEqual(to, .numbers([10, 20, 30]))
        let r = Marked(layerScene("animations:\n  - {keyPath: sublayerTransform, valueFunction: rotateY, from: 0, to: 0.5turn}"))
        guard case .basic(_, .scalar(let angle)?, nil) = try XCTUnwrap(scene(r)?.root.sublayers.first?.animations.first).kind else { return XCTFail() }
        XCTAssertEqual(angle, .pi, accuracy: 1e-12)
    }

    func testErrors() {
        func only(_ yaml: String, _ mark: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
            assertOnlyError(Marked(layerScene("animations:\n  - " + yaml)), at: mark, message, file: file, line: line)
        }
        only("{keyPath: opacity, valueFunction: ⟨v⟩rotateZ, from: 0, to: 1}", "v",
             "a value function makes a whole transform: use keyPath 'transform', not 'opacity'")
        only("{keyPath: transform.rotation.z, valueFunction: ⟨v⟩rotateZ, from: 0, to: 1}", "v",
             "a value function makes a whole transform: use keyPath 'transform', not 'transform.rotation.z'")
        only("{keyPath: transform, valueFunction: ⟨v⟩rotateW, from: 0, to: 1}", "v",
             "unknown value function 'rotateW'; did you mean 'rotateX'?")
        only("{keyPath: transform, valueFunction: rotateZ, from: 0, to: ⟨t⟩fast}", "t",
             "expected an angle like 45deg, 1.2rad or 0.25turn, found 'fast'")
        only("{keyPath: transform, valueFunction: scale, from: ⟨f⟩[1], to: [2, 2]}", "f",
             "expected scale factors [sx, sy] or [sx, sy, sz] (2 or 3 numbers), found 1 item")
        only("{type: group, ⟨v⟩valueFunction: rotateZ, animations: []}", "v",
             "'valueFunction' does not apply to a group; set it on the animations in it")
    }
}
