import XCTest
@testable import StrataModel

/// The list of key paths the schema offers is the grammar's: each parses
/// back to itself, none repeats, and each value form is its kind's.
final class LayerKeyPathPathsTests: XCTestCase {
    func testEveryListedPathParsesOnceAndBackToItsText() {
        let texts = LayerKeyPath.allPaths.map(\.text)
        XCTAssertEqual(Set(texts).count, texts.count)
        for text in texts {
            guard case .success(let path) = LayerKeyPath.parse(text) else { return XCTFail(text) }
            XCTAssertEqual(path.text, text)
        }
        for text in ["bounds", "bounds.origin.x", "bounds.size.width", "position.y", "shadowOffset.height",
                     "transform.rotation", "transform.rotation.z", "transform.translation", "sublayerTransform.scale.x",
                     "fillColor", "strokeEnd", "locations", "instanceDelay", "scrollPoint.x", "emitterPosition"] {
            XCTAssertTrue(texts.contains(text), text)
        }
        // Neither fields of scalars nor cell key paths (their middle is a cell's name).
        for text in ["opacity.x", "position.width", "emitterCells", "maskedCorners", "fillRule"] {
            XCTAssertFalse(texts.contains(text), text)
        }
    }

    func testThePathsOfAPropertyFollowItsValueKind() {
        XCTAssertEqual(LayerKeyPath.paths(of: .position).map(\.text), ["position", "position.x", "position.y"])
        XCTAssertEqual(LayerKeyPath.paths(of: .bounds).map(\.text),
                       ["bounds", "bounds.origin", "bounds.origin.x", "bounds.origin.y",
                        "bounds.size", "bounds.size.width", "bounds.size.height"])
        XCTAssertEqual(LayerKeyPath.paths(of: .transform).count, 1 + 3 * 4)
        XCTAssertEqual(LayerKeyPath.paths(of: .emitterCells).count, 0, "listed by pattern")
    }

    func testAnimatablePathsLeaveOutSetOnly() {
        let texts = Set(LayerKeyPath.animatablePaths.map(\.text))
        XCTAssertFalse(texts.contains("masksToBounds"))
        XCTAssertTrue(texts.contains("contents"), "by keyframes: a flip-book")
        XCTAssertTrue(texts.contains("contentsRect.size.width"))
        XCTAssertTrue(texts.isSubset(of: LayerKeyPath.allPaths.map(\.text)))
    }

    func testValueFormsOfFieldsComponentsAndCells() {
        XCTAssertEqual(("bounds.size.width" as LayerKeyPath).valueForm, .number(.nonNegative))
        XCTAssertEqual(("bounds.size" as LayerKeyPath).valueForm, .size(.nonNegative))
        XCTAssertEqual(("bounds.origin" as LayerKeyPath).valueForm, .point)
        XCTAssertEqual(("position.x" as LayerKeyPath).valueForm, .number(.any))
        XCTAssertEqual(("opacity" as LayerKeyPath).valueForm, .number(.unit))
        XCTAssertEqual(("transform.rotation.z" as LayerKeyPath).valueForm, .angle)
        XCTAssertEqual(("transform.translation" as LayerKeyPath).valueForm, .size(.any))
        XCTAssertEqual(("transform.translation.x" as LayerKeyPath).valueForm, .length(.any))
        XCTAssertEqual(("transform.scale" as LayerKeyPath).valueForm, .number(.any))
        XCTAssertEqual(("emitterCells.spark.birthRate" as LayerKeyPath).valueForm, .number(.nonNegative))
        XCTAssertEqual(("emitterCells.spark.spin" as LayerKeyPath).valueForm, .angle)
        XCTAssertEqual(PropertyForm.time(.nonNegative).unbounded, .time(.any))
    }

    func testTheCellPatternMatchesCellKeyPathsOnly() throws {
        let pattern = try Regex("^" + LayerKeyPath.cellKeyPathPattern() + "$")
        XCTAssertNotNil(try pattern.wholeMatch(in: "emitterCells.spark-1.birthRate"))
        XCTAssertNil(try pattern.wholeMatch(in: "emitterCells.spark.beginTime"), "not animatable")
        XCTAssertNil(try pattern.wholeMatch(in: "emitterCells.birthRate"))
    }
}
