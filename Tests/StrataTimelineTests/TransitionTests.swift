import StrataModel
@testable import StrataTimeline
import XCTest

final class TransitionTests: XCTestCase {
    typealias F = EngineFixture

    func load(_ transition: String, set: String = "{card.backgroundColor: white}", card: String = "") -> Scene? {
        F.load("""
        strata: 1
        canvas: {size: [200, 100], duration: 4s}
        layers:
          - name: card
            bounds: [0, 0, 40, 20]
            position: [100, 50]
            backgroundColor: "#000000"\(card)
        timeline:
          - {at: 1s, duration: 2s, timingFunction: linear, transition: \(transition), set: \(set)}
        """)
    }

    func node(_ s: Scene, _ t: Double) -> RenderNode { Sampler.renderTree(of: s, at: t).root.children[0] }

    func testProgressFollowsTimeAndStartEndProgress() throws {
        let s = try XCTUnwrap(load("{type: fade, startProgress: 0.2, endProgress: 0.6}"))
        XCTAssertNil(F.layer(s, "card", 1.0.nextDown)?.transition)
        XCTAssertEqual(F.layer(s, "card", 1)?.transition?.progress, 0.2)
        XCTAssertEqual(F.layer(s, "card", 2)!.transition!.progress, 0.4, accuracy: 1e-12)
        XCTAssertEqual(F.layer(s, "card", 3.0.nextDown)!.transition!.progress, 0.6, accuracy: 1e-9)
        XCTAssertNil(F.layer(s, "card", 3)?.transition, "removed at its end")
        // The property itself changes at once: no implicit animation.
        XCTAssertEqual(F.layer(s, "card", 1)?.properties.backgroundColor, .white)
        XCTAssertTrue(F.layer(s, "card", 1)!.activeAnimations.isEmpty)
        // The old state is the one before the transaction, frozen at the commit.
        XCTAssertEqual(F.layer(s, "card", 2)?.transition?.before?.properties.backgroundColor, Color(0, 0, 0, 1))
    }

    func testFadeIsACrossDissolve() throws {
        let s = try XCTUnwrap(load("{type: fade}"))
        let n = node(s, 1.5)
        XCTAssertEqual(n.children.count, 2)
        // Old then new, both whole: the renderer weighs them (old·(1-p) + new·p).
        XCTAssertEqual(n.children[0].backgroundColor, Color(0, 0, 0, 1))
        XCTAssertEqual(n.children[0].opacity, 1)
        XCTAssertEqual(n.children[1].backgroundColor, .white)
        XCTAssertEqual(n.children[1].opacity, 1)
        XCTAssertEqual(n.crossDissolve!, 0.25, accuracy: 1e-12)
        // The container carries the live geometry; the subtrees sit in it unmoved.
        XCTAssertEqual(n.transform, F.layer(s, "card", 1.5)!.properties.toSuperlayer())
        XCTAssertEqual(n.children[0].transform, .identity)
        XCTAssertNil(n.backgroundColor)
        // After the transition: the plain layer.
        XCTAssertEqual(node(s, 3).backgroundColor, .white)
        XCTAssertTrue(node(s, 3).children.isEmpty)
    }

    func testDirectionsMeanWhatTheySayOnScreen() throws {
        // push fromRight at p = 0.25: old moved left by a quarter width, new comes from the right.
        let push = try XCTUnwrap(load("{type: push, subtype: fromRight}"))
        var n = node(push, 1.5)
        XCTAssertEqual(n.children[0].transform.m41, -10, accuracy: 1e-12)
        XCTAssertEqual(n.children[1].transform.m41, 30, accuracy: 1e-12)
        XCTAssertEqual(n.children.map(\.opacity), [1, 1])
        // moveIn fromTop: the new content comes down from above; the old stays.
        n = node(try XCTUnwrap(load("{type: moveIn, subtype: fromTop}")), 1.5)
        XCTAssertEqual(n.children[0].transform, .identity)
        XCTAssertEqual(n.children[1].transform.m42, -15, accuracy: 1e-12)
        // reveal fromBottom: the old content moves up and is drawn on top of the new.
        n = node(try XCTUnwrap(load("{type: reveal, subtype: fromBottom}")), 1.5)
        XCTAssertEqual(n.children[1].backgroundColor, Color(0, 0, 0, 1), "old above new")
        XCTAssertEqual(n.children[1].transform.m42, -5, accuracy: 1e-12)
        XCTAssertEqual(n.children[0].transform, .identity)
        // push fromLeft: motion to the right.
        n = node(try XCTUnwrap(load("{type: push, subtype: fromLeft}")), 1.5)
        XCTAssertEqual(n.children[0].transform.m41, 10, accuracy: 1e-12)
        XCTAssertEqual(n.children[1].transform.m41, -30, accuracy: 1e-12)
    }

    func testHiddenTogglesAndSublayerStateAreAnimated() throws {
        // Hiding with a fade: the old subtree fades out, nothing new.
        let hide = try XCTUnwrap(load("{type: fade}", set: "{card.hidden: true}"))
        let n = node(hide, 2)
        XCTAssertEqual(n.children.count, 1)
        XCTAssertEqual(n.children[0].opacity, 0.5, accuracy: 1e-12)
        XCTAssertTrue(Sampler.renderTree(of: hide, at: 3).root.children.isEmpty)
        // The old subtree includes sublayers as they were, frozen at the commit.
        let sub = try XCTUnwrap(load("{type: push}", set: "{card.bounds.origin: [0, 20]}", card: """

            sublayers: [{name: pic, bounds: [0, 0, 40, 20], position: [20, 10], backgroundColor: red,
                         animations: [{keyPath: opacity, from: 0, to: 1, duration: 4s}]}]
        """))
        let t = node(sub, 2)
        XCTAssertEqual(t.children[0].children.first?.opacity ?? 0, 0.25, accuracy: 1e-12, "frozen at 1 s")
        XCTAssertEqual(t.children[1].children.first?.opacity ?? 0, 0.5, accuracy: 1e-12, "live at 2 s")
        // Both sit where the live bounds are: the new one shows bounds.origin (0, 20).
        XCTAssertEqual(t.children[1].bounds.minY, 20)
        XCTAssertEqual(t.children[0].transform.m42, 20, accuracy: 1e-12, "old bounds (origin 0) moved onto the live ones")
    }

    func testActionTransitionsAndReplacement() throws {
        let s = try XCTUnwrap(F.load("""
        strata: 1
        canvas: {size: [200, 100], duration: 4s}
        layers:
          - name: card
            bounds: [0, 0, 40, 20]
            backgroundColor: "#000000"
            actions: {backgroundColor: {type: push, subtype: fromBottom, duration: 1s, timingFunction: linear}}
        timeline:
          - {at: 1s, set: {card.backgroundColor: white}}
          - {at: 1.5s, set: {card.backgroundColor: red}}
        """))
        let first = try XCTUnwrap(F.layer(s, "card", 1.25)?.transition)
        XCTAssertEqual(first.transition.type, .push)
        XCTAssertEqual(first.progress, 0.25, accuracy: 1e-12)
        // The second replaces the first; its old state is the first one in flight, frozen at 1.5 s.
        let second = try XCTUnwrap(F.layer(s, "card", 2)?.transition)
        XCTAssertEqual(second.transaction, 1)
        XCTAssertEqual(second.progress, 0.5, accuracy: 1e-12)
        XCTAssertEqual(second.before?.transition?.progress ?? 0, 0.5, accuracy: 1e-12)
        XCTAssertNil(F.layer(s, "card", 2.5)?.transition)
    }
}
