import StrataModel

extension Sampler {
    /// What an emitter layer's particles are made from besides its presentation values.
    typealias EmitterInputs = (model: LayerProperties, animations: [Animation], modelChanges: [ModelChange])

    /// A layer's own drawing at one time, from its presentation values:
    /// values are clamped to what they can mean (trim fractions to 0...1,
    /// widths to 0 or more), so the renderer needs no defaulting.
    /// `emitter`: an emitter layer's written values, animations and the
    /// timeline's model changes (its particles need them; `sequenceLimit`:
    /// the first transaction not committed yet).
    static func content(type: LayerType, properties p: LayerProperties, localTime: Double,
                        emitter: EmitterInputs?, sequenceLimit: Int = .max) -> RenderContent {
        guard !p.hidden else { return .none }
        switch type {
        case .shape:
            guard var s = p.shape, let path = s.path, !path.isEmpty else { return .none }
            s.strokeStart = unit(s.strokeStart)
            s.strokeEnd = unit(s.strokeEnd)
            s.lineWidth = nonNegative(s.lineWidth)
            s.miterLimit = nonNegative(s.miterLimit)
            s.lineDashPattern = s.lineDashPattern.map(nonNegative)
            if !s.lineDashPhase.isFinite { s.lineDashPhase = 0 }
            return .shape(s)
        case .text:
            guard var t = p.text, !t.string.isEmpty else { return .none }
            t.fontSize = min(nonNegative(t.fontSize), Limits.maxFontSize)
            return t.fontSize > 0 ? .text(t) : .none
        case .gradient:
            guard var g = p.gradient, !g.colors.isEmpty else { return .none }
            g.locations = g.resolvedLocations.map { $0.isFinite ? $0 : 0 }
            return .gradient(g)
        case .emitter:
            guard let e = p.emitter, !e.cells.isEmpty, let emitter else { return .none }
            let particles = EmitterSampler(model: emitter.model, animations: emitter.animations,
                                           modelChanges: emitter.modelChanges, presentation: e,
                                           sequenceLimit: sequenceLimit)
                .particles(at: localTime)
            return particles.particles.isEmpty ? .none : .particles(particles)
        case .layer, .replicator, .transform, .scroll, .lottie:
            return .none
        }
    }

    static func unit(_ v: Double) -> Double { v >= 0 ? min(v, 1) : 0 }
    static func nonNegative(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
}
