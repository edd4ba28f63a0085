#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel

/// CAEmitterLayer's particles at one time, in closed form: each particle's
/// state is a function of its birth time, its age and its random values
/// (seeded by the emitter's `seed`, the cell's place and the particle's
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
///
/// The model at a birth is the written one with the transactions committed
/// by then (in the layer's time), so a transaction's change reaches only
/// the particles born after it. Sub-cells: EmitterSampler+Subcells.swift.
struct EmitterSampler {
    /// The emitter layer's written values.
    let model: LayerProperties
    let presentation: EmitterProperties
    let sequenceLimit: Int
    /// Animations of the emitter's own keys other than birthRate, which
    /// change the particles born while they run.
    let birthAnimations: [Animation]
    private let rateAnimations: [Animation]
    /// The model after each transaction that changed an emitter key, by
    /// layer time (the written model before the first).
    private let steps: [(time: Double, model: LayerProperties)]
    /// Each key path the transactions set, for telling what changes over time.
    private let steppedPaths: [LayerKeyPath]

    /// `model`: the layer's written values; `modelChanges`: the timeline's
    /// changes of the layer, in commit order (those of `sequenceLimit` or
    /// later are not committed yet).
    init(model: LayerProperties, animations: [Animation], modelChanges: [ModelChange] = [],
         presentation: EmitterProperties, sequenceLimit: Int = .max) {
        self.model = model
        self.presentation = presentation
        self.sequenceLimit = sequenceLimit
        let emitterAnimations = animations.filter { $0.keyPath.property.layerTypes?.contains(.emitter) == true }
        // The layer's birthRate and every cell's: integrated, never taken at birth.
        func isRate(_ a: Animation) -> Bool { a.keyPath.property == .birthRate || a.keyPath.emitterCell?.key == .birthRate }
        rateAnimations = emitterAnimations.filter(isRate)
        birthAnimations = emitterAnimations.filter { !isRate($0) }
        var stepped = model
        var steps: [(time: Double, model: LayerProperties)] = []
        var paths: [LayerKeyPath] = []
        for change in modelChanges where change.sequence < sequenceLimit
            && change.keyPath.property.layerTypes?.contains(.emitter) == true {
            stepped.apply(change.value, at: change.keyPath)
            steps.append((change.layerTime, stepped))
            paths.append(change.keyPath)
        }
        self.steps = steps
        steppedPaths = paths
    }

