import XCTest
import StrataModel
@testable import StrataParse

final class TimelineParseTests: XCTestCase {
    /// Two layers (card with a badge, and an unnamed one) and `timeline` lines.
    private func timelineScene(_ timeline: String, card: String = "") -> String {
        sceneText("""
        layers:
          - name: card
            bounds: [0, 0, 10, 10]\(card)
            sublayers: [{name: badge}, {name: label}]
          - {bounds: [0, 0, 5, 5]}
        timeline:

        """ + timeline.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + "\n")
    }

    func testTransactionsParseWithNestedOnesAndSortByTime() throws {
        let m = Marked(timelineScene("""
        - at: 2s
          set: {card.opacity: 0.5}
        - at: 1s
          duration: 0.5s
          timingFunction: easeOut
          disableActions: true
          transition: {type: push, subtype: fromRight, duration: 1s, startProgress: 0.2, endProgress: 0.8}
          set: {card/badge.position: [10, 10], 1.bounds.size.width: 20, card.masksToBounds: true}
          transactions:
            - {duration: 0.2s, transition: null, set: {card/1.hidden: true}}
        """))
        let s = try XCTUnwrap(scene(m))
        XCTAssertEqual(s.timeline.map(\.at), [1, 2])
        let t = s.timeline[0]
        XCTAssertEqual(t.duration, 0.5)
        XCTAssertEqual(t.timingFunction, .easeOut)
        XCTAssertEqual(t.disableActions, true)
        let transition = try XCTUnwrap(t.transition ?? nil)
        XCTAssertEqual(transition.type, .push)
        XCTAssertEqual(transition.subtype, .fromRight)
        XCTAssertEqual(transition.duration, 1)
        XCTAssertEqual([transition.startProgress, transition.endProgress], [0.2, 0.8])
        XCTAssertEqual(t.changes.map(\.layer), [[0, 0], [1], [0]])
        XCTAssertEqual(t.changes.map(\.keyPath.text), ["position", "bounds.size.width", "masksToBounds"])
        XCTAssertEqual(t.changes.map(\.value), [.animatable(.point(Point(10, 10))), .animatable(.scalar(20)), .animatable(.bool(true))])
        XCTAssertEqual(t.nested.first?.duration, 0.2)
        XCTAssertNotNil(t.nested.first?.transition)
        XCTAssertNil(t.nested.first?.transition ?? nil, "transition: null clears the outer one")
        XCTAssertEqual(t.nested.first?.changes.first?.layer, [0, 1])
    }

    func testLayerAndKeyPathErrorsAreLocatedWithSuggestions() {
        let m = Marked(timelineScene("""
        - at: 1s
          set:
            ⟨a⟩crad.opacity: 1
            ⟨b⟩card/badg.opacity: 1
            ⟨c⟩card/5.opacity: 1
            ⟨d⟩card.opactiy: 1
            ⟨e⟩card: 1
            card.opacity: ⟨f⟩2
            ⟨g⟩card.fillColor: red
            ⟨h⟩card.name: x
            ⟨i⟩card//badge.opacity: 1
        """))
        XCTAssertEqual(diagnostics(m).map(\.description), [
            "\(m.at("a")): error: no layer named 'crad' at the top level; did you mean 'card'?",
            "\(m.at("b")): error: no layer named 'badg' in 'card'; did you mean 'badge'?",
            "\(m.at("c")): error: no layer at index 5 in 'card'; there are 2 layers",
            "\(m.at("d")): error: unknown key path 'opactiy'; did you mean 'opacity'?",
            "\(m.at("e")): error: 'card' names no property; write the layer path, then the key path: 'card.opacity'",
            "\(m.at("f")): error: expected a number from 0 to 1, found '2'",
            "\(m.at("g")): error: 'fillColor' is a key of 'shape' layers, not of type 'layer'",
            "\(m.at("h")): error: 'name' cannot be changed by a transaction",
            "\(m.at("i")): error: empty layer name in the layer path 'card//badge'",
        ])
    }

    func testTransactionKeyRules() {
        let m = Marked(timelineScene("""
        - ⟨missing⟩{set: {card.opacity: 1}}
        - at: 1s
          duration: ⟨zero⟩0s
          transactions:
            - {⟨nestedAt⟩at: 2s, set: {card.opacity: 0}}
        - {at: 1s, ⟨typo⟩sett: {card.opacity: 1}}
        - {at: 1s, transition: {type: ⟨type⟩slide}}
        - {at: 1s, transition: {type: fade, startProgress: 0.6, endProgress: ⟨prog⟩0.4}}
        """))
        XCTAssertEqual(diagnostics(m).map(\.description), [
            "\(m.at("missing")): error: missing required key 'at' in transaction",
            "\(m.at("zero")): error: expected a time greater than 0s and at most 3600s, found '0s'",
            "\(m.at("nestedAt")): error: a nested transaction commits with its outer one; 'at' belongs on top-level timeline entries",
            "\(m.at("typo")): error: unknown transaction key 'sett'; did you mean 'set'?",
            "\(m.at("type")): error: unknown transition type 'slide'; expected 'fade', 'moveIn', 'push' or 'reveal'",
            "\(m.at("prog")): error: endProgress (0.4) must not be below startProgress (0.6)",
        ])
    }

