#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel

/// CAEmitterLayer's particles at one time, in closed form: each particle's
/// state is a function of its birth time, its age and its random values
/// (seeded by the emitter's `seed`, the cell's index and the particle's
/// birth number). Nothing is simulated step by step, so any frame renders
/// without the ones before it.
///
/// Per particle, with `mult` the emitter layer's multipliers *at the
/// particle's birth* (an animated emitter changes the particles born
/// afterwards, as in Core Animation), u uniform in [-1, 1) and age a seconds:
///
///     life     = (lifetime + lifetimeRange * u) * mult.lifetime      alive while 0 <= a < life
///     speed    = (velocity + velocityRange * u) * mult.velocity
///     position = origin + direction * speed * a + acceleration * a^2 / 2
///     scale    = (scale + scaleRange * u) * mult.scale + scaleSpeed * a
///     angle    = (spin + spinRange * u) * mult.spin * a
///     color    = color + colorRange * u + colorSpeed * a             (each component, clamped to 0...1)
struct EmitterSampler {
    /// The emitter layer's written values.
    let model: LayerProperties
    let presentation: EmitterProperties
    /// Animations of the emitter's own keys other than birthRate, which
    /// change the particles born while they run.
    private let birthAnimations: [Animation]
    private let rateAnimations: [Animation]

    init(model: LayerProperties, animations: [Animation], presentation: EmitterProperties) {
        self.model = model
        self.presentation = presentation
        let emitterAnimations = animations.filter { $0.keyPath.property.layerTypes?.contains(.emitter) == true }
        // The layer's birthRate and every cell's: integrated, never taken at birth.
        func isRate(_ a: Animation) -> Bool { a.keyPath.property == .birthRate || a.keyPath.emitterCell?.key == .birthRate }
        rateAnimations = emitterAnimations.filter(isRate)
        birthAnimations = emitterAnimations.filter { !isRate($0) }
    }

    /// The emitter's values at local time `s` (its presentation values when
    /// nothing that shapes new particles is animated).
    func emitterState(at s: Double, animations: [Animation]) -> EmitterProperties {
        guard !animations.isEmpty else { return presentation }
        var props = model
        AnimationEvaluator.apply(animations, layerTime: s, model: model, to: &props, record: false)
        return props.emitter ?? presentation
    }

    /// The live particles at local time `t`, in draw order.
    func particles(at t: Double) -> ParticleContent {
        guard t.isFinite else { return ParticleContent(particles: [], additive: false) }
        let model = self.model.emitter ?? presentation
        let maxLifetimeScale = Self.largestValue(of: .lifetime, model: model.lifetime, animations: birthAnimations)
        var out: [(particle: Particle, birth: Double, cell: Int)] = []
        cells: for (ci, cell) in model.cells.enumerated() {
            // Rate animations of this cell (by name) and of the layer.
            let cellRates = rateAnimations.filter { $0.keyPath.property == .birthRate || $0.keyPath.emitterCell?.name == cell.name }
            let animatedRate = cellRates.contains { $0.keyPath.emitterCell != nil }
            guard let sprite = cell.contents, cell.birthRate > 0 || animatedRate else { continue }
            let maxLife = (cell.largestValue(ofKey: .lifetime, animations: birthAnimations)
                + cell.largestValue(ofKey: .lifetimeRange, animations: birthAnimations)) * maxLifetimeScale
            guard maxLife > 0, maxLife.isFinite else { continue }
            let begin = cell.beginTime
            let end = cell.duration > 0 ? begin + cell.duration : Double.infinity
            // Births that can still be alive: in [t - maxLife, t], within the cell's active time.
            let lo = max(begin, t - maxLife), hi = min(t, end)
            guard hi >= begin, lo <= hi else { continue }
            // An animated birthRate is integrated from the cell's begin; past
            // BirthClock.maxSpan (hours of layer time) the rate is taken as
            // constant at its current value instead.
            let current = ci < presentation.cells.count ? presentation.cells[ci].birthRate : cell.birthRate
            let clock = cellRates.isEmpty || hi - begin > BirthClock.maxSpan
                ? BirthClock(begin: begin, rate: cellRates.isEmpty ? cell.birthRate * model.birthRate : current * presentation.birthRate)
                : BirthClock(begin: begin, end: hi) { s in
                    let state = emitterState(at: s, animations: cellRates)
                    return (ci < state.cells.count ? state.cells[ci].birthRate : cell.birthRate) * state.birthRate
                }
            // Counts within `slack` of a whole number are that number: a birth
            // exactly at t must not depend on rounding in the integral.
            let slack = 1e-9
            let first = max(0, Self.whole((clock.count(at: lo) - slack).rounded(.up)))
            var last = Self.whole((clock.count(at: hi) + slack).rounded(.down))
            if hi == end { last = min(last, Self.whole((clock.count(at: end) - slack).rounded(.up)) - 1) }  // end is exclusive
            guard first <= last else { continue }
            // Births looked at per frame are bounded too (most may be dead
            // when lifetimes vary a lot); the parser keeps real scenes far below.
            let candidates = min(last, first + 4 * Limits.maxParticles)
            for k in first...candidates {
                let exact = clock.birthTime(k)
                guard exact.isFinite, exact <= t + slack else { continue }
                let birth = min(exact, t)
                guard birth < end else { continue }
                let state = emitterState(at: birth, animations: birthAnimations)
                var random = ParticleRandom(seed: model.seed, cell: ci, particle: k)
                // Cell keys too are taken at the particle's birth, as in Core Animation.
                let born = ci < state.cells.count ? state.cells[ci] : cell
                guard let p = particle(born, sprite, state, age: t - birth, random: &random) else { continue }
                out.append((p, birth, ci))
                if out.count >= Limits.maxParticles { break cells }
            }
        }
        return ParticleContent(particles: Self.ordered(out, mode: presentation.renderMode),
                               additive: presentation.renderMode == .additive)
    }

