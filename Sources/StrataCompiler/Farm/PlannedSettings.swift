import StrataEncode
import StrataModel
import StrataParse

/// The render settings a plan was made with, as the manifest records them:
/// every chunk must be rendered with these, and `concat` loads the scene
/// with them again (for its soundtrack, and to see that nothing changed).
public struct PlannedSettings: Sendable, Equatable, Codable {
    public struct Param: Sendable, Equatable, Codable {
        public var name: String
        public var value: String
    }

    /// `--set`, in command-line order (a later one wins).
    public var set: [Param]
    public var variant: String?
    /// `--size` in points: width, height.
    public var size: [Double]?
    public var fps: FrameRate?
    public var scale: Double?
    /// `--frames`: first and last.
    public var frames: [Int]?
    /// Encoder options of video formats; nil: the defaults.
    public var codec: VideoCodec?
    public var crf: Double?
    public var preset: String?
    public var threads: Int?
    /// `--keyint`: at most this many frames between key frames.
    public var keyint: Int?

    init(_ command: RenderCommand, format: ChunkFormat) {
        set = command.load.paramOverrides.map { Param(name: $0.name, value: $0.value) }
        variant = command.overrides.variant
        size = command.overrides.size.map { [$0.width, $0.height] }
        fps = command.overrides.frameRate
        scale = command.overrides.scale
        frames = command.frames.map { [$0.lowerBound, $0.upperBound] }
        if format.container != nil {
            codec = command.codec
            crf = command.video.crf; preset = command.video.preset; threads = command.video.threads
            keyint = command.video.keyframeInterval
        }
    }

    /// A render command with these settings (no output, no chunk).
    func command(scene: String) throws(CompileError) -> RenderCommand {
        var command = RenderCommand(scenePath: scene, output: "")
        command.load = SceneLoadOptions(paramOverrides: set.map { ($0.name, $0.value) })
        command.overrides.variant = variant
        if let size {
            guard size.count == 2 else { throw CompileError("the manifest's settings.size is not [width, height]") }
            command.overrides.size = Size(size[0], size[1])
        }
        command.overrides.frameRate = fps
        command.overrides.scale = scale
        if let frames {
            guard frames.count == 2, frames[0] >= 0, frames[1] >= frames[0] else {
                throw CompileError("the manifest's settings.frames is not [first, last]")
            }
            command.frames = frames[0]...frames[1]
        }
        command.codec = codec
        command.video.crf = crf
        if let preset { command.video.preset = preset }
        if let threads { command.video.threads = threads }
        command.video.keyframeInterval = keyint
        return command
    }

    /// The options after `strata render SCENE` that give a chunk these
    /// settings; it adds `--chunk I/N -o DIR/` (`--chunk I` with `--chunk-frames`).
    func arguments(format: ChunkFormat, split: ChunkSplit) -> [String] {
        var args: [String] = []
        for param in set { args += ["--set", param.name + "=" + param.value] }
        if let variant { args += ["--variant", variant] }
        if let size { args += ["--size", size.map(JSON.format).joined(separator: "x")] }
        if let fps { args += ["--fps", fps.description] }
        if let scale { args += ["--scale", JSON.format(scale)] }
        if let frames { args += ["--frames", frames.map(String.init).joined(separator: "-")] }
        args += ["--format", format.rawValue]
        if let codec { args += ["--codec", codec.rawValue] }
        if let crf { args += ["--crf", JSON.format(crf)] }
        if let preset { args += ["--preset", preset] }
        if let threads { args += ["--threads", String(threads)] }
        if let keyint { args += ["--keyint", String(keyint)] }
        if case .framesPerChunk(let k) = split { args += ["--chunk-frames", String(k)] }
        return args
    }
}
