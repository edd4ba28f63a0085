import StrataModel

/// Where a used scene's `audio:` tracks are heard: where, and as fast as,
/// the using layer plays the used scene.
///
///     scene time ──(TimeChain: the layers above, the composition's folds)──▶ used scene time
///     used scene time - track.start ──▶ track time (the soundtrack loops or ends it)
///
/// A track plays from its `start` in the used scene's time over every
/// stretch where that time runs forwards (each repeat of the composition
/// starts it again); it is silent where the used scene's time runs
/// backwards (autoreverse) or holds (fills, speed 0), as a clip's sound is
/// (`ClipSoundPlanner`).
public enum UsedSoundPlanner {
    /// Every used scene's tracks, in tree order, at any depth.
    public static func sounds(in scene: Scene, layers: CompiledLayers) throws(Diagnostic) -> [UsedSound] {
        guard scene.root.hasUsedAudio else { return [] }
        var sounds: [UsedSound] = []
        try walk(0, of: layers, parentChain: .scene(end: scene.canvas.duration), into: &sounds)
        return sounds
    }

    private static func walk(_ index: Int, of layers: CompiledLayers, parentChain: TimeChain,
                             into sounds: inout [UsedSound]) throws(Diagnostic) {
        let layer = layers.layers[index]
        let chain = parentChain.then(layer.timing)
        if chain.pieces.count >= TimeChain.maxPieces, !layer.usedAudio.isEmpty {
            throw Diagnostic(layer.location, "the scene used by layer '\(layer.path)' plays more than \(TimeChain.maxPieces) times with sound; repeat it less")
        }
        for track in layer.usedAudio {
            let segments = self.segments(of: track, chain: chain)
            if let rate = segments.map(\.rate).first(where: { !ClipSoundPlanner.rateRange.contains($0) }) {
                throw Diagnostic(track.location, "the used scene's track plays at \(JSON.format(rate))x on layer '\(layer.path)' (as fast as the layer plays the scene); sound plays at 1/32x to 32x")
            }
            if !segments.isEmpty {
                sounds.append(UsedSound(track: track, layerPath: layer.path, use: layer.location, segments: segments))
            }
        }
        for sub in layer.sublayers + (layer.mask.map { [$0] } ?? []) {
            try walk(sub, of: layers, parentChain: chain, into: &sounds)
        }
    }

    /// The spans of scene time where the track plays: each forward piece of
    /// the used scene's time from the track's start on.
    static func segments(of track: AudioTrack, chain: TimeChain) -> [ClipSoundSegment] {
        var out: [ClipSoundSegment] = []
        for piece in chain.pieces where piece.timing.speed > 0 {
            let t = piece.timing
            let localFrom = t.localTime(piece.from), localTo = t.localTime(piece.to)
            let a = max(localFrom, track.start)
            guard a < localTo, let sceneStart = t.parentTime(forLocalTime: a) else { continue }
            out.append(ClipSoundSegment(sceneStart: max(piece.from, sceneStart), sceneEnd: piece.to,
                                        mediaStart: a - track.start, rate: t.speed))
        }
        return out
    }
}
