#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel

/// Sub-cells (CAEmitterCell's `emitterCells`): "each particle emitted by
/// the cell acts as an emitter for each of the cell's sub-cells. The
/// emission point is the current particle position and the emission angle
/// is relative to the current direction of the particle" (Apple), and the
/// scale and color of the particle are inherited.
///
/// A particle emits a sub-cell while it lives, from its birth plus the
/// sub-cell's `beginTime`, for the sub-cell's `duration` (0: for its whole
/// life): births evenly spaced at the sub-cell's `birthRate` times the
/// layer's (both as they were at the particle's birth, so a particle's
/// emission is closed form), the first at that begin. A sub-particle born
/// at the particle's age a starts at its position then, aims at the
/// sub-cell's longitude and latitude added to the particle's heading then
/// (its direction of travel, or its emission direction while at rest),
/// multiplies its scale by the particle's scale then and its color by the
/// particle's color then, and takes the emitter's other multipliers at its
/// own birth. It outlives its parent (a trail stays). Random values come
/// from the parent's identity and the birth number.
extension EmitterSampler {
    func emitSubcells(of parent: ParticleMotion, _ cells: [EmitterCell], written: [EmitterCell], path: [String],
                      layerState: EmitterProperties, id: UInt64, at t: Double, into out: inout Emitted) {
        for (si, sub) in cells.enumerated() where sub.enabled {
            let subPath = path + [sub.name ?? ""]
            let sprite = si < written.count ? written[si].contents : sub.contents
            let rate = sub.birthRate * layerState.birthRate
            guard rate > 0, rate.isFinite, sprite != nil || !sub.cells.isEmpty else { continue }
            let begin = parent.birth + sub.beginTime
            let end = min(parent.birth + max(parent.life, 0), sub.duration > 0 ? begin + sub.duration : .infinity)
            let reach = chainLife(of: sub, path: subPath)
            let lo = max(begin, t - reach), hi = min(t, end)
            guard reach > 0, reach.isFinite, hi >= begin, lo <= hi else { continue }
            let slack = 1e-9
            let first = max(0, Self.whole(((lo - begin) * rate - slack).rounded(.up)))
            var last = Self.whole(((hi - begin) * rate + slack).rounded(.down))
            if hi == end { last = min(last, Self.whole(((end - begin) * rate - slack).rounded(.up)) - 1) }  // end is exclusive
            guard first <= last else { continue }
            let subID = ParticleRandom.mix(id ^ (UInt64(si) &+ 1) &* 0xD6E8_FEB8_6659_FD93)
            for k in first...min(last, first + 4 * Limits.maxParticles) {
                let birth = min(begin + Double(k) / rate, t)
                guard birth < end else { continue }
                let age = birth - parent.birth
                let state = emitterState(at: birth, animations: birthAnimations)
                var random = ParticleRandom(seed: state.seed, cell: Int(truncatingIfNeeded: subID), particle: k)
                let uLife = random.symmetric()
                let heading = parent.heading(age: age)
                let latitude = atan2(heading.z, (heading.x * heading.x + heading.y * heading.y).squareRoot())
                let longitude = atan2(heading.y, heading.x)
                var motion = ParticleMotion(sub, state, birth: birth, uLife: uLife, origin: parent.position(age: age),
                                            axis: (latitude + sub.emissionLatitude, longitude + sub.emissionLongitude),
                                            random: &random)
                motion.inheritedScale = parent.scale(age: age)
                motion.inheritedColor = parent.color(age: age)
                if let sprite, let p = motion.particle(at: t, sprite: sprite) {
                    out.append(p, birth: birth, order: out.order(of: subPath))
                }
                if !sub.cells.isEmpty {
                    emitSubcells(of: motion, sub.cells, written: si < written.count ? written[si].cells : sub.cells,
                                 path: subPath, layerState: state, id: Particle.id(cell: subID, particle: k), at: t, into: &out)
                }
                if out.isFull { return }
            }
        }
    }
}
