import Foundation
import StrataModel
@testable import StrataTimeline
import XCTest

final class SpringTests: XCTestCase {
    typealias F = EngineFixture

    func spring(mass: Double = 1, stiffness: Double = 100, damping: Double, velocity: Double = 0,
                overdamping: Bool = false) -> SpringAnimation {
        var s = SpringAnimation(from: .scalar(0), to: .scalar(100))
        s.mass = mass; s.stiffness = stiffness; s.damping = damping
        s.initialVelocity = velocity; s.allowsOverdamping = overdamping
        return s
    }

    /// x(t) of m·x'' + c·x' + k·x = 0, x(0) = 1, x'(0) = -v0, by classical
    /// Runge-Kutta with a 1e-4 s step (global error far below 1e-9 here).
    func integrated(_ s: SpringAnimation, until end: Double, damping c: Double) -> [Double: Double] {
        let h = 1e-4
        var x = 1.0, v = -s.initialVelocity
        var out: [Double: Double] = [:]
        func a(_ x: Double, _ v: Double) -> Double { -(c * v + s.stiffness * x) / s.mass }
        let steps = Int((end / h).rounded())
        for i in 0...steps {
            if i % 1000 == 0 { out[Double(i) * h] = x }
            let k1x = v, k1v = a(x, v)
            let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return out
    }

    func testClosedFormMatchesTheODEInAllThreeRegimes() {
        let cases: [(SpringAnimation, SpringAnimation.Regime, Double)] = [
            (spring(damping: 10), .underDamped, 10),
            (spring(damping: 4, velocity: 6), .underDamped, 4),
            (spring(mass: 2, stiffness: 50, damping: 20, velocity: -3), .criticallyDamped, 20),  // 2·√(50·2) = 20
            (spring(damping: 50, velocity: 2, overdamping: true), .overDamped, 50),
            // Damping above critical without allowsOverdamping is evaluated as critical (20 for m 1, k 100).
            (spring(damping: 50, velocity: 2), .criticallyDamped, 20),
        ]
        for (s, regime, c) in cases {
            XCTAssertEqual(s.regime, regime)
            for (t, x) in integrated(s, until: 2, damping: c) {
                XCTAssertEqual(s.displacement(at: t), x, accuracy: 1e-6, "\(regime) damping \(s.damping) at \(t)")
            }
        }
    }

    func testTheAnimationFollowsTheSpringInPhysicalTime() {
        // Under-damped: ζ = 0.5, ω0 = 10, ωd = 10·√0.75; x = e^{-5t}(cos ωd t + (5/ωd) sin ωd t).
        let s = spring(damping: 10)
        let a = F.animation("position.x", .spring(s), duration: s.settlingDuration)
        let scene = F.scene([a])
        let wd = 10 * 0.75.squareRoot()
        for t in [0.0, 0.05, 0.2, 0.33, 0.8, 1.3] {
            let x = exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t))
            XCTAssertEqual(F.at(scene, t).position.x, 100 * (1 - x), accuracy: 1e-9, "t = \(t)")
        }
        // It overshoots the target.
        XCTAssertGreaterThan(F.at(scene, 0.4).position.x, 100)
        // The duration does not stretch it: with a duration of 2 s the value at 0.2 s is the same.
        let longer = F.scene([F.animation("position.x", .spring(s), duration: 2)])
        XCTAssertEqual(F.at(longer, 0.2).position.x, F.at(scene, 0.2).position.x, accuracy: 1e-12)
        // Initial velocity toward the target (distances per second): x'(0) = -v0.
        let kicked = spring(damping: 10, velocity: 5)
        let h = 1e-6
        XCTAssertEqual((kicked.displacement(at: h) - kicked.displacement(at: 0)) / h, -5, accuracy: 1e-4)
    }

    func testSettlingDuration() {
        // Under-damped: where the envelope √(1+B²)·e^{-ζω0 t} reaches 1e-3.
        let s = spring(damping: 10)
        let b = 5 / (10 * 0.75.squareRoot())
        let expected = log((1 + b * b).squareRoot() / 1e-3) / 5
        XCTAssertEqual(s.settlingDuration, expected, accuracy: 1e-12)
        XCTAssertEqual(s.settlingDuration, 1.4103, accuracy: 1e-4)
        // Apple's documented examples: damping 5 about 2.85 s, damping 15 just over 1 s.
        XCTAssertEqual(spring(damping: 5).settlingDuration, 2.78, accuracy: 0.01)
        XCTAssertEqual(spring(damping: 15).settlingDuration, 0.98, accuracy: 0.01)
        // Non-oscillating regimes: |x| falls to 1e-3 exactly there and stays below.
        for t in [spring(damping: 20), spring(damping: 20, velocity: 30), spring(damping: 50, velocity: 2, overdamping: true)] {
            let d = t.settlingDuration
            XCTAssertEqual(abs(t.displacement(at: d)), 1e-3, accuracy: 1e-9)
            for k in 1...200 { XCTAssertLessThan(abs(t.displacement(at: d + Double(k) * 0.01)), 1e-3) }
        }
        for t in [spring(damping: 10), spring(damping: 3, velocity: -20)] {
            let d = t.settlingDuration
            for k in 0...400 { XCTAssertLessThan(abs(t.displacement(at: d + Double(k) * 0.005)), 1e-3) }
        }
        // Without damping a spring never rests: capped.
        XCTAssertEqual(spring(damping: 0).settlingDuration, Limits.maxDuration)
    }
}
