/// The random numbers of one particle: a pure function of the emitter's
/// seed, the cell's index and the particle's birth index (SplitMix64), so
/// a particle has the same values in every frame, rendered in any order.
struct ParticleRandom {
    private var state: UInt64

    init(seed: UInt32, cell: Int, particle: Int) {
        var s = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        s = Self.mix(s ^ (UInt64(truncatingIfNeeded: cell) &+ 0x632B_E59B_D9B4_E019))
        s = Self.mix(s ^ UInt64(truncatingIfNeeded: particle))
        state = s
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        return Double(Self.mix(state) >> 11) * 0x1.0p-53
    }

    /// Uniform in [-1, 1): a value's share of its `...Range`.
    mutating func symmetric() -> Double { unit() * 2 - 1 }
}
