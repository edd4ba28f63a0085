import StrataModel

/// Where the sound of each layer's clip (`contents: {video: ..., audio:
/// true}`) is heard: exactly where and as fast as the layer plays the
/// picture.
///
///     scene time ──(layer chain: beginTime, speed, timeOffset, ancestors')──▶ layer local time
///     layer local time ──(start, trim, rate, loop: MediaPlayback)──▶ media time
///
/// Both maps are linear in pieces, so the sound is a list of segments, each
/// a span of media played at one rate. The sound plays while the layer's
/// `contents` is the clip (its model value after the timeline's commits and
/// any `contents` animation, the dissolving-out image included), whether or
/// not the layer is hidden or transparent (an AVPlayerLayer's player plays on
/// whatever the layer shows). It is silent where the picture holds a frame
/// (before `start`, after the trimmed end without `loop`), where the media
/// runs backwards (a negative `rate` or layer speed) or stands still (speed
/// 0), as AVPlayer mutes reverse and paused play. A replicator's copies are
/// silent (CAReplicatorLayer copies what a layer draws, not its player).
public enum ClipSoundPlanner {
    /// Segments of one layer's sound at most (a very short clip looping for an hour).
    public static let maxSegments = 100_000
    /// Media seconds per scene second a clip's sound plays at; outside, a
    /// located error (AVPlayer's time-pitch algorithms take 1/32x ... 32x).
    public static let rateRange = (1.0 / 32)...32.0
    /// Seconds: how close a switch of `contents` between two frames is found.
    static let switchPrecision = 1e-7

    /// Every layer's clip sound, in tree order (depth first, masks after
    /// their layer) of a laid-out scene.
    public static func sounds(in scene: Scene) throws(Diagnostic) -> [ClipSound] {
        try sounds(in: scene, layers: CompiledLayers(scene))
    }

    /// The same from the scene's compiled layers.
    public static func sounds(in scene: Scene, layers: CompiledLayers) throws(Diagnostic) -> [ClipSound] {
        let keys = Set(scene.media.compactMap { $0.value.audio != nil ? $0.key : nil })
        guard !keys.isEmpty else { return [] }
        let frameTimes = (0...scene.frameCount).map { scene.time(ofFrame: $0) }
        var sounds: [ClipSound] = []
        let start = TimeChain.scene(end: frameTimes.last!)
        try walk(0, of: layers, parentChain: start, scope: start, keys: keys, scene: scene, frameTimes: frameTimes,
                 into: &sounds)
        return sounds
    }

    /// `parentChain`: scene time to the superlayer's time; `scope`: scene
    /// time to the time scope's (the used scene's clock the layer is in).
    private static func walk(_ index: Int, of layers: CompiledLayers, parentChain: TimeChain, scope: TimeChain,
                             keys: Set<String>, scene: Scene, frameTimes: [Double],
                             into sounds: inout [ClipSound]) throws(Diagnostic) {
        let layer = layers.layers[index], path = layer.path
        let chain = parentChain.then(layer.timing)
        for key in candidates(layer, among: keys).sorted() {
            let media = scene.media[key]!
            let intervals = showingIntervals(of: key, layer: layer, chain: chain, scope: scope, frameTimes: frameTimes)
            var segments: [ClipSoundSegment] = []
            for interval in intervals {
                for piece in chain.pieces where piece.from < interval.upperBound && piece.to > interval.lowerBound {
                    let part = max(piece.from, interval.lowerBound)..<min(piece.to, interval.upperBound)
                    try segments += self.segments(of: media, over: part, chain: piece.timing, layerPath: path)
                }
                guard segments.count <= maxSegments else {
                    throw Diagnostic(media.audio!.location, "the clip's sound on layer '\(path)' restarts more than \(maxSegments) times (a very short clip looping); trim less of it or turn audio off")
                }
            }
            if !segments.isEmpty { sounds.append(ClipSound(audio: media.audio!, layerPath: path, segments: segments)) }
        }
        let inner = layer.opensScope ? chain : scope
        for sub in layer.sublayers {
            try walk(sub, of: layers, parentChain: chain, scope: inner, keys: keys, scene: scene, frameTimes: frameTimes,
                     into: &sounds)
        }
        if let mask = layer.mask {
            try walk(mask, of: layers, parentChain: chain, scope: scope, keys: keys, scene: scene, frameTimes: frameTimes,
                     into: &sounds)
        }
    }

    /// The keys among `keys` the layer can ever show: its model value, the
    /// values transactions set. A layer with a `contents` animation may show
    /// any of them.
    static func candidates(_ layer: CompiledLayer, among keys: Set<String>) -> Set<String> {
        func animatesContents(_ a: Animation) -> Bool {
            if case .group(let children) = a.kind { return children.contains(where: animatesContents) }
            return a.keyPath.property == .contents
        }
        if layer.animations.contains(where: animatesContents) { return keys }
        var shown = Set(layer.model.contents.map { [$0] } ?? [])
        for change in layer.modelChanges where change.keyPath.property == .contents {
            if case .animatable(.image(let value)) = change.value, let key = value.key { shown.insert(key) }
        }
        return shown.intersection(keys)
    }

