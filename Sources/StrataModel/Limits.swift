/// Limits that keep bad input from becoming a hang or an out-of-memory:
/// every stage reads its bounds here, so one number is written once.
public enum Limits {
    // MARK: Output

    /// Pixels per side of the output, of a rasterized or 3D plane, and of a video.
    public static let maxPixelsPerSide = 16_384
    /// Pixels of the output in all.
    public static let maxPixels = 8192 * 8192
    /// Pixels per point of the canvas (`canvas.scale`, `--scale`).
    public static let maxScale = 8.0
    /// Frames per second.
    public static let maxFPS = 240.0
    /// Seconds of scene.
    public static let maxDuration = 3600.0
    /// The last frame number of the longest scene at the highest rate: the
    /// command line's `--frame` and `--frames` take no larger number.
    public static var maxFrames: Int { Int(maxDuration * maxFPS) }
    /// `audio:` tracks (each decodes up to the scene's length, 384 KB a second).
    public static let maxAudioTracks = 16

    // MARK: Memory while drawing

    /// Bytes the frames being drawn may hold at once (each frame, the
    /// backing stores it makes and its offscreen buffers, counted before
    /// they are allocated: `FrameMemory`):
    /// 4 GiB unless `--memory-limit` says otherwise. A frame larger than it
    /// is an error; render threads wait while the others hold too much.
    public static let frameMemory = 4 << 30
    /// What `--memory-limit` may be set to.
    public static let frameMemoryRange = (64 << 20)...(1 << 40)
    /// Layers drawn in their own planes and depth-sorted together in one
    /// 3D context (a transform layer's sublayers, a preservesDepth
    /// replicator's copies): sorting them grows faster than their number
    /// (and the direct renderer draws each into a bitmap of up to twice the canvas).
    public static let maxDepthPlanes = 1024

    // MARK: Numbers and names in the scene

    /// Magnitude of every number a scene writes (lengths, coordinates,
    /// factors, rates): far past anything a frame shows (a 16,384-pixel
    /// canvas), and small enough that products of two of them stay exact
    /// integers in a Double and far inside an Int.
    public static let maxMagnitude = 10_000_000.0
    /// Combining marks (Unicode non-starters) in a row in a text layer's
    /// string: Unicode's Stream-Safe Text Format (UAX #15) allows 30; a
    /// longer run is no real text, and shaping it costs time quadratic in its length.
    public static let maxCombiningMarks = 30
    /// Characters of a misspelt name that gets a "did you mean" suggestion:
    /// no name of the format or the command line is longer, and the edit
    /// distance costs the product of the two lengths.
    public static let maxSuggestedLength = 64
    /// Edit-distance table cells one list of names spends on suggestions
    /// (each candidate costs the product of the two lengths): a scene with
    /// thousands of unknown names against thousands of params gets
    /// suggestions for the first ones, and validates in well under a second.
    public static let maxSuggestionWork = 10_000_000

    // MARK: The layer tree

    /// Depth of the layer tree.
    public static let maxLayerDepth = 64
    /// YAML nodes produced by alias expansion.
    public static let maxAliasExpansion = 100_000
    /// Layers in a scene after alias expansion.
    public static let maxLayers = 20_000
    /// Image pixels per point of `contents` (a layer's and an emitter cell's).
    public static let maxContentsScale = 64.0
    /// Points: a filter's blur radius (its margin grows the layer's buffer).
    public static let maxFilterRadius = 1000.0
    /// Pixels per point of a rasterized layer's bitmap (`rasterizationScale`).
    public static let maxRasterizationScale = 16.0

    // MARK: Layer types

    /// `instanceCount` of one replicator.
    public static let maxInstanceCount = 10_000
    /// Layers drawn after replicator expansion (nested replicators multiply).
    public static let maxReplicatedLayers = 100_000
    /// Particles an emitter may have alive at once: the sum over its cells of
    /// birthRate x (lifetime + lifetimeRange), with the layer's multipliers;
    /// the copies of emitters a replicator makes count together.
    public static let maxParticles = 50_000
    /// Emitter cells nest (a cell's `emitterCells`) at most this deep below the emitter.
    public static let maxCellDepth = 8
    /// Pixels of the shown part of an emitter cell's image: each particle may copy it (tinting).
    public static let maxParticleImagePixels = 4096 * 4096
    /// Bytes of one scene file (or of a scene on standard input, or of a used
    /// scene): far above any scene the other limits allow (20,000 layers of a
    /// few hundred bytes each), low enough that every value in it is read in
    /// seconds and its text held in memory a few times over.
    public static let maxSceneBytes = 32 << 20
    /// Elements of a path (shape, shadow or motion path) after normalization (arcs become cubics).
    public static let maxPathElements = 100_000
    /// Unicode scalars of a text layer's string.
    public static let maxTextLength = 100_000
    /// Points of a text layer's fontSize (animated sizes are clamped to it).
    public static let maxFontSize = 4096.0
    /// Dashes a stroke may have; a finer pattern draws as a solid line with
    /// the pattern's average coverage.
    public static let maxDashes = 100_000

    // MARK: Animations and the timeline

    /// Keyframes (values, or points of a path) of one keyframe animation.
    public static let maxKeyframes = 10_000
    /// Nesting of animation groups.
    public static let maxGroupDepth = 16
    /// Timeline transactions in a scene, nested ones included.
    public static let maxTransactions = 10_000
    /// Property changes (`set:` entries) in a scene's timeline.
    public static let maxTimelineChanges = 100_000
}