    /// The model at layer time `s`: the written values and the transactions' steps by then.
    func model(at s: Double) -> LayerProperties {
        guard let first = steps.first, s >= first.time else { return self.model }
        var lo = 0, hi = steps.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if steps[mid].time <= s { lo = mid } else { hi = mid - 1 }
        }
        return steps[lo].model
    }

    /// The emitter's values at local time `s` (its presentation values when
    /// nothing that shapes new particles changes over time).
    func emitterState(at s: Double, animations: [Animation]) -> EmitterProperties {
        guard !animations.isEmpty || !steps.isEmpty else { return presentation }
        let current = self.model(at: s)
        var props = current
        if !animations.isEmpty {
            AnimationEvaluator.apply(animations, layerTime: s, model: current, to: &props,
                                     sequenceLimit: sequenceLimit, record: false)
        }
        return props.emitter ?? presentation
    }

    /// Whether a transaction sets `key` of the cell at `path` (or the layer's `property`).
    private func steps(_ key: CellKey, cell path: [String], or property: LayerProperty? = nil) -> Bool {
        steppedPaths.contains { ($0.emitterCell.map { $0.key == key && $0.path == path } ?? false) || $0.property == property }
    }

    /// The live particles at local time `t`, in draw order.
    func particles(at t: Double) -> ParticleContent {
        guard t.isFinite else { return ParticleContent(particles: [], additive: false) }
        let written = model.emitter ?? presentation
        var out = Emitted()
        cells: for (ci, cell) in written.cells.enumerated() {
            let path = [cell.name ?? ""]
            // Rate animations of this cell (by name) and of the layer.
            let cellRates = rateAnimations.filter { $0.keyPath.property == .birthRate || $0.keyPath.emitterCell?.path == path }
            let rateSteps = [CellKey.birthRate, .enabled, .beginTime, .duration].contains { steps($0, cell: path, or: .birthRate) }
            let varies = rateSteps || !cellRates.isEmpty
            let animatedRate = cellRates.contains { $0.keyPath.emitterCell != nil } || rateSteps
            guard cell.contents != nil || !cell.cells.isEmpty, cell.enabled || rateSteps,
                  cell.birthRate > 0 || animatedRate else { continue }
            let reach = chainLife(of: cell, path: path)
            guard reach > 0, reach.isFinite else { continue }
            // The cell emits from its begin time, for its duration; with
            // transactions, from the earliest begin any model gives.
            let begins = [cell.beginTime] + steps.compactMap { EmitterCell.cell(at: path[...], in: $0.model.emitter?.cells ?? [])?.beginTime }
            let begin = begins.min()!
            let end = cell.duration > 0 && !rateSteps ? begin + cell.duration : Double.infinity
            // Births whose particles, or their sub-cells' particles, can still be alive.
            let lo = max(begin, t - reach), hi = min(t, end)
            guard hi >= begin, lo <= hi else { continue }
            // An animated birthRate is integrated from the cell's begin; past
            // BirthClock.maxSpan (hours of layer time) the rate is taken as
            // constant at its current value instead.
            let current = ci < presentation.cells.count ? presentation.cells[ci].birthRate : cell.birthRate
            // Transactions step the rate at their commits: sampled everywhere then.
            let clock = !varies || hi - begin > BirthClock.maxSpan
                ? BirthClock(begin: begin, rate: !varies ? cell.birthRate * written.birthRate : current * presentation.birthRate)
                : BirthClock(begin: begin, end: hi,
                             varying: rateSteps ? [begin...max(begin, hi)] : cellRates.map(\.changingInterval)) { s in
                    let state = emitterState(at: s, animations: cellRates)
                    guard ci < state.cells.count else { return cell.birthRate * state.birthRate }
                    let c = state.cells[ci]
                    let active = c.enabled && s >= c.beginTime && (c.duration <= 0 || s < c.beginTime + c.duration)
                    return active ? c.birthRate * state.birthRate : 0
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
                var random = ParticleRandom(seed: state.seed, cell: ci, particle: k)
                // Cell keys too are taken at the particle's birth, as in Core Animation.
                let born = ci < state.cells.count ? state.cells[ci] : cell
                let uLife = random.symmetric()
                let o = EmissionShape.origin(state, &random)
                let motion = ParticleMotion(born, state, birth: birth, uLife: uLife, origin: SIMD3(o.x, o.y, o.z),
                                            axis: (born.emissionLatitude, born.emissionLongitude), random: &random)
                if let sprite = cell.contents, let p = motion.particle(at: t, sprite: sprite) {
                    out.append(p, birth: birth, order: out.order(of: path))
                }
                if !born.cells.isEmpty {
                    emitSubcells(of: motion, born.cells, written: cell.cells, path: path, layerState: state,
                                 id: Particle.id(cell: UInt64(ci), particle: k), at: t, into: &out)
                }
                if out.isFull { break cells }
            }
        }
        return ParticleContent(particles: out.ordered(presentation.renderMode),
                               additive: presentation.renderMode == .additive)
    }

    /// The longest a particle of `cell` or of its sub-cells' chain can be
    /// alive after the cell's particle is born: its largest life plus the
    /// longest chain below it.
    func chainLife(of cell: EmitterCell, path: [String]) -> Double {
        let multiplier = largest(layerKey: .lifetime)
        let own = (largest(.lifetime, of: cell, path: path) + largest(.lifetimeRange, of: cell, path: path)) * multiplier
        let below = cell.cells.map { chainLife(of: $0, path: path + [$0.name ?? ""]) }.max() ?? 0
        return own + below
    }

    /// The largest magnitude a cell key takes: its model value, any value an
    /// animation of it names, any value a transaction sets.
    private func largest(_ key: CellKey, of cell: EmitterCell, path: [String]) -> Double {
        var v = cell.largestValue(ofKey: key, path: path, animations: birthAnimations)
        for step in steps {
            if let c = EmitterCell.cell(at: path[...], in: step.model.emitter?.cells ?? []),
               case .scalar(let x) = key.value(of: c) { v = max(v, abs(x)) }
        }
        return v
    }

    /// The same for the layer's multiplier `property`.
    private func largest(layerKey property: LayerProperty) -> Double {
        let model = self.model.emitter ?? presentation
        var v = Self.largestValue(of: property, model: property == .lifetime ? model.lifetime : model.birthRate,
                                  animations: birthAnimations + rateAnimations)
        for step in steps {
            if let x = property.animatableValue(of: step.model).scalarValue { v = max(v, abs(x)) }
        }
        return v
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

extension Particle {
    /// A particle's identity for its sub-cells' random values: its cell's
    /// place and its birth number, mixed.
    static func id(cell: UInt64, particle k: Int) -> UInt64 {
        ParticleRandom.mix(cell &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: k))
    }
}

/// The particles gathered for one frame, with what their draw order needs.
struct Emitted {
    private var items: [(particle: Particle, birth: Double, order: Int)] = []
    /// Cells in the order first seen (depth first): `unordered` draws cell by cell.
    private var orders: [[String]: Int] = [:]

    var isFull: Bool { items.count >= Limits.maxParticles }

    mutating func order(of path: [String]) -> Int {
        if let o = orders[path] { return o }
        orders[path] = orders.count
        return orders.count - 1
    }

    mutating func append(_ p: Particle, birth: Double, order: Int) {
        guard !isFull else { return }
        items.append((p, birth, order))
    }

    /// Draw order for `renderMode`: unordered and additive draw cell by cell,
    /// oldest first; oldestFirst draws the oldest first (the newest on top),
    /// oldestLast the newest first; backToFront draws the farthest (smallest z) first.
    func ordered(_ mode: EmitterRenderMode) -> [Particle] {
        let indexed = items.enumerated()
        switch mode {
        case .unordered, .additive:
            return indexed.sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element.particle)
        case .oldestFirst:
            return indexed.sorted { ($0.element.birth, $0.offset) < ($1.element.birth, $1.offset) }.map(\.element.particle)
        case .oldestLast:
            return indexed.sorted { ($1.element.birth, $0.offset) < ($0.element.birth, $1.offset) }.map(\.element.particle)
        case .backToFront:
            return indexed.sorted { ($0.element.particle.z, $0.offset) < ($1.element.particle.z, $1.offset) }.map(\.element.particle)
        }
    }
}

extension Animation {
    /// Where the animation's value can change, in the layer's time: its
    /// active interval (a group's bounds its animations). Before it the
    /// value is the backwards fill or the model value, after it the forwards
    /// fill or the model value; a removal by a later transaction is a step
    /// at `removedAt`, also inside.
    var changingInterval: ClosedRange<Double> {
        let start = timing.beginTime, end = timing.endTime
        var lo = start.isFinite ? start : -Double.infinity
        var hi = end.isNaN ? Double.infinity : max(end, lo)
        if let removed = lifetime.removedAt, removed.isFinite {
            lo = min(lo, removed); hi = max(hi, removed)
        }
        return lo...hi
    }
}
