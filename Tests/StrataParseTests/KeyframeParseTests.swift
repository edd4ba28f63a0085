import XCTest
import StrataModel
@testable import StrataParse

final class KeyframeParseTests: XCTestCase {
    private func animationScene(_ list: String) -> String {
        sceneText("layers:\n  - name: card\n    animations:\n" + list.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "      " + $0 }.joined(separator: "\n") + "\n")
    }

    private func animations(_ m: Marked, file: StaticString = #filePath, line: UInt = #line) -> [Animation] {
        scene(m, file: file, line: line)?.root.sublayers.first?.animations ?? []
    }

    private func keyframes(_ a: Animation?) -> KeyframeAnimation? {
        guard let a, case .keyframe(let k) = a.kind else { return nil }
        return k
    }

    func testValuesAreInferredAsKeyframesAndParsedByKeyPath() {
        let m = Marked(animationScene("""
        - {keyPath: opacity, values: [0, 1, 0.5], keyTimes: [0, 0.3, 1], timingFunctions: [easeIn, linear], duration: 2s}
        - {keyPath: position, values: [[0, 0], [10, 20]], calculationMode: cubic, tensionValues: [0, 1], biasValues: [0.5, -0.5]}
        - {keyPath: backgroundColor, type: keyframe, values: [red, blue], calculationMode: discrete, keyTimes: [0, 0.5, 1]}
        """))
        let list = animations(m)
        XCTAssertEqual(list.count, 3)
        let a = keyframes(list[0])
        XCTAssertEqual(a?.values, [.scalar(0), .scalar(1), .scalar(0.5)])
        XCTAssertEqual(a?.keyTimes, [0, 0.3, 1])
        XCTAssertEqual(a?.times, [0, 0.3, 1])
        XCTAssertEqual(a?.timingFunctions, [.easeIn, .linear])
        XCTAssertEqual(list[0].timing.duration, 2)
        let b = keyframes(list[1])
        XCTAssertEqual(b?.calculationMode, .cubic)
        XCTAssertEqual(b?.tensionValues, [0, 1])
        XCTAssertEqual(b?.biasValues, [0.5, -0.5])
        XCTAssertNil(b?.continuityValues)
        XCTAssertNotNil(b?.spline)
        let c = keyframes(list[2])
        XCTAssertEqual(c?.times, [0, 0.5, 1], "discrete mode takes one key time more than values")
    }

    func testKeyTimesRulesAreLocatedErrors() {
        let m = Marked(animationScene("""
        - {keyPath: opacity, values: [0, 1, 0], keyTimes: ⟨count⟩[0, 1]}
        - {keyPath: opacity, values: [0, 1, 0], keyTimes: [⟨first⟩0.1, 0.5, 1]}
        - {keyPath: opacity, values: [0, 1, 0], keyTimes: [0, 0.5, ⟨last⟩0.9]}
        - {keyPath: opacity, values: [0, 1, 0, 1], keyTimes: [0, 0.6, ⟨down⟩0.4, 1]}
        - {keyPath: opacity, values: [0, 1, 0], keyTimes: [0, ⟨range⟩1.5, 1]}
        - {keyPath: opacity, values: [0, 1], calculationMode: discrete, keyTimes: ⟨discrete⟩[0, 0.2, 0.5, 1]}
        - {keyPath: opacity, values: [0, 1, 0], timingFunctions: ⟨tf⟩[linear]}
        - {keyPath: opacity, values: [0, 1, 0], calculationMode: cubic, continuityValues: ⟨kb⟩[0, 1]}
        """))
        XCTAssertEqual(diagnostics(m).map(\.description), [
            "\(m.at("count")): error: expected 3 key times, one per value, found 2",
            "\(m.at("first")): error: the first key time must be 0",
            "\(m.at("last")): error: the last key time must be 1",
            "\(m.at("down")): error: key times must not decrease: 0.4 comes after 0.6",
            "\(m.at("range")): error: expected a key time from 0 to 1, found '1.5'",
            "\(m.at("discrete")): error: expected 2 or 3 key times (one per value, or one more in discrete mode) for 2 values, found 4",
            "\(m.at("tf")): error: expected 2 timing functions, one per segment between keyframes, found 1",
            "\(m.at("kb")): error: expected 3 continuityValues, one per value, found 2",
        ])
    }

    func testKeysAModeIgnoresAreWarnings() throws {
        let m = Marked(animationScene("""
        - {keyPath: opacity, values: [0, 1, 0], calculationMode: paced, ⟨k⟩keyTimes: [0, 0.1, 1], ⟨f⟩timingFunctions: [easeIn, easeIn]}
        - {keyPath: opacity, values: [0, 1], ⟨t⟩tensionValues: [0, 0]}
        """))
        let result = try load(m).get()
        XCTAssertEqual(result.warnings.map(\.description), [
            "\(m.at("k")): warning: 'keyTimes' are ignored in paced mode (as in Core Animation): the speed is constant",
            "\(m.at("f")): warning: 'timingFunctions' are ignored in paced mode (as in Core Animation): the speed is constant",
            "\(m.at("t")): warning: 'tensionValues' is ignored in linear mode; it shapes the cubic modes",
        ])
        let paced = result.scene.root.sublayers[0].animations[0]
        XCTAssertEqual(keyframes(paced)?.times, [0, 0.5, 1], "paced: time in proportion to distance (1 and 1)")
    }

    func testPathAnimations() {
        let m = Marked(animationScene("""
        - {keyPath: position, path: "M 0 0 L 100 0 l 0 50 Z", rotationMode: autoReverse, keyTimes: [0, 0.2, 0.5, 1]}
        - {keyPath: transform.translation, path: "M0,0 C 10 0 20 10 30 30"}
        """))
        let list = animations(m)
        let a = keyframes(list.first)
        XCTAssertEqual(a?.path?.points, [Point(0, 0), Point(100, 0), Point(100, 50), Point(0, 0)])
        XCTAssertEqual(a?.rotationMode, .autoReverse)
        XCTAssertEqual(a?.times, [0, 0.2, 0.5, 1])
        XCTAssertEqual(keyframes(list.last)?.path?.segments, [.cubic(Point(0, 0), Point(10, 0), Point(20, 10), Point(30, 30))])
    }

    func testPathErrors() {
        let m = Marked(animationScene("""
        - {keyPath: opacity, path: ⟨kind⟩"M 0 0 L 1 1"}
        - {keyPath: position, path: "M 0 0 L 10 ⟨num⟩x"}
        - {keyPath: position, path: '⟨start⟩L 0 0'}
        - {keyPath: position, path: "M 0 0 L 1 1", ⟨both⟩values: [[0, 0]]}
        - {keyPath: position, values: [[0, 0], [1, 1]], ⟨rot⟩rotationMode: auto}
        - {keyPath: position, path: "M 0 0 L 1 1 L 2 2", keyTimes: ⟨kt⟩[0, 1]}
        - ⟨none⟩{keyPath: position, type: keyframe}
        """))
        XCTAssertEqual(diagnostics(m).map(\.description), [
            "\(m.at("kind")): error: a path moves a point, but 'opacity' is a number; animate position, anchorPoint, bounds.origin or transform.translation",
            "\(m.at("num")): error: invalid path data: expected a number for argument 2 of 2 of 'L' (line), found 'x'",
            "\(m.at("start")): error: invalid path data: path data must start with a move command (M or m), found 'L'",
            "\(m.at("both")): error: 'values' and 'path' cannot both be set; the path's points are the keyframes",
            "\(m.at("rot")): error: 'rotationMode' turns the layer along a 'path'; it needs 'path'",
            "\(m.at("kt")): error: expected 3 key times, one per point of the path, found 2",
            "\(m.at("none")): error: a keyframe animation needs 'values' or 'path'",
        ])
    }

    func testSpringDefaultsAndDurationIsTheSettlingDuration() {
        let m = Marked(animationScene("""
        - {keyPath: position.x, type: spring, from: 0, to: 100}
        - {keyPath: position.x, type: spring, to: 100, mass: 2, stiffness: 50, damping: 30, initialVelocity: -1, allowsOverdamping: true, duration: 3s}
        - {keyPath: position.x, type: spring, to: 1, mass: ⟨m⟩0, damping: ⟨d⟩-1}
        """))
        XCTAssertEqual(diagnostics(m).map(\.description), [
            "\(m.at("m")): error: expected a mass greater than 0, found '0'",
            "\(m.at("d")): error: expected a damping of 0 or more, found '-1'",
        ])
        let ok = Marked(animationScene("""
        - {keyPath: position.x, type: spring, from: 0, to: 100}
        - {keyPath: position.x, type: spring, to: 100, mass: 2, stiffness: 50, damping: 30, initialVelocity: -1, allowsOverdamping: true, duration: 3s}
        """))
        let list = animations(ok)
        guard case .spring(let s)? = list.first?.kind, case .spring(let t)? = list.last?.kind else { return XCTFail("not springs") }
        XCTAssertEqual([s.mass, s.stiffness, s.damping, s.initialVelocity], [1, 100, 10, 0])
        XCTAssertEqual(list[0].timing.duration, s.settlingDuration)
        XCTAssertEqual(s.to, .scalar(100))
        XCTAssertEqual([t.mass, t.stiffness, t.damping, t.initialVelocity], [2, 50, 30, -1])
        XCTAssertTrue(t.allowsOverdamping)
        XCTAssertEqual(list[1].timing.duration, 3)
    }

    func testGroupsNest() {
        let m = Marked(animationScene("""
        - type: group
          duration: 2s
          animations:
            - {keyPath: opacity, from: 0, to: 1}
            - animations: [{keyPath: position.x, by: 10}]
              beginTime: 1s
        """))
        guard case .group(let children)? = animations(m).first?.kind else { return XCTFail("not a group") }
        XCTAssertEqual(children.count, 2)
        guard case .group(let inner) = children[1].kind else { return XCTFail("not a nested group") }
        XCTAssertEqual(inner.first?.keyPath.text, "position.x")
        XCTAssertEqual(children[1].timing.beginTime, 1)
    }

    func testGroupNestingIsLimited() {
        var text = "{keyPath: opacity, to: 1}"
        for _ in 0...Limits.maxGroupDepth { text = "{animations: [\(text)]}" }
        let items = diagnostics(Marked(animationScene("- " + text)))
        XCTAssertTrue(items.contains { $0.message == "animation groups nest deeper than \(Limits.maxGroupDepth) levels" },
                      items.description)
    }
}
