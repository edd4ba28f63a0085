import Foundation

/// CASpringAnimation: a CABasicAnimation (from / to / by) whose progress is
/// a damped spring released at the start, in physical seconds.
///
/// The displacement from the target, as a fraction of the distance
/// (x(0) = 1, x → 0), obeys  m·x'' + c·x' + k·x = 0  with x'(0) = -v₀
/// (`initialVelocity` v₀ in distances per second, positive toward the target).
/// With ω₀ = √(k/m) and ζ = c / (2√(k·m)):
///
///     under-damped  ζ < 1:  x = e^(-ζω₀t) · (cos ω_d t + B sin ω_d t),
///                           ω_d = ω₀√(1-ζ²),  B = (ζω₀ - v₀) / ω_d
///     critical      ζ = 1:  x = e^(-ω₀t) · (1 + (ω₀ - v₀)·t)
///     over-damped   ζ > 1:  x = C₁e^(r₁t) + C₂e^(r₂t),  r₁,₂ = -ω₀(ζ ∓ √(ζ²-1)),
///                           C₂ = (-v₀ - r₁) / (r₂ - r₁),  C₁ = 1 - C₂
///
/// Progress = 1 - x(t): 0 at the start, 1 at rest, above 1 when it overshoots.
/// Damping above critical counts as critical unless `allowsOverdamping`
/// (the contract's rule).
public struct SpringAnimation: Sendable, Hashable {
    public var from: AnimatableValue?
    public var to: AnimatableValue?
    public var by: AnimatableValue?
    /// Kilograms-ish: any positive number (default 1).
    public var mass: Double = 1
    /// Newtons per unit-ish: positive (default 100).
    public var stiffness: Double = 100
    /// 0 or more (default 10).
    public var damping: Double = 10
    /// Distances per second toward the target (default 0).
    public var initialVelocity: Double = 0
    public var allowsOverdamping = false

    public init(from: AnimatableValue? = nil, to: AnimatableValue? = nil, by: AnimatableValue? = nil) {
        self.from = from; self.to = to; self.by = by
    }

    /// The physical constants of a spring written by its feel, as iOS 17's
    /// `CASpringAnimation(perceptualDuration:bounce:)` and SwiftUI's
    /// `Spring(duration:bounce:)` define it (mass 1, WWDC23 "Animate with
    /// springs"): the perceptual duration d is the period of the undamped
    /// spring, and bounce b sets the damping ratio ζ = 1 - b (b ≥ 0) or
    /// ζ = 1 / (1 + b) (b < 0, over-damped):
    ///
    ///     mass = 1,  stiffness = (2π / d)²,  damping = 2ζ√(stiffness·mass) = 4πζ / d
    ///
    /// Apple's example: d = 0.5 s, b = 0.3 gives stiffness 157.9, damping 17.6.
    public static func constants(perceptualDuration d: Double, bounce b: Double) -> (mass: Double, stiffness: Double, damping: Double) {
        constants(response: d, dampingRatio: b >= 0 ? 1 - b : 1 / (1 + b))
    }

    /// SwiftUI's `Spring(response:dampingRatio:)` (and
    /// `.spring(response:dampingFraction:)`): the response r is the period of
    /// the undamped spring, ζ the damping ratio; mass 1,
    /// stiffness = (2π / r)², damping = 4πζ / r.
    public static func constants(response r: Double, dampingRatio z: Double) -> (mass: Double, stiffness: Double, damping: Double) {
        let w0 = 2 * Double.pi / r
        return (1, w0 * w0, 2 * z * w0)
    }

    /// The perceptual duration (the undamped period 2π√(m/k)) and bounce
    /// (1 - ζ, or 1/ζ - 1 when over-damped) of these constants: the
    /// inverse of `constants(perceptualDuration:bounce:)`, as iOS 17's
    /// `perceptualDuration` and `bounce` read back.
    public var perceptualDuration: Double { 2 * Double.pi / naturalFrequency }
    public var bounce: Double {
        let z = damping / (2 * (stiffness * mass).squareRoot())
        return z <= 1 ? 1 - z : 1 / z - 1
    }

    /// The damping regime the spring is evaluated in.
    public enum Regime: String, Sendable { case underDamped, criticallyDamped, overDamped }

    /// ω₀ (radians per second) and ζ as evaluated (ζ capped at 1 unless over-damping is allowed).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    public var dampingRatio: Double {
        let z = damping / (2 * (stiffness * mass).squareRoot())
        return allowsOverdamping ? z : min(z, 1)
    }

    public var regime: Regime {
        let z = dampingRatio
        return z < 1 ? .underDamped : (z == 1 ? .criticallyDamped : .overDamped)
    }

    /// x(t): the remaining displacement as a fraction of the distance, t in seconds.
    public func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency, z = dampingRatio, v0 = initialVelocity
        guard w0.isFinite, w0 > 0, z.isFinite else { return 0 }
        switch regime {
        case .underDamped:
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (z * w0 - v0) / wd
            return exp(-z * w0 * t) * (cos(wd * t) + b * sin(wd * t))
        case .criticallyDamped:
            return exp(-w0 * t) * (1 + (w0 - v0) * t)
        case .overDamped:
            let root = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - root), r2 = -w0 * (z + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            return (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// The progress 1 - x(t) at `t` seconds after the start.
    public func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// Displacement threshold (a fraction of the distance) under which the
    /// spring counts as at rest: 0.1 %.
    public static let restThreshold = 1e-3

    /// Seconds until the spring is at rest: from then on |x(t)| stays below
    /// `restThreshold`. Under-damped: where the envelope √(1+B²)·e^(-ζω₀t)
    /// reaches it (closed form); otherwise the last time |x(t)| equals it
    /// (found by bisection, past the last extremum, where |x| only falls).
    /// Capped at `Limits.maxDuration` (a spring without damping never rests).
    /// Core Animation's estimate is not documented; for its documented
    /// examples (damping 5: about 2.85 s; 15: just over 1 s) this gives 2.78 s and 0.98 s.
    public var settlingDuration: Double {
        let w0 = naturalFrequency, z = dampingRatio, v0 = initialVelocity, eps = Self.restThreshold
        let cap = Limits.maxDuration
        guard w0.isFinite, w0 > 0, z.isFinite, v0.isFinite else { return 0 }
        if regime == .underDamped {
            guard z > 0 else { return cap }
            let wd = w0 * (1 - z * z).squareRoot()
            let b = (z * w0 - v0) / wd
            let amplitude = (1 + b * b).squareRoot()
            return min(max(0, log(amplitude / eps) / (z * w0)), cap)
        }
        // Not oscillating: |x| has at most one zero and one extremum after
        // it; once |x| < eps and falling, it stays below.
        var hi = 1 / w0
        while abs(displacement(at: hi)) >= eps || abs(displacement(at: hi * 1.01)) > abs(displacement(at: hi)) {
            hi *= 2
            if hi >= cap { return cap }
        }
        // The last grid time with |x| >= eps (x(0) = 1), then bisection to the crossing after it.
        let steps = 256
        var k = steps
        while k > 0 && abs(displacement(at: hi * Double(k) / Double(steps))) < eps { k -= 1 }
        var lo = hi * Double(k) / Double(steps), high = hi * Double(k + 1) / Double(steps)
        for _ in 0..<80 {
            let mid = (lo + high) / 2
            if abs(displacement(at: mid)) >= eps { lo = mid } else { high = mid }
        }
        return high
    }
}
