import Foundation
import StrataModel

/// `strata plan SCENE --chunks N | --chunk-frames K [render options]`: the
/// manifest of a chunked render (`RenderManifest`), printed or written to `-o`.
public struct PlanCommand: StrataCommand {
    /// The render's settings (scene, `--set`, size, encoder options, `--frames`).
    public var render: RenderCommand
    public var split: ChunkSplit
    public var format: ChunkFormat
    /// `-o FILE`: write the manifest there (atomically) instead of printing it.
    public var output: String?

    public init(render: RenderCommand, split: ChunkSplit, format: ChunkFormat = .mp4, output: String? = nil) {
        self.render = render; self.split = split; self.format = format; self.output = output
    }

    /// Loads and checks the scene and the options; prints or writes the manifest.
    public func run(_ console: any Console) throws -> ExitStatus {
        try render.checkSettings()
        let json = try ChunkedRender(command: render, format: format, split: split, console: console).manifest.json()
        if let output {
            try render.writeAtomically(output) { try Data(json.utf8).write(to: URL(fileURLWithPath: $0)) }
        } else {
            console.write(String(json.dropLast()))  // the console ends the line
        }
        return .success
    }
}
