extension LayerKeyPath.Property {
    /// The layer type whose key this is, or nil for keys every layer has.
    public var layerType: LayerType? {
        switch self {
        case .path, .fillColor, .strokeColor, .lineWidth, .miterLimit, .lineDashPattern, .lineDashPhase,
             .strokeStart, .strokeEnd: return .shape
        case .fontSize, .foregroundColor: return .text
        case .colors, .locations, .startPoint, .endPoint: return .gradient
        case .instanceTransform, .instanceDelay, .instanceColor, .instanceRedOffset, .instanceGreenOffset,
             .instanceBlueOffset, .instanceAlphaOffset: return .replicator
        case .scrollPoint: return .scroll
        case .emitterPosition, .emitterZPosition, .emitterSize, .birthRate, .lifetime, .velocity, .scale, .spin,
             .emitterCells:
            return .emitter
        default: return nil
        }
    }
}

extension Limits {
    /// `instanceCount` of one replicator.
    public static let maxInstanceCount = 10_000
    /// Layers drawn after replicator expansion (nested replicators multiply).
    public static let maxReplicatedLayers = 100_000
    /// Particles an emitter may have alive at once: the sum over its cells of
    /// birthRate x (lifetime + lifetimeRange), with the layer's multipliers;
    /// the copies of emitters a replicator makes count together.
    public static let maxParticles = 50_000
    /// Elements of a shape path after normalization (arcs become cubics).
    public static let maxPathElements = 100_000
    /// Unicode scalars of a text layer's string.
    public static let maxTextLength = 100_000
    /// Points of a text layer's fontSize (animated sizes are clamped to it).
    public static let maxFontSize = 4096.0
    /// Dashes a stroke may have; a finer pattern draws as a solid line with
    /// the pattern's average coverage.
    public static let maxDashes = 100_000
}
