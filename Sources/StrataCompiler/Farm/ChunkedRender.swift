import Foundation
import StrataEncode
import StrataModel
import StrataParse

/// A render cut into chunks: what `strata plan` prints, and what each
/// `strata render --chunk` works out again on its own machine from the same
/// scene and options (the same cuts, the same digest), so that no chunk
/// needs the manifest to run.
struct ChunkedRender {
    /// The render's settings: scene, `--set`, size and encoder options, `--frames`.
    let command: RenderCommand
    let format: ChunkFormat
    let split: ChunkSplit
    /// Loaded, laid out at the rendered size and compiled (`CompiledScene.load`).
    let compiled: CompiledScene
    /// The scene as laid out.
    var scene: Scene { compiled.laidOut }
    /// The frames rendered: the whole scene, or `--frames`.
    let frames: ClosedRange<Int>
    /// Each chunk's frames, in order.
    let ranges: [ClosedRange<Int>]
    let identity: RenderIdentity
    /// The segments' encoding (they carry no sound); nil for PNG chunks.
    let video: VideoSettings?
    /// The soundtrack's encoding, laid once over the whole by `concat`; nil: no sound.
    let audio: AudioSettings?

    /// Loads and checks everything a chunk or the plan needs before anything is written.
    init(command: RenderCommand, format: ChunkFormat, split: ChunkSplit, console: any Console) throws {
        guard command.time == nil, command.contactSheet == nil, !command.allVariants else {
            throw CompileError("a chunked render is a video or a PNG sequence: --time, --contact-sheet, --every and --all-variants do not apply")
        }
        self.command = command; self.format = format; self.split = split
        compiled = try CompiledScene.load(file: command.scenePath, options: command.load, overrides: command.overrides,
                                          warn: { console.report([$0]) })
        let scene = compiled.laidOut
        let target: RenderCommand.Target = format.container.map { .video("", $0) } ?? .pngSequence("")
        let (_, indices) = try command.frameTimes(scene, target: target)
        guard let first = indices.first, let last = indices.last else {
            throw CompileError("'\(command.scenePath)' has no frames to render")
        }
        // The segments carry no sound: concat encodes the soundtrack once over
        // the whole, so no chunk decodes it and no join has a priming gap.
        var silent = scene
        silent.removeSound()
        let prepared = try command.prepareOutput(silent, target: target, frames: indices, overrides: command.overrides,
                                                 warn: { console.report([$0]) })
        // The CRF the encoder uses, also when it is the codec's default: `--crf 20` and none are one render.
        video = prepared.map { var settings = $0.settings; settings.options.crf = settings.options.crf(for: settings.codec); return settings }
        audio = scene.hasSound ? format.container?.spec.audio.map { AudioSettings(codec: $0) } : nil
        frames = first...last
        ranges = try split.ranges(of: frames)
        identity = try RenderIdentity.of(sceneFile: command.scenePath, scene: scene, load: command.load,
                                         overrides: command.overrides, format: format, video: video, audio: audio)
    }

    func segmentName(_ index: Int) -> String { format.segmentName(index: index, chunks: ranges.count) }

    func tag(_ index: Int) -> SegmentTag {
        SegmentTag(strata: StrataVersion.current, digest: identity.digest, facts: identity.facts, chunk: index,
                   chunks: ranges.count, frames: RenderManifest.FrameSpan(ranges[index]))
    }

    var settings: PlannedSettings { PlannedSettings(command, format: format) }

    var manifest: RenderManifest {
        RenderManifest(
            manifestVersion: RenderManifest.currentVersion, strata: StrataVersion.current, scene: command.scenePath,
            settings: settings, renderArguments: settings.arguments(format: format, split: split),
            digest: identity.digest, facts: identity.facts, format: format,
            fps: scene.canvas.fps, frameRate: scene.canvas.frameRate,
            width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight,
            frames: RenderManifest.FrameSpan(frames), video: video, audio: audio, split: split,
            chunks: ranges.indices.map { RenderManifest.Chunk(index: $0, frames: RenderManifest.FrameSpan(ranges[$0]),
                                                              output: segmentName($0)) })
    }
}
