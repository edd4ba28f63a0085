import StrataCompiler
import StrataModel
@testable import StrataParse
import StrataRender

/// Scene text -> one small frame: the front end, layout, the timeline
/// compiler, the sampler and the renderer, on the frame in the middle of
/// the scene, scaled down to at most `maxSide` pixels a side so that a run
/// spends its time on the pipeline and not on filling pixels. (libFuzzer's
/// `-timeout` and `-rss_limit_mb`, set by `make fuzz`, cap time and memory.)
enum FrameTarget {
    static let maxSide = 64.0
    /// One renderer for the process, as a render thread keeps one.
    nonisolated(unsafe) static let renderer = FrameRenderer()

    static func run(_ bytes: [UInt8]) {
        let file = SceneInput.file(for: bytes)
        guard var scene = try? SceneLoader.parse(bytes: bytes, file: file, options: SceneLoadOptions()).scene else {
            return
        }
        var overrides = SceneOverrides()
        let side = max(scene.canvas.size.width, scene.canvas.size.height) * scene.canvas.scale
        if side > maxSide { overrides.scale = scene.canvas.scale * maxSide / side }
        guard (try? overrides.apply(to: &scene)) != nil else { return }
        let compiled = CompiledScene(laidOut: scene)
        let time = scene.time(ofFrame: scene.frameCount / 2)
        do {
            // As the frame pipeline draws: the retained renderer's own frame buffer.
            let pixmap = try compiled.render(at: time, with: renderer)
            FuzzCheck.require(pixmap.width == scene.canvas.pixelWidth && pixmap.height == scene.canvas.pixelHeight,
                              "a \(pixmap.width)x\(pixmap.height) frame of a \(scene.canvas.pixelWidth)x\(scene.canvas.pixelHeight) canvas")
        } catch {
            FuzzCheck.located(error.items, in: bytes, file: file)
        }
    }
}