    /// One particle at `age`, or nil when it is dead or invisible.
    private func particle(_ cell: EmitterCell, _ sprite: ParticleSprite, _ e: EmitterProperties,
                          age a: Double, random: inout ParticleRandom) -> Particle? {
        // Draw every random value first, in a fixed order, so each keeps its meaning.
        let uLife = random.symmetric()
        let origin = EmissionShape.origin(e, &random)
        let direction = EmissionShape.direction(latitude: cell.emissionLatitude, longitude: cell.emissionLongitude,
                                                range: cell.emissionRange, &random)
        let uVelocity = random.symmetric(), uScale = random.symmetric(), uSpin = random.symmetric()
        let uR = random.symmetric(), uG = random.symmetric(), uB = random.symmetric(), uA = random.symmetric()

        let life = (cell.lifetime + cell.lifetimeRange * uLife) * e.lifetime
        guard a >= 0, a < life else { return nil }
        let speed = (cell.velocity + cell.velocityRange * uVelocity) * e.velocity
        let half = 0.5 * a * a
        let x = origin.x + direction.x * speed * a + cell.xAcceleration * half
        let y = origin.y + direction.y * speed * a + cell.yAcceleration * half
        let z = origin.z + direction.z * speed * a + cell.zAcceleration * half
        let scale = (cell.scale + cell.scaleRange * uScale) * e.scale + cell.scaleSpeed * a
        guard scale > 0 else { return nil }
        let angle = (cell.spin + cell.spinRange * uSpin) * e.spin * a
        func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        let color = Color(unit(cell.color.red + cell.redRange * uR + cell.redSpeed * a),
                          unit(cell.color.green + cell.greenRange * uG + cell.greenSpeed * a),
                          unit(cell.color.blue + cell.blueRange * uB + cell.blueSpeed * a),
                          unit(cell.color.alpha + cell.alphaRange * uA + cell.alphaSpeed * a))
        guard color.alpha > 0, x.isFinite, y.isFinite, scale.isFinite, angle.isFinite else { return nil }
        return Particle(center: Point(x, y), z: z.isFinite ? z : 0, sprite: sprite, scale: scale, angle: angle, color: color)
    }

    /// Draw order for `renderMode`: unordered and additive draw cell by cell,
    /// oldest first; oldestFirst draws the oldest first (the newest on top),
    /// oldestLast the newest first; backToFront draws the farthest (smallest z) first.
    static func ordered(_ items: [(particle: Particle, birth: Double, cell: Int)],
                        mode: EmitterRenderMode) -> [Particle] {
        switch mode {
        case .unordered, .additive:
            return items.map(\.particle)
        case .oldestFirst:
            return items.enumerated().sorted { ($0.element.birth, $0.offset) < ($1.element.birth, $1.offset) }.map(\.element.particle)
        case .oldestLast:
            return items.enumerated().sorted { ($1.element.birth, $0.offset) < ($0.element.birth, $1.offset) }.map(\.element.particle)
        case .backToFront:
            return items.enumerated().sorted { ($0.element.particle.z, $0.offset) < ($1.element.particle.z, $1.offset) }.map(\.element.particle)
        }
    }

    /// A count as an Int, clamped to ±2^52 (NaN is 0): birth numbers far
    /// past any real scene must not trap.
    static func whole(_ v: Double) -> Int {
        guard !v.isNaN else { return 0 }
        return Int(min(max(v, -0x1p52), 0x1p52))
    }

    /// The largest magnitude `property` takes: its model value, or any
    /// value an animation of it names (`from`, `to`, model + `by`).
    static func largestValue(of property: LayerProperty, model: Double, animations: [Animation]) -> Double {
        var largest = abs(model)
        for a in animations where a.keyPath.property == property && a.keyPath.fields.isEmpty {
            guard case .basic(let from, let to, let by) = a.kind else { continue }
            for case .scalar(let v)? in [from, to] { largest = max(largest, abs(v)) }
            if case .scalar(let v)? = by { largest = max(largest, abs(model) + abs(v), abs(from.flatMap(\.scalarValue) ?? 0) + abs(v)) }
        }
        return largest
    }
}

extension AnimatableValue {
    var scalarValue: Double? {
        if case .scalar(let v) = self { return v }
        return nil
    }
}
