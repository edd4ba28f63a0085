import Foundation
import StrataModel
import StrataRender
import StrataTimeline

/// Renders a scene's frames in parallel and delivers them in order.
struct FramePipeline {
    var scene: Scene
    /// Render threads; defaults to the number of cores.
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Bytes the frames drawn at once may hold together (`MemoryBudget`).
    var memoryLimit = Limits.frameMemory

    /// Renders the scene at each time (seconds) and calls `consume` in order.
    /// A render error becomes a diagnostic located at the failing layer
    /// (`CompiledScene.render`).
    ///
    /// The pixmaps are recycled: once `consume` returns, its pixmap's storage
    /// is drawn over by a later frame. A consumer that keeps pixmaps passes
    /// `recycle: false` (keeping one anyway stays correct, at the cost of a
    /// copy when its storage is next drawn into).
    func run(times: [Double], progress: ProgressReporter?, recycle: Bool = true,
             consume: (_ position: Int, _ pixmap: Pixmap) throws -> Void) throws {
        try run(times: times, progress: progress, recycle: recycle, makeEmpty: { Pixmap(width: 0, height: 0) },
                makeFinisher: { { pixmap, product in swap(&pixmap, &product) } }, consume: consume)
    }

    /// Like `run(times:progress:consume:)`, but each worker also turns its
    /// rendered pixmap into a `Product` (a video frame's planes, say) with a
    /// finisher of its own, so that per-frame work other than drawing runs
    /// in parallel too instead of on the consuming thread.
    ///
    /// The finisher may take the pixmap's storage (swap it out); the worker
    /// then allocates a new one for its next frame.
    func run<Product: Sendable>(
        times: [Double], progress: ProgressReporter?, recycle: Bool = true,
        makeEmpty: @escaping @Sendable () -> Product,
        makeFinisher: @escaping @Sendable () throws -> (inout Pixmap, inout Product) throws -> Void,
        consume: (_ position: Int, _ product: Product) throws -> Void
    ) throws {
        // The timeline compiles once, before any frame: frames stay pure functions of (scene, t).
        let compiled = { var c = CompiledScene(laidOut: scene); c.memory = MemoryBudget(limit: memoryLimit); return c }()
        let scheduler = FrameScheduler<Product>(frames: Array(times.indices), workers: jobs, makeEmpty: makeEmpty)
        try scheduler.run(recycle: recycle, makeWorker: {
            let renderer = FrameRenderer()
            let finisher = Result { try makeFinisher() }
            // This worker's drawing buffer, reused frame after frame.
            var pixmap = Pixmap(width: 0, height: 0)
            return { position, product in
                let finish = try finisher.get()
                try compiled.render(at: times[position], with: renderer, into: &pixmap)
                try finish(&pixmap, &product)
            }
        }, consume: { position, product in
            try consume(position, product)
            progress?.frameDone()
        })
    }
}
