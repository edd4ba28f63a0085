import XCTest
import StrataModel
@testable import StrataParse

final class AnimationTests: XCTestCase {
    /// A scene with one layer whose `animations` list is `list` (YAML lines at list-item level).
    private func animationScene(_ list: String) -> String {
        sceneText("layers:\n  - name: card\n    animations:\n" + list.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "      " + $0 }.joined(separator: "\n") + "\n")
    }

    private func animations(_ m: Marked, file: StaticString = #filePath, line: UInt = #line) -> [Animation] {
        scene(m, file: file, line: line)?.root.sublayers.first?.animations ?? []
    }

    private func basic(_ a: Animation?) -> (from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)? {
        guard let a, case .basic(let f, let t, let b) = a.kind else { return nil }
        return (f, t, b)
    }

    func testBasicAnimationWithAllTimingKeys() {
        let m = Marked(animationScene("""
        - ⟨a⟩keyPath: position
          type: basic
          from: [0, 0]
          to: [100, 0]
          duration: 1s
          beginTime: 500ms
          timeOffset: 0.25
          speed: 2
          repeatCount: 2.5
          autoreverses: true
          fillMode: both
          removedOnCompletion: false
          additive: true
          cumulative: true
          timingFunction: easeInEaseOut
        """))
        guard let a = animations(m).first, let v = basic(a) else { return XCTFail() }
        XCTAssertEqual(a.keyPath.text, "position")
        XCTAssertEqual(v.from, .point(Point(0, 0)))
        XCTAssertEqual(v.to, .point(Point(100, 0)))
        XCTAssertNil(v.by)
        XCTAssertEqual(a.timing.duration, 1)
        XCTAssertEqual(a.timing.beginTime, 0.5)
        XCTAssertEqual(a.timing.timeOffset, 0.25)
        XCTAssertEqual(a.timing.speed, 2)
        XCTAssertEqual(a.timing.repeatCount, 2.5)
        XCTAssertEqual(a.timing.repeatDuration, 0)
        XCTAssertTrue(a.timing.autoreverses)
        XCTAssertEqual(a.timing.fillMode, .both)
        XCTAssertFalse(a.removedOnCompletion)
        XCTAssertTrue(a.additive)
        XCTAssertTrue(a.cumulative)
        XCTAssertEqual(a.timingFunction, .easeInEaseOut)
        XCTAssertEqual(a.location.description, m.at("a"))
    }

    func testDefaults() {
        let m = Marked(animationScene("- {keyPath: opacity, to: 0}"))
        guard let a = animations(m).first else { return XCTFail() }
        XCTAssertEqual(a.timing, MediaTiming())
        XCTAssertEqual(a.timingFunction, .linear)
        XCTAssertTrue(a.removedOnCompletion)
        XCTAssertFalse(a.additive)
        XCTAssertFalse(a.cumulative)
        XCTAssertEqual(basic(a)?.to, .scalar(0))
    }

    func testValuesFollowTheKeyPathKind() {
        let m = Marked(animationScene("""
        - {keyPath: transform.rotation.z, from: 0, to: 90}
        - {keyPath: transform.rotation, to: 0.5turn}
        - {keyPath: transform.translation.x, by: 10}
        - {keyPath: transform.translation, to: [10, -5]}
        - {keyPath: transform.scale, from: 0.5, to: 2}
        - {keyPath: backgroundColor, to: "#00ff00"}
        - {keyPath: bounds, to: [0, 0, 10, 20]}
        - {keyPath: bounds.size, to: [10, 20]}
        - {keyPath: bounds.size.width, to: 30}
        - {keyPath: bounds.origin.x, to: -4}
        - {keyPath: hidden, from: false, to: true}
        - {keyPath: transform, to: [{rotate: 90deg}]}
        - {keyPath: sublayerTransform, to: {scale: 2}}
        - {keyPath: position.y, by: -20}
        - {keyPath: opacity, by: -0.5}
        """))
        let values = animations(m).compactMap { basic($0) }
        XCTAssertEqual(values.count, 15)
        guard values.count == 15 else { return }
        XCTAssertEqual(values[0].from, .scalar(0))
        guard case .scalar(let r)? = values[0].to else { return XCTFail() }
        XCTAssertEqual(r, .pi / 2, accuracy: 1e-12)
        guard case .scalar(let r2)? = values[1].to else { return XCTFail() }
        XCTAssertEqual(r2, .pi, accuracy: 1e-12)
        XCTAssertEqual(values[2].by, .scalar(10))
        XCTAssertEqual(values[3].to, .size(Size(10, -5)))
        XCTAssertEqual(values[4].from, .scalar(0.5))
        XCTAssertEqual(values[5].to, .color(Color(0, 1, 0, 1)))
        XCTAssertEqual(values[6].to, .rect(Rect(0, 0, 10, 20)))
        XCTAssertEqual(values[7].to, .size(Size(10, 20)))
        XCTAssertEqual(values[8].to, .scalar(30))
        XCTAssertEqual(values[9].to, .scalar(-4))
        XCTAssertEqual(values[10].to, .bool(true))
        guard case .transform(let t)? = values[11].to else { return XCTFail() }
        XCTAssertEqual(t.m12, 1, accuracy: 1e-12)
        XCTAssertEqual(values[12].to, .transform(.scale(2, 2, 1)))
        XCTAssertEqual(values[13].by, .scalar(-20))
        XCTAssertEqual(values[14].by, .scalar(-0.5))
    }

    func testValueErrorsNameTheExpectedKind() {
        let m = Marked(animationScene("""
        - {keyPath: position, to: ⟨p⟩5}
        - {keyPath: opacity, to: ⟨o⟩1.5}
        - {keyPath: transform.rotation.z, to: ⟨r⟩fast}
        - {keyPath: backgroundColor, to: [⟨c⟩2, 0, 0]}
        - {keyPath: hidden, to: true, ⟨b⟩by: true}
        - {keyPath: bounds.size.width, to: ⟨w⟩-1}
        """))
        let items = diagnostics(m)
        XCTAssertEqual(items.map(\.description), [
            "\(m.at("p")): error: expected a point [x, y], found '5'",
            "\(m.at("o")): error: expected a number from 0 to 1, found '1.5'",
            "\(m.at("r")): error: expected an angle like 45deg, 1.2rad or 0.25turn, found 'fast'",
            "\(m.at("c")): error: expected a color component from 0 to 1, found '2'",
            "\(m.at("b")): error: 'by' does not apply to the boolean key path 'hidden'; use 'from' and 'to'",
            "\(m.at("w")): error: expected a number of 0 or more, found '-1'",
        ])
    }

    func testKeyPathErrors() {
        let m = Marked(animationScene("""
        - {keyPath: ⟨a⟩opactiy, to: 1}
        - {keyPath: ⟨b⟩position.z, to: 1}
        - {keyPath: ⟨c⟩transform.rotaton, to: 1}
        - {keyPath: shadowPath, to: ⟨d⟩1}
        - {keyPath: ⟨e⟩name, to: 1}
        - {keyPath: ⟨f⟩masksToBounds, to: true}
        - ⟨g⟩{to: 1}
        """))
        let items = diagnostics(m)
        XCTAssertEqual(items.map(\.description), [
            "\(m.at("a")): error: unknown key path 'opactiy'; did you mean 'opacity'?",
            "\(m.at("b")): error: 'position.z' has no field 'z'; expected 'x' or 'y'",
            "\(m.at("c")): error: unknown transform key path 'transform.rotaton'; did you mean 'transform.rotation'?",
            "\(m.at("d")): error: invalid path data: path data must start with a move command (M or m), found a number",
            "\(m.at("e")): error: 'name' is not an animatable property",
            "\(m.at("f")): error: 'masksToBounds' is not an animatable property",
            "\(m.at("g")): error: missing required key 'keyPath' in animation",
        ])
    }

    func testARepeatedKeyPathResolvesAndFailsAlikeEachTime() {
        // Key paths are resolved once per text; a failure is reported at every use.
        let m = Marked(animationScene("""
        - {keyPath: opacity, to: 0.5}
        - {keyPath: ⟨a⟩opactiy, to: 1}
        - {keyPath: opacity, to: 0.25}
        - {keyPath: ⟨b⟩opactiy, to: 1}
        """))
        let items = diagnostics(m)
        XCTAssertEqual(items.map(\.description), [
            "\(m.at("a")): error: unknown key path 'opactiy'; did you mean 'opacity'?",
            "\(m.at("b")): error: unknown key path 'opactiy'; did you mean 'opacity'?",
        ])
        let fine = Marked(animationScene("""
        - {keyPath: transform.rotation.z, to: 90deg}
        - {keyPath: transform.rotation.z, by: 45deg}
        """))
        XCTAssertEqual(animations(fine).map(\.keyPath.text), ["transform.rotation.z", "transform.rotation.z"])
    }

    func testFromToByRules() {
        let m = Marked(animationScene("""
        - ⟨none⟩{keyPath: opacity, duration: 1}
        - {keyPath: opacity, from: 0, to: 1, ⟨all⟩by: 1}
        """))
        XCTAssertEqual(diagnostics(m).map(\.description), [
            "\(m.at("none")): error: an animation needs 'from', 'to' or 'by'",
            "\(m.at("all")): error: 'from', 'to' and 'by' cannot all be set; use two of them",
        ])
    }

    func testRepeatRules() {
        let inf = Marked(animationScene("- {keyPath: opacity, to: 0, repeatCount: inf}\n- {keyPath: opacity, to: 0, repeatCount: .inf}\n- {keyPath: opacity, to: 0, repeatDuration: 3s}"))
        let a = animations(inf)
        XCTAssertEqual(a.map(\.timing.repeatCount), [.infinity, .infinity, 0])
        XCTAssertEqual(a.last?.timing.repeatDuration, 3)
        let bad = Marked(animationScene("""
        - {keyPath: opacity, to: 0, repeatCount: 2, ⟨both⟩repeatDuration: 1s}
        - {keyPath: opacity, to: 0, repeatCount: ⟨neg⟩-1}
        - {keyPath: opacity, to: 0, repeatCount: ⟨nan⟩.nan}
        - {keyPath: opacity, to: 0, duration: ⟨d⟩-1s}
        - {keyPath: opacity, to: 0, fillMode: ⟨f⟩forward}
        - {keyPath: opacity, to: 0, timingFunction: ⟨t⟩easeInOut}
        - {keyPath: opacity, to: 0, timingFunction: [⟨x⟩1.5, 0, 0.5, 1]}
        """))
        XCTAssertEqual(diagnostics(bad).map(\.description), [
            "\(bad.at("both")): error: 'repeatCount' and 'repeatDuration' cannot both be set",
            "\(bad.at("neg")): error: expected a repeat count of 0 or more or inf, found '-1'",
            "\(bad.at("nan")): error: expected a finite repeat count or inf, found '.nan'",
            "\(bad.at("d")): error: expected a time of 0s or more, found '-1s'",
            "\(bad.at("f")): error: unknown fillMode 'forward'; did you mean 'forwards'?",
            "\(bad.at("t")): error: unknown timing function 'easeInOut'; did you mean 'easeInEaseOut'?",
            "\(bad.at("x")): error: expected an x control coordinate from 0 to 1, found '1.5'",
        ])
    }

    func testTimingFunctions() {
        let m = Marked(animationScene("""
        - {keyPath: opacity, to: 0, timingFunction: linear}
        - {keyPath: opacity, to: 0, timingFunction: easeIn}
        - {keyPath: opacity, to: 0, timingFunction: easeOut}
        - {keyPath: opacity, to: 0, timingFunction: default}
        - {keyPath: opacity, to: 0, timingFunction: [0.1, -0.5, 0.9, 1.5]}
        """))
        XCTAssertEqual(animations(m).map(\.timingFunction), [.linear, .easeIn, .easeOut, .default, .custom(0.1, -0.5, 0.9, 1.5)])
    }

    func testAnimationTypesAndTheirKeys() {
        let m = Marked(animationScene("""
        - {keyPath: transform.scale, type: spring, mass: 1, from: 0.5, to: 1, ⟨v⟩values: [1]}
        - {type: group, duration: 2s, ⟨gk⟩keyPath: opacity, animations: [], ⟨ga⟩additive: true}
        - {keyPath: opacity, values: [0, 1], keyTimes: [0, 1], ⟨f⟩from: 0}
        - {keyPath: position, path: "M 0 0 L 1 1", ⟨d⟩damping: 3}
        - {keyPath: opacity, type: ⟨u⟩bsic, to: 1}
        - {keyPath: opacity, to: 1, ⟨s⟩stiffness: 1}
        """))
        XCTAssertEqual(diagnostics(m).map(\.description), [
            "\(m.at("v")): error: 'values' is a key of keyframe animations, not of spring animations",
            "\(m.at("gk")): error: a group has no 'keyPath'; the animations in it do",
            "\(m.at("ga")): error: 'additive' does not apply to a group; set it on the animations in it",
            "\(m.at("f")): error: 'from' is a key of basic and spring animations, not of keyframe animations",
            "\(m.at("d")): error: 'damping' is a key of spring animations, not of keyframe animations; add 'type: spring'",
            "\(m.at("u")): error: unknown animation type 'bsic'; did you mean 'basic'?",
            "\(m.at("s")): error: 'stiffness' is a key of spring animations, not of basic animations; add 'type: spring'",
        ])
    }

    func testMisspelledAnimationKey() {
        let m = Marked(animationScene("- {keyPath: opacity, to: 0, ⟨k⟩duraton: 1s}"))
        assertOnlyError(m, at: "k", "unknown animation key 'duraton'; did you mean 'duration'?")
        // A misspelled required key is reported once, not also as missing.
        let k = Marked(animationScene("- {⟨k⟩keypath: opacity, to: 0}"))
        assertOnlyError(k, at: "k", "unknown animation key 'keypath'; did you mean 'keyPath'?")
        let t = Marked(animationScene("- {keyPath: opacity, ⟨t⟩too: 0}"))
        assertOnlyError(t, at: "t", "unknown animation key 'too'; did you mean 'to'?")
    }
}