    /// Whether the layer shows `key` at scene time `t` (its presentation
    /// `contents`, or the image dissolving out of it); `chain` is the
    /// layer's own time, `scope` its time scope's (model changes commit in it).
    static func shows(_ key: String, layer: CompiledLayer, chain: TimeChain, scope: TimeChain, at t: Double) -> Bool {
        guard let localTime = chain.localTime(t) else { return false }
        let model = layer.model(at: SampleContext(sceneTime: scope.localTime(t) ?? t))
        var p = model
        AnimationEvaluator.apply(layer.animations, layerTime: localTime, model: model, to: &p, record: false)
        return p.contents == key || (p.contentsBlend.map { $0.from == key && $0.progress < 1 } ?? false)
    }

    /// Scene-time intervals [from, to) in which the layer shows `key`,
    /// sampled at every frame time and each switch between two frames
    /// found by bisection (a transaction's commit time exactly).
    static func showingIntervals(of key: String, layer: CompiledLayer, chain: TimeChain, scope: TimeChain,
                                 frameTimes: [Double]) -> [Range<Double>] {
        let test = { (t: Double) in shows(key, layer: layer, chain: chain, scope: scope, at: t) }
        // A commit in scope time, as scene times (exact when the scope is the scene's own).
        let commits = layer.modelChanges.filter { $0.keyPath.property == .contents }.map(\.time)
            .flatMap { commit in scope.pieces.compactMap { $0.timing.parentTime(forLocalTime: commit) } }
        var intervals: [Range<Double>] = []
        var openedAt: Double? = test(frameTimes[0]) ? frameTimes[0] : nil
        var previous = openedAt != nil
        for (lo, hi) in zip(frameTimes, frameTimes.dropFirst()) {
            let now = test(hi)
            guard now != previous else { continue }
            let at = switchTime(lo, hi, before: previous, commits: commits, test: test)
            if now { openedAt = at } else if let from = openedAt, at > from { intervals.append(from..<at); openedAt = nil }
            previous = now
        }
        if let from = openedAt, let end = frameTimes.last, end > from { intervals.append(from..<end) }
        return intervals
    }

    /// The time in (lo, hi] at which `test` stops being `before`.
    private static func switchTime(_ lo: Double, _ hi: Double, before: Bool, commits: [Double],
                                   test: (Double) -> Bool) -> Double {
        // A transaction's commit is the exact moment its model value applies.
        if let commit = commits.first(where: { $0 > lo && $0 <= hi }), test(commit) != before,
           commits.filter({ $0 > lo && $0 < commit }).allSatisfy({ test($0) == before }) {
            return commit
        }
        var lo = lo, hi = hi
        while hi - lo > switchPrecision {
            let mid = (lo + hi) / 2
            if test(mid) == before { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The segments of `media`'s sound over scene seconds `interval`, for a
    /// layer whose local time is `chain` of scene time.
    static func segments(of media: MediaContents, over interval: Range<Double>, chain: LayerTiming,
                         layerPath: String) throws(Diagnostic) -> [ClipSoundSegment] {
        let playback = media.playback
        let (from, to) = playback.range(duration: media.source.frameTimes.duration)
        let length = to - from, speed = chain.speed, rate = playback.rate
        // Backwards or frozen media is silent.
        guard length > 0, speed > 0, rate > 0 else { return [] }
        let sceneRate = speed * rate
        let iteration = length / rate  // layer seconds of one play
        let localFrom = chain.localTime(interval.lowerBound), localTo = chain.localTime(interval.upperBound)
        let firstPlay = max(0, ((localFrom - playback.start) / iteration).rounded(.down))
        let lastPlay = playback.loop ? ((localTo - playback.start) / iteration).rounded(.down) : 0
        guard lastPlay >= firstPlay else { return [] }
        guard lastPlay - firstPlay < Double(maxSegments) else {
            throw Diagnostic(media.audio!.location, "the clip's sound on layer '\(layerPath)' restarts more than \(maxSegments) times (a very short clip looping); trim less of it or turn audio off")
        }
        var segments: [ClipSoundSegment] = []
        for k in stride(from: firstPlay, through: lastPlay, by: 1) {
            let playStart = playback.start + k * iteration
            let a = max(localFrom, playStart), b = min(localTo, playStart + iteration)
            guard b > a else { continue }
            let sceneStart = max(interval.lowerBound, chain.parentTime(forLocalTime: a)!)
            let sceneEnd = min(interval.upperBound, chain.parentTime(forLocalTime: b)!)
            guard sceneEnd > sceneStart else { continue }
            segments.append(ClipSoundSegment(sceneStart: sceneStart, sceneEnd: sceneEnd,
                                             mediaStart: from + (a - playStart) * rate, rate: sceneRate))
        }
        if !segments.isEmpty, !rateRange.contains(sceneRate) {
            let layerSpeed = speed == 1 ? "" : " (the layer's time runs at \(JSON.format(speed))x, the contents' rate is \(JSON.format(rate)))"
            throw Diagnostic(media.audio!.location, "the clip's sound on layer '\(layerPath)' would play at \(JSON.format(sceneRate))x\(layerSpeed); sound plays at 1/32x to 32x: change the rate or turn audio off")
        }
        return segments
    }
}
