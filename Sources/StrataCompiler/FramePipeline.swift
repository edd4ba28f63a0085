import Foundation
import StrataModel
import StrataRender
import StrataTimeline

/// Renders a scene's frames in parallel and delivers them in order.
struct FramePipeline {
    var scene: Scene
    /// Render threads; defaults to the number of cores.
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    /// Renders the scene at each time (seconds) and calls `consume` in order.
    /// A render error becomes a diagnostic located at the failing layer.
    func run(times: [Double], progress: ProgressReporter?,
             consume: (_ position: Int, _ pixmap: Pixmap) throws -> Void) throws {
        // The timeline compiles once, before any frame: frames stay pure functions of (scene, t).
        let scene = TimelineCompiler.compile(self.scene)
        let scheduler = FrameScheduler(frames: Array(times.indices), workers: jobs)
        do {
            try scheduler.run(makeWorker: {
                let renderer = FrameRenderer()
                return { position in
                    try renderer.render(Sampler.renderTree(of: scene, at: times[position]))
                }
            }, consume: { position, pixmap in
                try consume(position, pixmap)
                progress?.frameDone()
            })
        } catch let error as RenderError {
            throw DiagnosticList([Diagnostic(scene.location(ofLayer: error.layerPath), error.message)])
        }
    }
}