    func testActions() throws {
        let m = Marked(timelineScene("- {at: 1s, set: {card.opacity: 0}}", card: """

            actions:
              opacity: null
              position: {duration: 1s}
              backgroundColor: {type: keyframe, values: [red, blue]}
              bounds: {type: spring, damping: 5}
              hidden: {type: moveIn, subtype: fromTop}
        """))
        let card = try XCTUnwrap(scene(m)?.root.sublayers.first)
        guard case .none? = card.actions["opacity"] else { return XCTFail("opacity") }
        guard case .animation(let position)? = card.actions["position"] else { return XCTFail("position") }
        XCTAssertEqual(position.animation.keyPath.text, "position", "an action animates its key")
        XCTAssertTrue(position.hasDuration)
        XCTAssertFalse(position.hasTimingFunction)
        guard case .basic(nil, nil, nil) = position.animation.kind else { return XCTFail("no values: filled at the commit") }
        guard case .animation(let color)? = card.actions["backgroundColor"], case .keyframe = color.animation.kind else {
            return XCTFail("backgroundColor")
        }
        guard case .animation(let spring)? = card.actions["bounds"], case .spring(let s) = spring.animation.kind else {
            return XCTFail("bounds")
        }
        XCTAssertEqual(s.damping, 5)
        guard case .transition(let t)? = card.actions["hidden"] else { return XCTFail("hidden") }
        XCTAssertEqual(t.type, .moveIn)
        XCTAssertEqual(t.subtype, .fromTop)

        let bad = Marked(sceneText("""
        layers:
          - actions: {⟨k⟩opactiy: null, masksToBounds: ⟨a⟩{duration: 1s}, contents: null}
        """))
        XCTAssertEqual(diagnostics(bad).map(\.description), [
            "\(bad.at("k")): error: unknown action key 'opactiy'; did you mean 'opacity'?",
            "\(bad.at("a")): error: 'masksToBounds' is not animatable: its action can be a transition or null",
        ])
        // `contents` takes actions: a transition, an animation without values, or null.
        let contents = scene(Marked(sceneText("""
        layers:
          - actions: {contents: {type: push}, opacity: null}
          - actions: {contents: {duration: 1s}}
        """)))
        guard case .transition(let push)? = contents?.root.sublayers[0].actions["contents"] else { return XCTFail("contents transition") }
        XCTAssertEqual(push.type, .push)
        guard case .animation(let fade)? = contents?.root.sublayers[1].actions["contents"] else { return XCTFail("contents animation") }
        XCTAssertEqual(fade.animation.keyPath.property, .contents)
        XCTAssertTrue(fade.hasDuration)
    }
}

/// CATransition in a layer's `animations:`.
final class ExplicitTransitionParseTests: XCTestCase {
    func testATransitionTypeInAnimationsIsATransition() throws {
        let s = try XCTUnwrap(scene(Marked(layerScene("""
            animations:
              - {type: push, subtype: fromTop, beginTime: 1s, duration: 0.5s}
              - {keyPath: opacity, to: 0}
        """))))
        let layer = s.root.sublayers[0]
        XCTAssertEqual(layer.animations.count, 1)
        XCTAssertEqual(layer.transitions.map(\.transition.type), [.push])
        XCTAssertEqual(layer.transitions.first?.transition.subtype, .fromTop)
        XCTAssertEqual(layer.transitions.first?.timing.beginTime, 1)
        XCTAssertEqual(layer.transitions.first?.timing.duration, 0.5)
        XCTAssertEqual(layer.transitions.first?.isExplicit, true)
    }

    func testErrorsAreLocated() {
        assertOnlyError(Marked(layerScene("animations: [{type: fade, ⟨k⟩keyPath: opacity}]")), at: "k",
                        "unknown transition key 'keyPath'")
        assertOnlyError(Marked(layerScene("animations: [{animations: [{type: ⟨t⟩push}]}]")), at: "t",
                        "'push' is a transition (CATransition): it goes in a layer's 'animations' (or as a transaction's or an action's 'transition'), not in a group")
    }
}
