/// A scene used as a layer's content (a composition; After Effects'
/// precomp, Lottie's precomp layer): the layer plays the used scene's root.
///
///     using layer  = the used scene's root layer: its sublayers are the
///                    used scene's layers, its default bounds the used
///                    canvas, its default backgroundColor the canvas's
///     layer time   = the used scene's time: `Layer.timing` maps the
///                    superlayer's time onto it with the whole of
///                    CAMediaTiming (`duration` defaults to the used
///                    scene's, so it plays once and is then not drawn)
///     a time scope = below the layer, "scene time" (when the used scene's
///                    transactions commit) is the layer's local time, so
///                    its timeline and sound play where the layer plays it
///
/// Every layer feature applies to the whole (transform, opacity, mask,
/// shadow, filters, animations): the used layers are ordinary sublayers,
/// compiled, sampled and cached like any others.
public struct Composition: Sendable {
    /// The used scene's file as the using file names it, resolved against
    /// the using file's directory (or a name for one built in memory).
    public var source: String
    /// The used scene's canvas size in points.
    public var size: Size
    /// The used scene's canvas duration in seconds (> 0).
    public var duration: Double
    /// The used scene's `timeline:` transactions, in its own time (commit
    /// times of the used scene's clock, layer paths from the using layer).
    public var timeline: [Transaction] = []
    /// The used scene's `audio:` tracks, in its own time (`start` in the used scene's clock).
    public var audio: [AudioTrack] = []
    /// The params the used scene was built with (its defaults and the using layer's `params:`).
    public var params: [String: String] = [:]
    /// Where the use is written (the `scene:` value, a `sequence:` item): the
    /// place of the "used from" notes and of problems found later (sound).
    public var location: SourceLocation
    /// For an item of a `sequence:`: the transition from the item before it
    /// (the previous sibling), which plays over this item's first
    /// `transition.duration` seconds of its superlayer's time while both
    /// scenes play (`duration` and `timingFunction` resolved).
    public var entrance: Transition?

    public init(source: String, size: Size, duration: Double, location: SourceLocation) {
        self.source = source
        self.size = size
        self.duration = duration
        self.location = location
    }

    /// The composition of a built scene: its canvas, timeline, audio and params.
    public init(of scene: Scene, location: SourceLocation) {
        self.init(source: scene.file, size: scene.canvas.size, duration: scene.canvas.duration, location: location)
        timeline = scene.timeline
        audio = scene.audio
        params = scene.params
    }

    /// Seconds of the sequence's time its entrance transition lasts (0 without one).
    public var entranceDuration: Double { entrance.map { $0.duration ?? Transaction.defaultDuration } ?? 0 }
}

extension Layer {
    /// A layer that shows `scene`, the model-level form of `scene:` (the
    /// entry point of importers that build the used scene in memory, such
    /// as a Lottie precomp): the scene's layers as sublayers, its canvas as
    /// bounds (origin 0, position 0 as CALayer's default: set `position` or
    /// `frame`), its background as backgroundColor, one play of its
    /// duration as the layer's time, and its timeline and audio in
    /// `composition`. The scene's root layer gives only its sublayers. The
    /// scene's images and media must be in the using scene too
    /// (`Scene.addResources(of:)`), under keys that do not collide.
    public init(showing scene: Scene, name: String? = nil, location: SourceLocation) {
        self.init(name: name, location: location)
        properties.bounds = Rect(0, 0, scene.canvas.size.width, scene.canvas.size.height)
        properties.backgroundColor = scene.canvas.background
        sublayers = scene.root.sublayers
        timing.duration = scene.canvas.duration
        composition = Composition(of: scene, location: location)
    }
}

extension Scene {
    /// Adds a used scene's decoded images, media and input files (the
    /// resources its layers' `contents` keys name) to this scene; keys
    /// already here stay (equal keys must mean the same content).
    public mutating func addResources(of used: Scene) {
        images.merge(used.images) { mine, _ in mine }
        media.merge(used.media) { mine, _ in mine }
        readFiles += used.inputFiles.filter { !readFiles.contains($0) }
    }

    /// The files the scene read, itself first, then (first read first, each
    /// once) its assets, `contents` and `audio:` files and every used
    /// scene's file with the files it reads: preview and watch reload when
    /// one changes, a chunked render's digest covers their bytes.
    public var inputFiles: [String] {
        var seen = Set<String>()
        return ([file] + readFiles).filter { seen.insert($0).inserted }
    }

    /// The files of the scenes the scene uses, at any depth, each once, in tree order.
    public var usedSceneFiles: [String] {
        var files: [String] = []
        func visit(_ layer: Layer) {
            if let c = layer.composition, !files.contains(c.source) { files.append(c.source) }
            layer.sublayers.forEach(visit)
            layer.mask.forEach(visit)
        }
        visit(root)
        return files
    }

    /// Whether any layer uses a scene (at any depth).
    public var usesScenes: Bool { root.usesScenes }

    /// Where the scene first asks for sound: its first `audio:` track, the
    /// first clip with `audio: true`, or the first use of a scene with sound.
    public var soundLocation: SourceLocation? {
        audio.first?.location
            ?? media.values.compactMap(\.audio?.location).min { ($0.line, $0.column) < ($1.line, $1.column) }
            ?? root.firstUseWithAudio
    }

    /// The scene without sound: no tracks, clips shown silent, used scenes' tracks left out.
    public mutating func removeSound() {
        audio = []
        for key in media.keys { media[key]?.audio = nil }
        root.removeUsedAudio()
    }
}

extension Layer {
    /// Whether this layer or one below it (masks included) shows a used scene.
    public var usesScenes: Bool {
        composition != nil || sublayers.contains(where: \.usesScenes) || mask.contains(where: \.usesScenes)
    }

    /// Where the first used scene with `audio:` tracks at or below this layer is used.
    var firstUseWithAudio: SourceLocation? {
        if let c = composition, !c.audio.isEmpty { return c.location }
        return sublayers.lazy.compactMap(\.firstUseWithAudio).first ?? mask.lazy.compactMap(\.firstUseWithAudio).first
    }

    mutating func removeUsedAudio() {
        composition?.audio = []
        for i in sublayers.indices { sublayers[i].removeUsedAudio() }
        for i in mask.indices { mask[i].removeUsedAudio() }
    }

    /// Whether a used scene at or below this layer has `audio:` tracks.
    public var hasUsedAudio: Bool {
        !(composition?.audio.isEmpty ?? true) || sublayers.contains(where: \.hasUsedAudio)
            || mask.contains(where: \.hasUsedAudio)
    }
}
