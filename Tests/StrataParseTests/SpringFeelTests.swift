import XCTest
import StrataModel
@testable import StrataParse

/// Springs as iOS 17 writes them (`perceptualDuration`, `bounce`) and as
/// SwiftUI does (`response`, `dampingRatio`), converted exactly to mass,
/// stiffness and damping.
final class SpringFeelTests: XCTestCase {
    private func spring(_ keys: String, file: StaticString = #filePath, line: UInt = #line) -> SpringAnimation? {
        let m = Marked(layerScene("name: a\nanimations:\n  - {keyPath: opacity, type: spring, from: 0, to: 1, \(keys)}"))
        guard let a = scene(m, file: file, line: line)?.root.sublayers.first?.animations.first,
              case .spring(let s) = a.kind else { return nil }
        return s
    }

    /// Apple's documented conversions (SwiftUI `Spring`): duration 0.5, bounce
    /// 0.3 is mass 1, stiffness 157.9, damping 17.6; and mass 1, stiffness 100,
    /// damping 10 reads back as duration 0.63, bounce 0.5.
    func testAppleDocumentedConversions() {
        let c = SpringAnimation.constants(perceptualDuration: 0.5, bounce: 0.3)
        XCTAssertEqual(c.mass, 1)
        XCTAssertEqual(c.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(c.damping, 17.6, accuracy: 0.05)
        // Exactly: (2π/0.5)² and 4π·0.7/0.5.
        XCTAssertEqual(c.stiffness, 16 * .pi * .pi, accuracy: 1e-12)
        XCTAssertEqual(c.damping, 5.6 * .pi, accuracy: 1e-12)
        var back = SpringAnimation()
        back.mass = 1; back.stiffness = 100; back.damping = 10
        XCTAssertEqual(back.perceptualDuration, 0.63, accuracy: 0.005)
        XCTAssertEqual(back.bounce, 0.5, accuracy: 1e-12)
    }

    func testBounceZeroIsCriticalAndNegativeOverDamps() {
        let critical = SpringAnimation.constants(perceptualDuration: 1, bounce: 0)
        XCTAssertEqual(critical.damping, 2 * (critical.stiffness * critical.mass).squareRoot(), accuracy: 1e-12)
        // bounce -0.5: damping ratio 1 / (1 - 0.5) = 2; over 1 s, damping 8π = 25.1.
        let over = SpringAnimation.constants(perceptualDuration: 1, bounce: -0.5)
        XCTAssertEqual(over.damping, 8 * .pi, accuracy: 1e-12)
        var s = SpringAnimation()
        (s.mass, s.stiffness, s.damping) = over
        XCTAssertEqual(s.bounce, -0.5, accuracy: 1e-12)
        XCTAssertEqual(s.perceptualDuration, 1, accuracy: 1e-12)
    }

    /// SwiftUI's `.spring(response: 0.55, dampingFraction: 0.825)`.
    func testResponseAndDampingRatio() {
        let c = SpringAnimation.constants(response: 0.55, dampingRatio: 0.825)
        XCTAssertEqual(c.stiffness, pow(2 * .pi / 0.55, 2), accuracy: 1e-9)
        XCTAssertEqual(c.damping, 4 * .pi * 0.825 / 0.55, accuracy: 1e-12)
        // Response and perceptual duration are the same pace: bounce b is ratio 1 - b.
        let a = SpringAnimation.constants(response: 0.4, dampingRatio: 0.7)
        let b = SpringAnimation.constants(perceptualDuration: 0.4, bounce: 0.3)
        XCTAssertEqual(a.stiffness, b.stiffness, accuracy: 1e-9)
        XCTAssertEqual(a.damping, b.damping, accuracy: 1e-12)
    }

    func testSceneKeysConvert() throws {
        let s = try XCTUnwrap(spring("perceptualDuration: 0.5s, bounce: 0.3"))
        XCTAssertEqual(s.stiffness, 16 * .pi * .pi, accuracy: 1e-12)
        XCTAssertEqual(s.damping, 5.6 * .pi, accuracy: 1e-12)
        XCTAssertEqual(s.mass, 1)
        XCTAssertFalse(s.allowsOverdamping)
        let r = try XCTUnwrap(spring("response: 250ms, dampingRatio: 0.5"))
        XCTAssertEqual(r.stiffness, 64 * .pi * .pi, accuracy: 1e-9)
        XCTAssertEqual(r.damping, 4 * .pi * 0.5 / 0.25, accuracy: 1e-12)
        // A missing half takes SwiftUI's default: duration 0.5 s, bounce 0; ratio 0.825.
        let d = try XCTUnwrap(spring("bounce: 0.2"))
        XCTAssertEqual(d.stiffness, 16 * .pi * .pi, accuracy: 1e-12)
        let e = try XCTUnwrap(spring("response: 0.5s"))
        XCTAssertEqual(e.damping, 4 * .pi * 0.825 / 0.5, accuracy: 1e-12)
        // Over-damped feels over-damp (as SwiftUI's do), unless told otherwise.
        XCTAssertTrue(try XCTUnwrap(spring("bounce: -0.4")).allowsOverdamping)
        XCTAssertTrue(try XCTUnwrap(spring("dampingRatio: 1.5")).allowsOverdamping)
        XCTAssertFalse(try XCTUnwrap(spring("bounce: -0.4, allowsOverdamping: false")).allowsOverdamping)
    }

    func testSpringDurationDefaultsToItsSettlingDuration() throws {
        let m = Marked(layerScene("name: a\nanimations:\n  - {keyPath: opacity, type: spring, from: 0, to: 1, perceptualDuration: 1s, bounce: 0.5}"))
        let a = try XCTUnwrap(scene(m)?.root.sublayers.first?.animations.first)
        guard case .spring(let s) = a.kind else { return XCTFail() }
        XCTAssertEqual(a.timing.duration, s.settlingDuration)
        XCTAssertGreaterThan(a.timing.duration, 1)
    }

    func testErrors() {
        assertOnlyError(Marked(layerScene("animations:\n  - {keyPath: opacity, type: spring, from: 0, to: 1, damping: 4, ⟨b⟩bounce: 0.2}")),
                        at: "b", "'bounce' and 'damping' describe the spring two ways; write 'perceptualDuration' and 'bounce' or 'mass', 'stiffness' and 'damping', not both")
        assertOnlyError(Marked(layerScene("animations:\n  - {keyPath: opacity, type: spring, from: 0, to: 1, bounce: 0.2, ⟨r⟩response: 1s}")),
                        at: "r", "'response' and 'bounce' describe the spring two ways; write 'response' and 'dampingRatio' or 'perceptualDuration' and 'bounce', not both")
        assertOnlyError(Marked(layerScene("animations:\n  - {keyPath: opacity, type: spring, from: 0, to: 1, bounce: ⟨b⟩-1}")),
                        at: "b", "expected a bounce greater than -1 and at most 1, found '-1'")
        assertOnlyError(Marked(layerScene("animations:\n  - {keyPath: opacity, type: spring, from: 0, to: 1, perceptualDuration: ⟨d⟩0}")),
                        at: "d", "expected a time greater than 0s and at most 3600s, found '0'")
        assertOnlyError(Marked(layerScene("animations:\n  - {keyPath: opacity, from: 0, to: 1, ⟨b⟩bounce: 0.2}")),
                        at: "b", "'bounce' is a key of spring animations, not of basic animations; add 'type: spring'")
    }
}
