#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel

/// One particle from its birth on, in closed form, in the emitter layer's
/// space: everything its age needs is fixed at the birth (the cell's keys
/// and the emitter's multipliers then, its random values, and for a
/// sub-cell's particle its parent's position, heading, scale and color then).
///
///     position(a) = origin + velocity a + acceleration a² / 2
///     scale(a)    = (scale + scaleSpeed a) · inheritedScale
///     angle(a)    = spin a
///     color(a)    = clamp(color + colorSpeed a) · inheritedColor     (each component)
struct ParticleMotion {
    var birth: Double
    var life: Double
    var origin: SIMD3<Double>
    var velocity: SIMD3<Double>
    var acceleration: SIMD3<Double>
    /// The emission direction (unit): the heading while the particle does not move.
    var direction: SIMD3<Double>
    var scale: Double
    var scaleSpeed: Double
    /// Radians per second.
    var spin: Double
    var color: SIMD4<Double>
    var colorSpeed: SIMD4<Double>
    /// A sub-cell's particle takes its parent's scale and color at its birth.
    var inheritedScale = 1.0
    var inheritedColor = SIMD4<Double>(1, 1, 1, 1)

    /// A new particle of `cell` with the emitter's multipliers `e`, born at
    /// `birth` at `origin` heading inside the cone around `axis` (latitude,
    /// longitude). The random values are drawn in a fixed order after the
    /// lifetime's (and the caller's origin's): direction, velocity, scale,
    /// spin, then red, green, blue, alpha, so each keeps its meaning.
    init(_ cell: EmitterCell, _ e: EmitterProperties, birth: Double, uLife: Double, origin: SIMD3<Double>,
         axis: (latitude: Double, longitude: Double), random: inout ParticleRandom) {
        let d = EmissionShape.direction(latitude: axis.latitude, longitude: axis.longitude,
                                        range: cell.emissionRange, &random)
        let uVelocity = random.symmetric(), uScale = random.symmetric(), uSpin = random.symmetric()
        let uR = random.symmetric(), uG = random.symmetric(), uB = random.symmetric(), uA = random.symmetric()
        self.birth = birth
        life = (cell.lifetime + cell.lifetimeRange * uLife) * e.lifetime
        self.origin = origin
        direction = SIMD3(d.x, d.y, d.z)
        velocity = direction * ((cell.velocity + cell.velocityRange * uVelocity) * e.velocity)
        acceleration = SIMD3(cell.xAcceleration, cell.yAcceleration, cell.zAcceleration)
        scale = (cell.scale + cell.scaleRange * uScale) * e.scale
        scaleSpeed = cell.scaleSpeed
        spin = (cell.spin + cell.spinRange * uSpin) * e.spin
        color = SIMD4(cell.color.red + cell.redRange * uR, cell.color.green + cell.greenRange * uG,
                      cell.color.blue + cell.blueRange * uB, cell.color.alpha + cell.alphaRange * uA)
        colorSpeed = SIMD4(cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed)
    }

    func position(age a: Double) -> SIMD3<Double> { origin + velocity * a + acceleration * (0.5 * a * a) }

    /// The unit direction of travel at age `a` (the emission direction while at rest).
    func heading(age a: Double) -> SIMD3<Double> {
        let v = velocity + acceleration * a
        let n = (v * v).sum().squareRoot()
        return n > 0 && n.isFinite ? v / n : direction
    }

    func scale(age a: Double) -> Double { (scale + scaleSpeed * a) * inheritedScale }

    func color(age a: Double) -> SIMD4<Double> {
        var c = color + colorSpeed * a
        for i in 0..<4 { c[i] = c[i].isFinite ? min(max(c[i], 0), 1) : 0 }
        return c * inheritedColor
    }

    /// What is drawn at local time `t`, or nil when the particle is not
    /// alive then (or invisible, or not finite).
    func particle(at t: Double, sprite: ParticleSprite) -> Particle? {
        let a = t - birth
        guard a >= 0, a < life else { return nil }
        let p = position(age: a), s = scale(age: a), angle = spin * a
        let c = color(age: a)
        guard s > 0, c.w > 0, p.x.isFinite, p.y.isFinite, s.isFinite, angle.isFinite else { return nil }
        return Particle(center: Point(p.x, p.y), z: p.z.isFinite ? p.z : 0, sprite: sprite, scale: s, angle: angle,
                        color: Color(c.x, c.y, c.z, c.w))
    }
}
