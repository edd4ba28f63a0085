import StrataModel
@testable import StrataTimeline
import XCTest

final class TransactionTests: XCTestCase {
    typealias F = EngineFixture

    /// A card layer (and a badge in it) with `extra` keys, and the timeline.
    func load(_ timeline: String, card: String = "") -> Scene? {
        F.load("""
        strata: 1
        canvas: {size: [200, 100], duration: 4s}
        layers:
          - name: card
            bounds: [0, 0, 20, 20]
            position: [10, 10]
            opacity: 1
            backgroundColor: "#000000"\(card)
            sublayers: [{name: badge, bounds: [0, 0, 4, 4]}]
        timeline:
        \(timeline)
        """)
    }

    func card(_ s: Scene, _ t: Double) -> PresentationLayer { F.layer(s, "card", t)! }

    func testAChangeStepsTheModelAndAnimatesWithTheDefaults() throws {
        let s = try XCTUnwrap(load("  - {at: 1s, set: {card.opacity: 0}}"))
        XCTAssertEqual(card(s, 1.0.nextDown).model.opacity, 1)
        XCTAssertEqual(card(s, 1).model.opacity, 0, "the model changes at the commit")
        XCTAssertEqual(card(s, 1).properties.opacity, 1, "the implicit animation starts from the old value")
        // Default duration 0.25 s, default timing function `default`.
        XCTAssertEqual(card(s, 1.125).properties.opacity, 1 - TimingFunction.default.evaluate(0.5), accuracy: 1e-12)
        XCTAssertEqual(card(s, 1.25).properties.opacity, 0)
        XCTAssertTrue(card(s, 1.25).activeAnimations.isEmpty)
        let active = try XCTUnwrap(card(s, 1.1).activeAnimations.first)
        XCTAssertEqual(active.keyPath, "opacity")
        XCTAssertEqual(active.transaction, 0)
        XCTAssertEqual(active.duration, 0.25)
    }

    func testAnInterruptedAnimationStartsFromThePresentationValue() throws {
        let s = try XCTUnwrap(load("""
          - {at: 0s, duration: 1s, timingFunction: linear, set: {card.opacity: 0}}
          - {at: 0.5s, duration: 1s, timingFunction: linear, set: {card.opacity: 1}}
        """))
        XCTAssertEqual(card(s, 0.5.nextDown).properties.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(card(s, 0.5).properties.opacity, 0.5, accuracy: 1e-12, "no jump at the second commit")
        XCTAssertEqual(card(s, 1).properties.opacity, 0.75, accuracy: 1e-12)
        XCTAssertEqual(card(s, 1.5).properties.opacity, 1)
        // The first animation is replaced (same key), not just overridden.
        XCTAssertEqual(card(s, 0.75).activeAnimations.map(\.transaction), [1])
        // Sub-key changes animate the whole property: x continues from where it is.
        let p = try XCTUnwrap(load("""
          - {at: 0s, duration: 1s, timingFunction: linear, set: {card.position.x: 110}}
          - {at: 0.5s, duration: 1s, timingFunction: linear, set: {card.position.y: 60}}
        """))
        XCTAssertEqual(card(p, 1).properties.position.x, 85, accuracy: 1e-9)
        XCTAssertEqual(card(p, 1).properties.position.y, 35, accuracy: 1e-9)
    }

    func testNestedTransactionsOverrideAndInherit() throws {
        let s = try XCTUnwrap(load("""
          - at: 1s
            duration: 1s
            timingFunction: linear
            set: {card.opacity: 0}
            transactions:
              - {duration: 0.5s, set: {card.position.x: 110}}
              - {disableActions: true, set: {card.cornerRadius: 5}, transactions: [{set: {card/badge.opacity: 0}}]}
        """))
        XCTAssertEqual(card(s, 1.5).properties.opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(card(s, 1.25).properties.position.x, 60, accuracy: 1e-12, "0.5 s, linear inherited")
        XCTAssertEqual(card(s, 1.5).properties.position.x, 110)
        XCTAssertEqual(card(s, 1).properties.cornerRadius, 5, "disableActions: no animation")
        XCTAssertEqual(F.layer(s, "card/badge", 1)!.properties.opacity, 0, "disableActions is inherited")
    }

    func testActionsOverrideTheDefault() throws {
        let s = try XCTUnwrap(load("""
          - {at: 1s, duration: 2s, set: {card.opacity: 0, card.position.x: 110, card.backgroundColor: white, card.cornerRadius: 8, card.masksToBounds: true}}
        """, card: """

            actions:
              opacity: null
              position: {duration: 1s, timingFunction: linear}
              backgroundColor: {values: ["#ff0000", "#0000ff"], keyPath: backgroundColor}
              cornerRadius: {type: spring, damping: 20}
        """))
        XCTAssertEqual(card(s, 1).properties.opacity, 0, "null: no animation")
        XCTAssertEqual(card(s, 1.5).properties.position.x, 60, accuracy: 1e-12, "the action's own duration and timing")
        // The keyframe action takes the transaction's duration (2 s) and timing function (default).
        let c = card(s, 2).properties.backgroundColor!
        let p = TimingFunction.default.evaluate(0.5)
        XCTAssertEqual(c.red, 1 - p, accuracy: 1e-9)
        XCTAssertEqual(c.blue, p, accuracy: 1e-9)
        // A spring action without values runs from the old to the new value, for its settling duration.
        var spring = SpringAnimation()
        spring.damping = 20
        XCTAssertEqual(card(s, 1.2).properties.cornerRadius, 8 * spring.progress(at: 0.2), accuracy: 1e-9)
        XCTAssertEqual(card(s, 1).properties.masksToBounds, true, "not animatable: changes at once")
    }

    func testLayerTimeAndExplicitAnimationsSeeTheNewModel() throws {
        let s = try XCTUnwrap(load("  - {at: 1s, timingFunction: linear, set: {card.opacity: 0.5}}", card: """

            speed: 2
            animations: [{keyPath: position.x, to: 110, duration: 4s}]
        """))
        // Layer speed 2: the 0.25 s implicit animation takes 0.125 s of scene time.
        XCTAssertEqual(card(s, 1.0625).properties.opacity, 0.75, accuracy: 1e-12)
        XCTAssertEqual(card(s, 1.125).properties.opacity, 0.5)
        // A `to`-only explicit animation reads the model value at each frame (model x stays 10 here).
        let moved = try XCTUnwrap(load("  - {at: 0.5s, disableActions: true, set: {card.position.x: 50}}", card: """

            animations: [{keyPath: position.x, from: 0, duration: 4s}]
        """))
        XCTAssertEqual(card(moved, 0.5.nextDown).properties.position.x, 10 * 0.5.nextDown / 4, accuracy: 1e-9)
        XCTAssertEqual(card(moved, 2).properties.position.x, 25, accuracy: 1e-12)
    }

    func testCompilingIsPureAndOrdersByTime() throws {
        // File order is not time order; equal times keep file order.
        let s = try XCTUnwrap(load("""
          - {at: 2s, disableActions: true, set: {card.cornerRadius: 2}}
          - {at: 1s, disableActions: true, set: {card.cornerRadius: 1}}
          - {at: 2s, disableActions: true, set: {card.cornerRadius: 3}}
        """))
        XCTAssertEqual(card(s, 1.5).properties.cornerRadius, 1)
        XCTAssertEqual(card(s, 2).properties.cornerRadius, 3)
        let late = card(s, 3).properties
        _ = card(s, 0.5)
        XCTAssertEqual(card(s, 3).properties, late)
        XCTAssertTrue(TimelineCompiler.compile(s).scene.timeline.isEmpty)
    }
}
