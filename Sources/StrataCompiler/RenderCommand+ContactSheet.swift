import Foundation
import StrataEncode
import StrataModel
import StrataRender

extension RenderCommand {
    /// Renders the sheet's frames (in parallel, through the frame pipeline)
    /// and writes the sheet as one PNG, atomically. Returns the number of tiles.
    @discardableResult
    func renderContactSheet(_ scene: Scene, _ sheet: ContactSheet, to path: String, label: String,
                            console: any Console) throws -> Int {
        var tiled = scene
        // Scale changes pixels, not the layout in points: no new layout needed.
        tiled.canvas.scale = ContactSheet.tileScale(canvas: scene.canvas, requested: overrides.scale)
        guard tiled.canvas.pixelWidth >= 1, tiled.canvas.pixelHeight >= 1 else {
            throw CompileError("contact sheet tiles would be smaller than a pixel; give a larger --scale")
        }
        let frames = try sheet.frames(in: try sheetRange(scene), fps: scene.canvas.fps)
        let times = frames.map(scene.time(ofFrame:))
        var tiles = [Pixmap](repeating: Pixmap(width: 0, height: 0), count: frames.count)
        let progress = ProgressReporter(total: frames.count, label: label, quiet: quiet, style: progressStyle, console: console)
        try FramePipeline(scene: CompiledScene(laidOut: tiled), jobs: jobs, memoryLimit: memoryLimit)
            .run(times: times, progress: progress) {
            tiles[$0] = $1
        }
        progress.finish()
        let columns = sheet.columns(count: frames.count, tileWidth: Double(tiled.canvas.pixelWidth),
                                    tileHeight: Double(tiled.canvas.pixelHeight))
        let labels = zip(frames, times).map { ContactSheet.label(frame: $0, time: $1) }
        let image = try ContactSheet.compose(tiles, labels: labels, columns: columns, renderer: FrameRenderer())
        try writeAtomically(path) { try PNGCodec.write(image, to: $0) }
        return frames.count
    }

    /// The frames a sheet spreads over: `--frames A-B`, or the whole scene.
    private func sheetRange(_ scene: Scene) throws(CompileError) -> ClosedRange<Int> {
        let count = scene.frameCount
        guard count > 0 else { throw CompileError("the scene has no frames (canvas.duration * fps rounds to 0)") }
        guard let frames else { return 0...(count - 1) }
        guard frames.lowerBound >= 0, frames.upperBound < count else {
            throw CompileError("--frames \(frames.lowerBound)-\(frames.upperBound) is outside the scene's frames 0-\(count - 1)")
        }
        return frames
    }

    /// A contact sheet is one PNG and shows many times.
    func checkContactSheetTarget(_ target: Target) throws(CompileError) {
        guard contactSheet != nil else { return }
        guard case .still = target else {
            throw CompileError("a contact sheet is one PNG: give -o sheet.png (or -o DIR/ with --all-variants)")
        }
        guard time == nil else { throw CompileError("--contact-sheet and --every show many times; they do not combine with --time") }
    }
}
