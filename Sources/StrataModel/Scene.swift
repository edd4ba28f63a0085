/// A parsed, validated scene: everything later stages need, nothing of YAML.
public struct Scene: Sendable {
    /// The scene file as given (used in diagnostics and golden paths).
    public var file: String
    public var canvas: Canvas
    /// Asset name -> path resolved against the scene file's directory.
    public var assets: [String: String] = [:]
    /// Params after `--set` overrides.
    public var params: [String: String] = [:]
    /// The root layer (bounds = canvas, background = canvas.background), with the scene's layers as sublayers.
    public var root: Layer
    public var golden: GoldenPolicy?
    /// Decoded `contents` images by asset key (premultiplied BGRA).
    public var images: [String: Pixmap] = [:]
    /// Media `contents` (video, SVG, Lottie) by contents key: their pixels
    /// are made when drawn (see `MediaSource`).
    public var media: [String: MediaContents] = [:]
    /// `timeline:` transactions, sorted by commit time (file order at equal
    /// times). `TimelineCompiler` turns them into model changes, animations
    /// and transitions on the layers before any frame is sampled.
    public var timeline: [Transaction] = []
    /// `audio:` tracks, mixed into the soundtrack of outputs that take audio.
    public var audio: [AudioTrack] = []
    /// The files the scene read besides itself (assets, `contents` and
    /// `audio:` files, used scenes and what they read), first read first;
    /// `inputFiles` lists them with the scene file.
    public var readFiles: [String] = []

    public init(file: String, canvas: Canvas, root: Layer) {
        self.file = file
        self.canvas = canvas
        self.root = root
    }

    /// Whether outputs with audio get a soundtrack: `audio:` tracks, or a
    /// clip shown with `audio: true` (even where it is silent, so that every
    /// chunk of a render has the same streams).
    /// A used scene's `audio:` counts too.
    public var hasSound: Bool { !audio.isEmpty || media.values.contains { $0.audio != nil } || root.hasUsedAudio }

    /// Number of frames: `round(duration * fps)`.
    public var frameCount: Int { canvas.frameRate.frame(nearest: canvas.duration) }
    /// Frame i is sampled at exactly `i * den / num` seconds (`FrameRate`).
    public func time(ofFrame i: Int) -> Double { canvas.frameRate.time(ofFrame: i) }
}

/// The output surface.
public struct Canvas: Sendable {
    /// Root layer size in points.
    public var size: Size
    /// Pixels per point.
    public var scale: Double = 1
    /// Frames per second, exact (30000/1001 for 29.97).
    public var frameRate = FrameRate(30)!
    /// `frameRate` in frames per second.
    public var fps: Double { frameRate.framesPerSecond }
    /// Seconds.
    public var duration: Double = 1
    public var background: Color?
    /// Where `canvas:` is in the scene file (for warnings about the output).
    public var location: SourceLocation?
    /// Whether the canvas background lets what is behind show: no
    /// background, or one with alpha < 1. Such frames have alpha.
    public var isTransparent: Bool { (background?.alpha ?? 0) < 1 }
    /// Named alternative sizes in points, in file order.
    public var variants: [(name: String, size: Size)] = []
    /// Where the settings are written, for diagnostics about them.
    public var locations = CanvasLocations()

    public init(size: Size) { self.size = size }

    /// Output size in whole pixels.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }
}

/// Where a scene's canvas settings are written (nil: not written, a default).
public struct CanvasLocations: Sendable {
    /// The `size` value.
    public var size: SourceLocation?
    public var scale: SourceLocation?
    public var duration: SourceLocation?
    /// Each `variants` entry's size, by variant name.
    public var variants: [String: SourceLocation] = [:]
    public init() {}
}

/// The `golden:` section.
public struct GoldenPolicy: Sendable {
    public var frames: [GoldenFrame] = []
    public var tolerance: Tolerance?
    public var location: SourceLocation
    public init(location: SourceLocation) { self.location = location }
    /// `golden.variants`: the canvas variants checked besides the authored
    /// size (goldens under `golden/<scene>@<variant>/`); nil means every variant.
    public var variants: [(name: String, location: SourceLocation)]? = nil

    /// The names of the variants `strata check` renders, given the canvas's variants.
    public func checkedVariants(of canvas: Canvas) -> [String] {
        variants.map { $0.map(\.name) } ?? canvas.variants.map(\.name)
    }
}

/// One frame named in `golden.frames`.
public struct GoldenFrame: Sendable, Hashable {
    public enum Ref: Sendable, Hashable { case frame(Int), time(Double) }
    public var ref: Ref
    /// A per-frame override of the scene's tolerance.
    public var tolerance: Tolerance?
    public var location: SourceLocation
    public init(_ ref: Ref, tolerance: Tolerance? = nil, location: SourceLocation) {
        self.ref = ref; self.tolerance = tolerance; self.location = location
    }

    /// The frame index at `fps`.
    public func index(fps: Double) -> Int {
        switch ref {
        case .frame(let i): return i
        case .time(let t): return Int((t * fps).rounded())
        }
    }
}

/// How different a frame may be from its golden and still match.
/// The default (channel 2, pixels 0.001, no PSNR floor, no anti-aliasing
/// allowance) is the one documented in docs/golden-testing.md.
public struct Tolerance: Sendable, Hashable {
    /// Largest per-channel difference (in `channelRange`) that counts as equal.
    public var channel: Int = 2
    /// Per-channel differences a tolerance may allow: 8-bit channels.
    public static let channelRange = 0...255
    /// Fraction (0...1) of pixels allowed to differ by more than `channel`.
    public var pixels: Double = 0.001
    /// Count of pixels allowed to differ; when set, used instead of `pixels`.
    public var pixelCount: Int? = nil
    /// Minimum PSNR in dB over the whole frame; nil to skip.
    public var psnr: Double? = nil
    /// Ignore differing pixels that lie on anti-aliased edges in either image (as pixelmatch does).
    public var antialiasing: Bool = false
    public init() {}
    public static let `default` = Tolerance()
}
