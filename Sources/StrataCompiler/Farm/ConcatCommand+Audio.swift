import StrataAudio
import StrataEncode
import StrataModel
import StrataParse

extension ConcatCommand {
    /// The scene's soundtrack over the manifest's frames, mixed again from the
    /// scene (loaded with the plan's settings) and encoded once by the join;
    /// nil when the render has no sound. The scene and its files must be what
    /// the chunks were rendered from (the digest says so), or the error names
    /// what changed.
    func soundtrack(_ manifest: RenderManifest, _ console: any Console) throws -> SegmentJoiner.Soundtrack? {
        guard let audio = manifest.audio else { return nil }
        let command = try manifest.settings.command(scene: manifest.scene)
        let plan: ChunkedRender
        do {
            plan = try ChunkedRender(command: command, format: manifest.format, split: manifest.split, console: console)
        } catch let error as DiagnosticList {
            throw CompileError("the sound is mixed from the scene at the join, but '\(manifest.scene)' does not load as planned (run concat where plan ran):\n"
                               + error.items.map(\.description).joined(separator: "\n"))
        }
        guard plan.identity.digest == manifest.digest else {
            let differences = plan.identity.differences(from: RenderIdentity(facts: manifest.facts), labels: ("scene now", "manifest"))
            throw CompileError("the sound is mixed from the scene at the join, but '\(manifest.scene)' changed since the plan: differs in "
                               + differences.joined(separator: ", "))
        }
        let scene = plan.scene, rate = scene.canvas.frameRate, first = manifest.frames.first
        let length = rate.sample(ofFrame: scene.frameCount, samplesPerSecond: SoundtrackFormat.sampleRate)
        let mix = try RenderCommand.soundtrack(scene, length: length)
        let base = rate.sample(ofFrame: first, samplesPerSecond: mix.sampleRate)
        return SegmentJoiner.Soundtrack(
            settings: audio,
            samples: { range in mix.samples((range.lowerBound + base)..<(range.upperBound + base)) },
            end: { frame in rate.sample(ofFrame: first + frame, samplesPerSecond: mix.sampleRate) - base })
    }
}
