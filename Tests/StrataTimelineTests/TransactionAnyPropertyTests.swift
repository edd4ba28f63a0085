import StrataModel
@testable import StrataTimeline
import XCTest

/// Properties no key path animates (`string`, `isWrapped`, `instanceCount`,
/// `font`...) set in a transaction change at the commit; animatable ones
/// (`fontSize`) animate, as CATransaction does.
final class TransactionAnyPropertyTests: XCTestCase {
    typealias F = EngineFixture

    func load(_ timeline: String) -> Scene? {
        F.load("""
        strata: 1
        canvas: {size: [200, 100], duration: 4s}
        layers:
          - {name: label, type: text, frame: [0, 0, 100, 40], string: "Loading", fontSize: 10}
          - name: row
            type: replicator
            instanceCount: 3
            sublayers: [{name: dot, bounds: [0, 0, 4, 4]}]
        timeline:
        \(timeline)
        """)
    }

    func testNonAnimatablePropertiesChangeAtTheCommit() throws {
        let s = try XCTUnwrap(load("  - {at: 1s, set: {label.string: Ready, label.isWrapped: true, row.instanceCount: 7}}"))
        let before = try XCTUnwrap(F.layer(s, "label", 1.0.nextDown)).properties.text
        XCTAssertEqual(before?.string, "Loading")
        XCTAssertEqual(before?.isWrapped, false)
        let after = try XCTUnwrap(F.layer(s, "label", 1)).properties.text
        XCTAssertEqual(after?.string, "Ready")
        XCTAssertEqual(after?.isWrapped, true)
        XCTAssertEqual(F.layer(s, "row", 1.0.nextDown)?.properties.replicator?.instanceCount, 3)
        XCTAssertEqual(F.layer(s, "row", 1)?.properties.replicator?.instanceCount, 7)
        XCTAssertTrue(try XCTUnwrap(F.layer(s, "label", 1.1)).activeAnimations.isEmpty, "nothing animates")
    }

    func testFontSizeAnimatesWithTheTransaction() throws {
        let s = try XCTUnwrap(load("  - {at: 1s, duration: 1s, timingFunction: linear, set: {label.fontSize: 30}}"))
        XCTAssertEqual(F.layer(s, "label", 1.5)?.properties.text?.fontSize ?? 0, 20, accuracy: 1e-9)
        XCTAssertEqual(F.layer(s, "label", 2)?.properties.text?.fontSize, 30)
    }
}
