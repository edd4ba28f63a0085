import StrataModel
import StrataParse
@testable import StrataTimeline
import XCTest

/// Sampling of the layer types: content resolution, replicator expansion,
/// closed-form emitters, typed key-path animations.
final class LayerTypeSamplingTests: XCTestCase {
    func load(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) -> Scene? {
        do {
            return try SceneLoader.parse(text: "strata: 1\ncanvas: {size: [200, 100], duration: 10s}\n" + yaml, file: "t.yaml").scene
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    func tree(_ s: Scene, _ t: Double) -> RenderNode { Sampler.renderTree(of: s, at: t).root }

    // MARK: Shape, text, gradient

    func testShapeContentIsClampedAndAnimatable() {
        guard let s = load("""
        layers:
          - type: shape
            path: "M 0 0 L 100 0"
            animations:
              - {keyPath: strokeEnd, from: 0, to: 1, duration: 1}
              - {keyPath: path, to: "M 0 50 L 100 50", duration: 1}
              - {keyPath: lineWidth, by: 4, duration: 1}
        """) else { return }
        guard case .shape(let shape) = tree(s, 0.25).children[0].content else { return XCTFail() }
        XCTAssertEqual(shape.strokeEnd, 0.25, accuracy: 1e-12)
        XCTAssertEqual(shape.lineWidth, 2, accuracy: 1e-12)
        XCTAssertEqual(shape.path, BezierPath([.move(Point(0, 12.5)), .line(Point(100, 12.5))]))
        // Without a path a shape layer draws nothing.
        guard let empty = load("layers: [{type: shape, fillColor: red}]") else { return }
        guard case .none = tree(empty, 0).children[0].content else { return XCTFail() }
    }

    func testGradientColorsAndLocationsInterpolateElementByElement() {
        guard let s = load("""
        layers:
          - type: gradient
            colors: [black, white]
            animations:
              - {keyPath: colors, to: [white, "#ff0000"], duration: 1}
              - {keyPath: locations, to: [0.5, 1], duration: 1}
        """) else { return }
        guard case .gradient(let g) = tree(s, 0.5).children[0].content else { return XCTFail() }
        XCTAssertEqual(g.colors, [Color(0.5, 0.5, 0.5), Color(1, 0.5, 0.5)])
        XCTAssertEqual(g.locations, [0.25, 1])  // from the even spread [0, 1]
    }

    func testTextFontSizeAndColorAnimate() {
        guard let s = load("""
        layers:
          - type: text
            bounds: [0, 0, 100, 40]
            string: Hi
            fontSize: 10
            animations:
              - {keyPath: fontSize, to: 30, duration: 1}
              - {keyPath: foregroundColor, from: black, to: white, duration: 1}
        """) else { return }
        guard case .text(let t) = tree(s, 0.5).children[0].content else { return XCTFail() }
        XCTAssertEqual(t.fontSize, 20, accuracy: 1e-12)
        XCTAssertEqual(t.foregroundColor, Color(0.5, 0.5, 0.5))
    }

    func testScrollPointAnimatesBoundsOriginAlongItsAxes() {
        guard let s = load("""
        layers:
          - type: scroll
            bounds: [0, 0, 100, 50]
            scrollMode: vertically
            animations: [{keyPath: scrollPoint, from: [0, 0], to: [40, 200], duration: 1}]
        """) else { return }
        XCTAssertEqual(Sampler.presentation(of: s, at: 0.5).sublayers[0].properties.bounds, Rect(0, 100, 100, 50))
    }

    // MARK: Replicator

    func testReplicatorCopiesAboutTheCentreOfItsBounds() {
        guard let s = load("""
        layers:
          - type: replicator
            bounds: [0, 0, 100, 100]
            position: [100, 50]
            instanceCount: 4
            instanceTransform: {rotate: 90deg}
            sublayers: [{name: dot, bounds: [0, 0, 10, 10], position: [50, 10], backgroundColor: red}]
        """) else { return }
        let copies = tree(s, 0).children[0].children
        XCTAssertEqual(copies.count, 4)
        // Copy i's centre: the dot's position turned i quarter turns (clockwise, y down) about (50, 50).
        let expected = [Point(50, 10), Point(90, 50), Point(50, 90), Point(10, 50)]
        for (copy, centre) in zip(copies, expected) {
            let p = copy.transform.project(Point(5, 5))
            XCTAssertEqual(p.x, centre.x, accuracy: 1e-9)
            XCTAssertEqual(p.y, centre.y, accuracy: 1e-9)
        }
    }

    func testReplicatorDelaysCopiesAndMultipliesColors() {
        guard let s = load("""
        layers:
          - type: replicator
            bounds: [0, 0, 100, 100]
            instanceCount: 3
            instanceDelay: 0.25s
            instanceColor: [1, 1, 1, 0.5]
            instanceRedOffset: -0.5
            instanceAlphaOffset: 0.25
            sublayers:
              - bounds: [0, 0, 10, 10]
                backgroundColor: white
                animations: [{keyPath: position.x, from: 0, to: 100, duration: 1}]
        """) else { return }
        let copies = tree(s, 0.5).children[0].children
        XCTAssertEqual(copies.map { $0.transform.m41 + 5 }, [50, 25, 0])  // copy i at t - 0.25 i
        // Before its animation begins, copy 2 (at t = -0.5) shows the model value.
        XCTAssertEqual(copies.map(\.backgroundColor), [Color(1, 1, 1, 0.5), Color(0.5, 1, 1, 0.75), Color(0, 1, 1, 1)])
    }

    func testNestedReplicatorsMultiply() {
        guard let s = load("""
        layers:
          - type: replicator
            instanceCount: 3
            instanceTransform: {translateY: 10}
            instanceColor: [0.5, 1, 1, 1]
            sublayers:
              - type: replicator
                instanceCount: 4
                instanceTransform: {translateX: 10}
                instanceColor: [1, 0.5, 1, 1]
                sublayers: [{bounds: [0, 0, 5, 5], backgroundColor: white}]
        """) else { return }
        let rows = tree(s, 0).children[0].children
        XCTAssertEqual(rows.count, 3)
        XCTAssertEqual(rows.map { $0.children.count }, [4, 4, 4])
        XCTAssertEqual(rows[2].children[3].backgroundColor, Color(0.5, 0.5, 1, 1))
        XCTAssertEqual(rows[2].transform.m42, 20, accuracy: 1e-12)
        XCTAssertEqual(rows[2].children[3].transform.m41, 30 - 2.5, accuracy: 1e-12)
        // instanceCount 0 draws no copies at all.
        guard let none = load("layers: [{type: replicator, instanceCount: 0, sublayers: [{bounds: [0, 0, 5, 5]}]}]") else { return }
        XCTAssertEqual(tree(none, 0).children[0].children.count, 0)
    }

    // MARK: Emitter

    func emitter(_ cell: String, layer: String = "", file: StaticString = #filePath, line: UInt = #line) -> Scene? {
        load("layers:\n  - type: emitter\n    emitterPosition: [100, 50]\n" + layer + "    emitterCells:\n      - " + cell, file: file, line: line)
    }

    func particles(_ s: Scene, _ t: Double) -> [Particle] {
        if case .particles(let p) = Sampler.renderTree(of: s, at: t).root.children.first?.content { return p.particles }
        return []
    }

    func testBirthsAreEvenlySpacedAndDieAtTheirLifetime() {
        guard let s = emitter("{contents: circle, birthRate: 10, lifetime: 1, velocity: 100}") else { return }
        XCTAssertEqual(particles(s, 0).count, 1)          // born at 0, age 0
        XCTAssertEqual(particles(s, 0.05).count, 1)
        XCTAssertEqual(particles(s, 0.1).count, 2)
        XCTAssertEqual(particles(s, 2.05).count, 10)      // born in (1.05, 2.05]
        XCTAssertEqual(particles(s, -1).count, 0)
        // Positions are closed form: velocity x age along +x (longitude 0).
        let p = particles(s, 0.5)
        XCTAssertEqual(p.first?.center.x ?? 0, 150, accuracy: 1e-9)
        XCTAssertEqual(p.last?.center.x ?? 0, 100, accuracy: 1e-9)
    }

    func testEmitterIsAPureFunctionOfTime() {
        guard let s = emitter("""
        {contents: {rect: [4, 2]}, birthRate: 50, lifetime: 2, lifetimeRange: 1, velocity: 80, velocityRange: 40,
               emissionRange: 360deg, yAcceleration: 30, spin: 90, spinRange: 180, scaleRange: 0.5, redRange: 0.5,
               alphaSpeed: -0.2}
        """, layer: "    emitterShape: circle\n    emitterSize: [30, 0]\n    seed: 9\n") else { return }
        let late = particles(s, 3.5)
        for t in [0.0, 1.0, 2.0, 3.0] { _ = particles(s, t) }
        XCTAssertEqual(particles(s, 3.5), late)
        XCTAssertGreaterThan(late.count, 50)
        // Another seed changes the particles, not their number.
        guard let other = emitter("""
        {contents: {rect: [4, 2]}, birthRate: 50, lifetime: 2, lifetimeRange: 1, velocity: 80, velocityRange: 40,
               emissionRange: 360deg, yAcceleration: 30, spin: 90, spinRange: 180, scaleRange: 0.5, redRange: 0.5,
               alphaSpeed: -0.2}
        """, layer: "    emitterShape: circle\n    emitterSize: [30, 0]\n    seed: 10\n") else { return }
        XCTAssertNotEqual(particles(other, 3.5).map(\.center), late.map(\.center))
    }

    func testAnimatedBirthRateIsIntegrated() {
        // The layer's birthRate ramps 0 -> 20 over 1 s: 10 births by then, 20 more each second after.
        guard let s = emitter("{contents: circle, birthRate: 1, lifetime: 100}",
                              layer: "    animations: [{keyPath: birthRate, from: 0, to: 20, duration: 1, fillMode: forwards, removedOnCompletion: false}]\n")
        else { return }
        XCTAssertEqual(particles(s, 0.5).count, 3)   // 2.5 births counted: k = 0, 1, 2
        XCTAssertEqual(particles(s, 1).count, 11)    // k = 0...10
        XCTAssertEqual(particles(s, 2).count, 31)
    }

    func testLayerMultipliersApplyAtBirth() {
        // The emitter moves right at 100 pt/s; particles stay where they were born.
        guard let s = emitter("{contents: circle, birthRate: 4, lifetime: 10}",
                              layer: "    animations: [{keyPath: emitterPosition.x, from: 0, to: 100, duration: 1}]\n")
        else { return }
        XCTAssertEqual(particles(s, 0.75).map(\.center.x), [0, 25, 50, 75].map { $0 * 1.0 })
    }

    func testHugeTimesStayBounded() {
        // Layer time far past any scene (a scene writes at most 1e7 for a
        // number, but speeds multiply): births are counted in closed form,
        // the animated rate falls back to constant, nothing traps.
        guard let s = emitter("{contents: circle, birthRate: 10, lifetime: 1}",
                              layer: "    speed: 1e7\n    animations: [{keyPath: birthRate, from: 1, to: 2, duration: 1}]\n")
        else { return }
        XCTAssertEqual(particles(s, 1e5).count, 10)
        guard let constant = emitter("{contents: circle, birthRate: 10, lifetime: 1}") else { return }
        XCTAssertEqual(particles(constant, 1e300).count, 0)   // birth numbers past 2^52 are clamped: none alive
    }

    /// Issue #13: a cell that began an hour ago with an animated birthRate
    /// integrated the rate on the 1/240 s grid over the whole hour (864,000
    /// samples of the emitter's state) for every frame and every copy of a
    /// replicator. Only the animation's own interval is sampled now; the
    /// births and their times are the same as with every step sampled.
    func testAnimatedRateIsSampledOnlyWhereItChanges() {
        let animation = "    animations: [{keyPath: emitterCells.c.birthRate, from: 1, to: 10, beginTime: 0.5, duration: 1, fillMode: both, removedOnCompletion: false}]\n"
        guard let s = emitter("{name: c, contents: circle, birthRate: 3, lifetime: 2, velocity: 7, beginTime: -3600s}",
                              layer: animation) else { return }
        // The grid sampled everywhere (the old way), as a reference.
        let rate: (Double) -> Double = { t in t < 0.5 ? 1 : t < 1.5 ? 1 + 9 * (t - 0.5) : 10 }
        let everywhere = BirthClock(begin: -3600, end: 3, varying: [-3600...3], rate: rate)
        let sparse = BirthClock(begin: -3600, end: 3, varying: [0.5...1.5], rate: rate)
        // Up to the rounding of 864,000 sums: a constant stretch is counted in closed form.
        for t in [-3599.0, -1, 0.25, 0.5, 0.75, 1, 1.4999, 2, 3] {
            XCTAssertEqual(sparse.count(at: t), everywhere.count(at: t), accuracy: 1e-6, "t = \(t)")
        }
        for k in [0, 1, 3599, 3600, 3601, 3605, 3610] {
            XCTAssertEqual(sparse.birthTime(k), everywhere.birthTime(k), accuracy: 1e-6, "k = \(k)")
        }
        // The sampler's particles are the births of the last 2 s (the lifetime).
        for t in [0.25, 1, 3] {
            let alive = (0..<4000).filter { k in
                let b = sparse.birthTime(k)
                return b <= t + 1e-9 && b > t - 2  // the sampler's slack for a birth at t
            }
            XCTAssertEqual(particles(s, t).count, alive.count, "t = \(t)")
        }
    }

    /// A clock whose span is empty (a cell asked for at its begin time) or
    /// whose varying interval reaches past its grid counts nothing, and does
    /// not trap (a transaction-stepped rate at the first frame once did).
    func testBirthClocksWithAnEmptySpanCountNothing() {
        let rate: (Double) -> Double = { _ in 5 }
        for varying in [[-Double.infinity...Double.infinity], [2...2], [0...10]] {
            let clock = BirthClock(begin: 2, end: 2, varying: varying, rate: rate)
            XCTAssertEqual(clock.count(at: 2), 0)
            XCTAssertEqual(clock.birthTime(0), .infinity)
        }
    }

    func testRenderModesOrderParticles() {
        func order(_ mode: String) -> [Double] {
            guard let s = emitter("{contents: circle, birthRate: 2, lifetime: 10, velocity: 10}",
                                  layer: "    renderMode: \(mode)\n") else { return [] }
            return particles(s, 1.2).map(\.center.x)
        }
        XCTAssertEqual(order("oldestFirst"), [112, 107, 102])
        XCTAssertEqual(order("oldestLast"), [102, 107, 112])
        XCTAssertEqual(order("unordered"), [112, 107, 102])
    }
}

/// Paths, color lists and number lists as animation values.
final class ListArithmeticTests: XCTestCase {
    let a = BezierPath([.move(Point(0, 0)), .line(Point(10, 0))])
    let b = BezierPath([.move(Point(2, 4)), .line(Point(20, 10))])

    func testInterpolationAndMismatches() {
        XCTAssertEqual(AnimatableValue.path(a).interpolated(to: .path(b), 0.5),
                       .path(BezierPath([.move(Point(1, 2)), .line(Point(15, 5))])))
        // Different structures or counts switch at the midpoint.
        let c = AnimatableValue.path(BezierPath([.move(.zero)]))
        XCTAssertEqual(AnimatableValue.path(a).interpolated(to: c, 0.49), .path(a))
        XCTAssertEqual(AnimatableValue.path(a).interpolated(to: c, 0.5), c)
        XCTAssertEqual(AnimatableValue.numbers([0, 10]).interpolated(to: .numbers([10, 20]), 0.25), .numbers([2.5, 12.5]))
        XCTAssertEqual(AnimatableValue.numbers([0]).interpolated(to: .numbers([1, 2]), 0.2), .numbers([0]))
        XCTAssertEqual(AnimatableValue.colors([.black]).interpolated(to: .colors([.white]), 0.5), .colors([Color(0.5, 0.5, 0.5)]))
    }

    func testAddSubtractAndCumulativeRepeats() {
        XCTAssertEqual(AnimatableValue.path(a).adding(.path(b)), .path(BezierPath([.move(Point(2, 4)), .line(Point(30, 10))])))
        XCTAssertEqual(AnimatableValue.path(b).subtracting(.path(a)), .path(BezierPath([.move(Point(2, 4)), .line(Point(10, 10))])))
        XCTAssertEqual(AnimatableValue.numbers([1, 2]).adding(.numbers([10, 20])), .numbers([11, 22]))
        XCTAssertEqual(AnimatableValue.numbers([1, 2]).repeated(3, onto: .numbers([0, 0])), .numbers([3, 6]))
        XCTAssertEqual(AnimatableValue.path(a).repeated(2, onto: .path(a)), .path(BezierPath([.move(.zero), .line(Point(30, 0))])))
    }
}
