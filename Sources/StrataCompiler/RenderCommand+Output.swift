import StrataAudio
import StrataEncode
import StrataModel

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
        if let first = scene.audio.first {
            if let audioCodec = container.spec.audio {
                settings.audio = AudioSettings(codec: audioCodec)
                let length = scene.canvas.frameRate.sample(ofFrame: scene.frameCount, samplesPerSecond: SoundtrackFormat.sampleRate)
                soundtrack = try Soundtrack(tracks: scene.audio, length: length)
            } else {
                warn(Diagnostic(first.location, "\(container.displayName) has no audio: the scene's audio tracks are left out; use .mp4, .mov or .webm for sound", severity: .warning))
            }
        }
        do {
            try settings.validate()
        } catch let error as EncodeError {
            throw CompileError(error.message)
        }
        return PreparedOutput(settings: settings, soundtrack: soundtrack)
    }

    /// `--crf` that the codec ignores, and lossless H.264 that players refuse.
    private func warnAboutQuality(_ codec: VideoCodec, warn: (Diagnostic) -> Void) {
        guard let crf = video.crf else { return }
        let at = SourceLocation.commandLine()
        if codec.spec.crf == nil {
            warn(Diagnostic(at, "--crf does not apply to \(codec.spec.title) and is ignored", severity: .warning))
        } else if crf == 0, codec == .h264 {
            warn(Diagnostic(at, "--crf 0 makes lossless H.264 in the High 4:4:4 Predictive profile, which many players (QuickTime, Safari, phones, most editors) refuse to open; use --crf 1 or more for a file that plays everywhere, or .mov (ProRes) for an editing master", severity: .warning))
        }
    }
}
