import StrataModel
@testable import StrataTimeline
import XCTest

/// A CATransition added as an explicit animation (`animations:` with a
/// transition's type): it begins at its layer-time beginTime, its old
/// state is the layer just before (transactions at that time excluded).
final class ExplicitTransitionTests: XCTestCase {
    typealias F = EngineFixture

    func load(_ card: String, timeline: String = "") -> Scene? {
        F.load("""
        strata: 1
        canvas: {size: [200, 100], duration: 4s}
        layers:
          - name: card
            bounds: [0, 0, 40, 20]
            position: [100, 50]
            backgroundColor: "#000000"
        \(card)
        \(timeline)
        """)
    }

    func testItPairsWithAChangeAtItsBeginTime() throws {
        let s = try XCTUnwrap(load("""
            animations: [{type: fade, beginTime: 1s, duration: 2s, startProgress: 0.2, endProgress: 0.6}]
        """, timeline: "timeline: [{at: 1s, disableActions: true, set: {card.backgroundColor: white}}]"))
        XCTAssertNil(F.layer(s, "card", 1.0.nextDown)?.transition)
        XCTAssertEqual(F.layer(s, "card", 1)!.transition!.progress, 0.2, accuracy: 1e-9)
        XCTAssertEqual(F.layer(s, "card", 2)!.transition!.progress, 0.4, accuracy: 1e-9, "linear by default")
        XCTAssertNil(F.layer(s, "card", 3)?.transition, "removed at its end")
        XCTAssertEqual(F.layer(s, "card", 2)?.transition?.before?.properties.backgroundColor, Color(0, 0, 0, 1),
                       "the old state excludes the transaction committed at the same time")
        XCTAssertEqual(F.layer(s, "card", 2)?.properties.backgroundColor, .white)
    }

    func testBeginTimeIsInTheLayersTimeAndDefaultsAreCAs() throws {
        // speed 2: layer time 2 s is scene time 1 s; duration 0.25 s of layer time.
        let s = try XCTUnwrap(load("""
            speed: 2
            animations: [{type: push, subtype: fromRight, beginTime: 2s}]
        """))
        XCTAssertNil(F.layer(s, "card", 0.99)?.transition)
        let active = try XCTUnwrap(F.layer(s, "card", 1.0625)?.transition)
        XCTAssertEqual(active.progress, 0.5, accuracy: 1e-6)
        XCTAssertEqual(active.transition.type, .push)
        XCTAssertNil(F.layer(s, "card", 1.13)?.transition)
    }

    func testALaterTransitionReplacesAnEarlierOne() throws {
        let s = try XCTUnwrap(load("""
            animations: [{type: fade, beginTime: 1s, duration: 2s}, {type: reveal, beginTime: 0.5s, duration: 2s}]
        """, timeline: "timeline: [{at: 1.5s, transition: {type: moveIn, duration: 1s}, set: {card.opacity: 0.5}}]"))
        XCTAssertEqual(F.layer(s, "card", 0.75)?.transition?.transition.type, .reveal)
        XCTAssertEqual(F.layer(s, "card", 1.25)?.transition?.transition.type, .fade, "listed first, begins later")
        XCTAssertEqual(F.layer(s, "card", 2)?.transition?.transition.type, .moveIn, "the transaction's, later still")
    }
}
