import StrataAudio
import StrataEncode
import StrataModel
import StrataTimeline

/// A video output checked and ready before the first frame renders: its
/// encoder settings and the decoded soundtrack.
struct PreparedOutput {
    var settings: VideoSettings
    /// Nil when the scene has no audio or the format takes none.
    var soundtrack: Soundtrack?
}

extension RenderCommand {
    /// For a video target: the settings (codec from `--codec` or the
    /// container's default; alpha when the canvas is transparent and the
    /// codec has it), every problem as an error and every lossy choice as a
    /// warning, and the soundtrack decoded, all before anything is written.
    func prepareOutput(_ scene: Scene, target: Target, frames: [Int], overrides: SceneOverrides,
                       warn: (Diagnostic) -> Void) throws -> PreparedOutput? {
        guard case .video(_, let container) = target else {
            if let codec {
                throw CompileError("--codec \(codec.rawValue) applies to video outputs (\(VideoContainer.allCases.map(\.displayName).joined(separator: ", ")))")
            }
            return nil
        }
        let codec = self.codec ?? container.spec.defaultCodec
        guard container.spec.codecs.contains(codec) else {
            throw CompileError("\(container.displayName) cannot hold \(codec.spec.title); \(container.displayName) takes --codec "
                               + container.spec.codecs.map(\.rawValue).joined(separator: ", "))
        }
        let canvasAt = scene.canvas.location ?? .commandLine()
        if scene.canvas.isTransparent && !codec.supportsAlpha {
            warn(Diagnostic(canvasAt, "the canvas is transparent (no opaque canvas.background), but \(container.displayName) with \(codec.spec.title) has no alpha: frames are composited over black; keep alpha with .mov (ProRes 4444), .webm (VP9), .gif, .apng, .webp or a PNG sequence, or give canvas.background an opaque colour", severity: .warning))
        }
        warnAboutQuality(codec, warn: warn)
        let rate = scene.canvas.frameRate
        if container == .gif, rate.framesPerSecond > 50, rate.framesPerSecond <= 100 {
            warn(Diagnostic(canvasAt, "GIF delays are in 1/100 s and browsers play delays under 2/100 s at 1/10 s: at \(rate) fps the animation will crawl; use --fps 50 or less (50, 25 or 20 keep every delay the same)", severity: .warning))
        }
        var settings = VideoSettings(container: container, codec: codec, width: scene.canvas.pixelWidth,
                                     height: scene.canvas.pixelHeight, frameRate: scene.canvas.frameRate,
                                     alpha: scene.canvas.isTransparent && codec.supportsAlpha, options: video)
        if let problem = VideoSettings.sizeProblem(width: settings.width, height: settings.height, codec: codec) {
            throw scene.sizeProblem(problem, overrides: overrides)
        }
        var soundtrack: Soundtrack?
        // A clip with `audio: true` asks for sound even where it is silent
        // (so that every chunk of a scene has the same streams).
        if let first = scene.soundLocation {
            if let audioCodec = container.spec.audio {
                settings.audio = AudioSettings(codec: audioCodec)
                let length = scene.canvas.frameRate.sample(ofFrame: scene.frameCount, samplesPerSecond: SoundtrackFormat.sampleRate)
                soundtrack = try Self.soundtrack(scene, length: length)
            } else {
                warn(Diagnostic(first, "\(container.displayName) has no audio: the scene's audio tracks and clip sounds are left out; use .mp4, .mov or .webm for sound", severity: .warning))
            }
        }
        do {
            try settings.validate()
        } catch let error as EncodeError {
            throw CompileError(error.message)
        }
        return PreparedOutput(settings: settings, soundtrack: soundtrack)
    }

    /// Where the layers' clip sounds (`audio: true`) are heard, from the
    /// laid-out scene with its timeline compiled; a rate outside what sound
    /// plays at is an error at the clip's `audio:`.
    static func clipSounds(_ scene: Scene) throws(Diagnostic) -> [ClipSound] {
        guard scene.hasSound else { return [] }
        return try ClipSoundPlanner.sounds(in: scene)
    }

    /// The scene's soundtrack of `length` samples: its tracks, its clips'
    /// sounds and its used scenes' tracks (compiled once for both).
    static func soundtrack(_ scene: Scene, length: Int) throws -> Soundtrack {
        guard scene.hasSound else { return try Soundtrack(tracks: scene.audio, length: length) }
        let layers = CompiledLayers(scene)
        return try Soundtrack(tracks: scene.audio, clips: try ClipSoundPlanner.sounds(in: scene, layers: layers),
                              used: try UsedSoundPlanner.sounds(in: scene, layers: layers), length: length)
    }

    /// `--crf` or `--keyint` that the codec ignores, and lossless H.264 that players refuse.
    private func warnAboutQuality(_ codec: VideoCodec, warn: (Diagnostic) -> Void) {
        let at = SourceLocation.commandLine()
        if video.keyframeInterval != nil, !codec.hasInterFrames {
            warn(Diagnostic(at, "--keyint does not apply to \(codec.spec.title), which has no inter frames, and is ignored", severity: .warning))
        }
        guard let crf = video.crf else { return }
        if codec.spec.crf == nil {
            warn(Diagnostic(at, "--crf does not apply to \(codec.spec.title) and is ignored", severity: .warning))
        } else if crf == 0, codec == .h264 {
            warn(Diagnostic(at, "--crf 0 makes lossless H.264 in the High 4:4:4 Predictive profile, which many players (QuickTime, Safari, phones, most editors) refuse to open; use --crf 1 or more for a file that plays everywhere, or .mov (ProRes) for an editing master", severity: .warning))
        }
    }
}
