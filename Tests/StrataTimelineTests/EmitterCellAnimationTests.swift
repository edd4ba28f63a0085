import StrataModel
@testable import StrataTimeline
import XCTest

/// `emitterCells.<name>.<key>` animations: the cell's birthRate is
/// integrated like the layer's, the other keys are taken at each
/// particle's birth (docs/layer-types.md).
final class EmitterCellAnimationTests: XCTestCase {
    func emitter(_ cells: String, animations: String, layer: String = "",
                 file: StaticString = #filePath, line: UInt = #line) -> Scene? {
        EngineFixture.load("strata: 1\ncanvas: {size: [200, 100], duration: 10s}\nlayers:\n  - type: emitter\n    emitterPosition: [100, 50]\n" + layer
                           + "    emitterCells:\n" + cells + "\n    animations:\n" + animations + "\n", file: file, line: line)
    }

    func particles(_ s: Scene, _ t: Double) -> [Particle] {
        if case .particles(let p) = Sampler.renderTree(of: s, at: t).root.children.first?.content { return p.particles }
        return []
    }

    func testCellBirthRateIsIntegratedAndMultipliedByTheLayers() {
        // spark's rate ramps 0 -> 20 over 1 s: 10 births by then, 20 a second after;
        // the model rate 0 does not stop it. smoke is untouched (2/s).
        guard let s = emitter("""
              - {name: spark, contents: circle, birthRate: 0, lifetime: 100}
              - {name: smoke, contents: square, birthRate: 2, lifetime: 100}
        """, animations: """
              - {keyPath: emitterCells.spark.birthRate, from: 0, to: 20, duration: 1, fillMode: forwards, removedOnCompletion: false}
        """) else { return }
        func count(_ t: Double, _ sprite: ParticleSprite) -> Int { particles(s, t).filter { $0.sprite == sprite }.count }
        XCTAssertEqual(count(0.5, .circle(Size(10, 10))), 3)   // 2.5 births counted: k = 0, 1, 2
        XCTAssertEqual(count(1, .circle(Size(10, 10))), 11)    // k = 0...10
        XCTAssertEqual(count(2, .circle(Size(10, 10))), 31)
        XCTAssertEqual(count(2, .rect(Size(10, 10))), 5)     // 0, 0.5, ..., 2
        // The layer's birthRate multiplies the cell's animated one.
        guard let doubled = emitter("""
              - {name: spark, contents: circle, birthRate: 0, lifetime: 100}
        """, animations: """
              - {keyPath: emitterCells.spark.birthRate, from: 0, to: 20, duration: 1, fillMode: forwards, removedOnCompletion: false}
        """, layer: "    birthRate: 2\n") else { return }
        XCTAssertEqual(particles(doubled, 1).count, 21)
        XCTAssertEqual(particles(doubled, 2).count, 61)
    }

    func testPerParticleKeysAreTakenAtBirth() {
        // velocity 0 -> 100 over 1 s: particles born at 0, 0.25, 0.5, 0.75
        // leave at 0, 25, 50, 75 pt/s and keep that speed.
        guard let s = emitter("""
              - {name: spark, contents: circle, birthRate: 4, lifetime: 10}
        """, animations: """
              - {keyPath: emitterCells.spark.velocity, from: 0, to: 100, duration: 1}
              - {keyPath: emitterCells.spark.color, from: black, to: white, duration: 1}
        """) else { return }
        let p = particles(s, 0.75)
        XCTAssertEqual(p.map(\.center.x), [100, 112.5, 112.5, 100])
        XCTAssertEqual(p.map(\.color.red), [0, 0.25, 0.5, 0.75])
        // After the animations end, new particles take the model values
        // (velocity 0, white) and old ones keep theirs.
        let later = particles(s, 1.5)
        XCTAssertEqual(later[1].center.x, 100 + 25 * 1.25, accuracy: 1e-9)
        XCTAssertEqual(later.last?.center.x, 100)
        XCTAssertEqual(later.last?.color, .white)
    }

    func testCellLifetimeAnimationKeepsLongLivedParticles() {
        // The model lifetime is 0.1 s, the animation gives 10 s at the start:
        // the particle born at 0 is still alive at 5.5 s.
        guard let s = emitter("""
              - {name: spark, contents: circle, birthRate: 1, lifetime: 0.1}
        """, animations: """
              - {keyPath: emitterCells.spark.lifetime, from: 10, to: 10, duration: 0.5}
        """) else { return }
        XCTAssertEqual(particles(s, 5.5).count, 1)  // born at 5 with 0.1 s: dead
        XCTAssertEqual(particles(s, 5.5).first?.center, Point(100, 50))
    }

    func testFramesArePureFunctionsOfTime() {
        guard let s = emitter("""
              - {name: spark, contents: circle, birthRate: 30, lifetime: 2, velocity: 50, emissionRange: 360deg}
        """, animations: """
              - {keyPath: emitterCells.spark.birthRate, values: [30, 80, 10], duration: 2, repeatCount: inf, calculationMode: cubic}
              - {keyPath: emitterCells.spark.emissionLongitude, by: 180, duration: 2}
        """) else { return }
        let alone = particles(s, 3.3)
        for t in stride(from: 0.0, to: 3.3, by: 0.1) { _ = particles(s, t) }
        XCTAssertEqual(particles(s, 3.3), alone)
        XCTAssertGreaterThan(alone.count, 40)
    }
}
