import StrataModel
@testable import StrataTimeline
import XCTest

/// Sub-cells (a cell's `emitterCells`), `enabled`, `emitterDepth` and the
/// render modes' draw order (docs/layer-types.md, Emitter).
final class EmitterSubcellTests: XCTestCase {
    func emitter(_ body: String, timeline: String = "", file: StaticString = #filePath, line: UInt = #line) -> Scene? {
        EngineFixture.load("strata: 1\ncanvas: {size: [200, 100], duration: 10s}\nlayers:\n  - name: fx\n    type: emitter\n    emitterPosition: [100, 50]\n"
                           + body + "\n" + timeline, file: file, line: line)
    }

    func particles(_ s: Scene, _ t: Double) -> [Particle] {
        if case .particles(let p) = Sampler.renderTree(of: s, at: t).root.children.first?.content { return p.particles }
        return []
    }

    func testASubCellIsEmittedByEachLivingParticleAtItsPositionAndHeading() throws {
        // One rocket at t = 0 moving right at 100 pt/s, living 1 s; it emits a
        // spark every 0.25 s of its age, each leaving at the rocket's heading
        // plus 90deg (down) at 10 pt/s, half the rocket's scale, its colour.
        let s = try XCTUnwrap(emitter("""
            emitterCells:
              - name: rocket
                contents: square
                birthRate: 1
                duration: 0.5
                lifetime: 1
                velocity: 100
                scale: 0.5
                color: "#ff0000"
                emitterCells:
                  - {name: spark, contents: circle, birthRate: 4, lifetime: 10, velocity: 10, emissionLongitude: 90deg}
        """))
        let at = particles(s, 2)   // the rocket is dead; its 4 sparks (ages 0, 0.25, 0.5, 0.75) live on
        XCTAssertEqual(at.count, 4)
        for (i, p) in at.enumerated() {
            let born = 0.25 * Double(i)
            XCTAssertEqual(p.center.x, 100 + 100 * born, accuracy: 1e-9)
            XCTAssertEqual(p.center.y, 50 + 10 * (2 - born), accuracy: 1e-9)
            XCTAssertEqual(p.scale, 0.5, accuracy: 1e-12, "the parent's scale multiplies")
            XCTAssertEqual(p.color, Color(1, 0, 0, 1), "the parent's colour multiplies")
            XCTAssertEqual(p.sprite, .circle(Size(10, 10)))
        }
        // While the rocket lives it is drawn too, in the emitter's cell order.
        let mid = particles(s, 0.6)
        XCTAssertEqual(mid.map(\.sprite), [.rect(Size(10, 10))] + Array(repeating: .circle(Size(10, 10)), count: 3))
        // Frames are pure: t alone decides.
        XCTAssertEqual(particles(s, 2), at)
    }

    func testSubCellBeginTimeAndDurationAreInTheParentsAge() throws {
        // A burst of one particle at the rocket's age 0.8 (duration 0.1 at 10/s).
        let s = try XCTUnwrap(emitter("""
            emitterCells:
              - name: rocket
                birthRate: 1
                duration: 0.5
                lifetime: 1
                velocity: 100
                emitterCells:
                  - {name: burst, contents: circle, beginTime: 0.8, duration: 0.1, birthRate: 10, lifetime: 5}
        """))
        XCTAssertTrue(particles(s, 0.79).isEmpty, "the rocket has no contents; the burst has not begun")
        let burst = particles(s, 1)
        XCTAssertEqual(burst.map(\.center), [Point(180, 50)])
    }

    func testADisabledCellEmitsNothingAndATransactionEnablesIt() throws {
        let cells = """
            emitterCells:
              - {name: a, contents: circle, birthRate: 2, lifetime: 100}
              - {name: b, contents: square, birthRate: 2, lifetime: 100, enabled: false}
        """
        let off = try XCTUnwrap(emitter(cells))
        XCTAssertEqual(particles(off, 3).map(\.sprite), Array(repeating: .circle(Size(10, 10)), count: 7))
        let on = try XCTUnwrap(emitter(cells, timeline: "timeline:\n  - {at: 1s, set: {fx.emitterCells.b.enabled: true}}\n"))
        // b's births start at the commit: 1, 1.5, 2 by t = 2.
        XCTAssertEqual(particles(on, 2).filter { $0.sprite == .rect(Size(10, 10)) }.count, 3)
        XCTAssertEqual(particles(on, 0.9).count, 2)
    }

    func testATransactionChangesOnlyTheParticlesBornAfterIt() throws {
        let s = try XCTUnwrap(emitter("""
            emitterCells:
              - {name: a, contents: circle, birthRate: 1, lifetime: 100, velocity: 10}
        """, timeline: "timeline:\n  - {at: 2s, disableActions: true, set: {fx.emitterCells.a.velocity: 50, fx.emitterCells.a.color: blue}}\n"))
        let p = particles(s, 3)   // born at 0, 1, 2, 3
        XCTAssertEqual(p.map(\.center.x), [130, 120, 150, 100])
        XCTAssertEqual(p.map(\.color.blue), [1, 1, 1, 1])
        XCTAssertEqual(p.map(\.color.red), [1, 1, 0, 0])
    }

    func testEmitterDepthSpreadsACuboidInZ() throws {
        let s = try XCTUnwrap(emitter("""
            emitterShape: cuboid
            emitterSize: [40, 20]
            emitterDepth: 30
            renderMode: backToFront
            emitterCells:
              - {name: a, contents: circle, birthRate: 100, lifetime: 100}
        """))
        let p = particles(s, 1)
        XCTAssertEqual(p.count, 101)
        for q in p {
            XCTAssertLessThanOrEqual(abs(q.z), 15)
            XCTAssertLessThanOrEqual(abs(q.center.x - 100), 20)
            XCTAssertLessThanOrEqual(abs(q.center.y - 50), 10)
        }
        XCTAssertGreaterThan(p.map(\.z).max()! - p.map(\.z).min()!, 20, "spread over the depth")
        XCTAssertEqual(p.map(\.z), p.map(\.z).sorted(), "backToFront draws the smallest z first")
    }

    func testOldestFirstAndOldestLastOrderByBirth() throws {
        func scales(_ mode: String) throws -> [Double] {
            let s = try XCTUnwrap(emitter("""
                renderMode: \(mode)
                emitterCells:
                  - {name: a, contents: circle, birthRate: 1, lifetime: 100, scaleSpeed: 1}
            """))
            return particles(s, 2).map(\.scale)
        }
        XCTAssertEqual(try scales("oldestFirst"), [3, 2, 1])
        XCTAssertEqual(try scales("oldestLast"), [1, 2, 3])
    }
}
