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

/// A flip-book: `contents` keyframes in discrete mode hold each image for its key time.
final class ContentsFlipBookTests: XCTestCase {
    func testEachImageIsHeldForItsKeyTime() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let s = try XCTUnwrap(EngineFixture.load("""
        strata: 1
        canvas: {size: [100, 100], duration: 4s}
        assets: {a: \(root)/scenes/animation/assets/logo.png, b: \(root)/scenes/animation/assets/logo2.png}
        layers:
          - name: l
            bounds: [0, 0, 64, 40]
            contents: b
            animations:
              - {keyPath: contents, values: [a, b, null], keyTimes: [0, 0.5, 0.75, 1], calculationMode: discrete, duration: 2s}
        """))
        func shown(_ t: Double) -> String? { EngineFixture.layer(s, "l", t)?.properties.contents }
        XCTAssertEqual(shown(0), "a")
        XCTAssertEqual(shown(0.99), "a")
        XCTAssertEqual(shown(1), "b")
        XCTAssertNil(shown(1.6), "null: no contents")
        XCTAssertEqual(shown(2.5), "b", "removed on completion: the model's")
    }
}
