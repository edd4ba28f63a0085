import Foundation
import StrataModel
import StrataRender
import StrataTimeline

/// Renders a scene's frames in parallel and delivers them in order.
struct FramePipeline {
    /// Loaded, laid out and compiled once (`CompiledScene.load`).
    var scene: CompiledScene
    /// Render threads; defaults to the number of cores.
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Bytes the frames drawn at once may hold together (`MemoryBudget`).
    var memoryLimit = Limits.frameMemory

    /// Renders the scene at each time (seconds) and calls `consume` in order.
    /// A render error becomes a diagnostic located at the failing layer
    /// (`CompiledScene.render`).
    ///
    /// Each pixmap shares its renderer's frame buffer: keeping it is safe,
    /// and costs the renderer a copy when it draws its next frame.
    func run(times: [Double], progress: ProgressReporter?,
             consume: (_ position: Int, _ pixmap: Pixmap) throws -> Void) throws {
        try run(times: times, progress: progress, recycle: false, makeEmpty: { Pixmap(width: 0, height: 0) },
                makeFinisher: { { pixmap, _, product in product = pixmap } }, consume: consume)
    }

    /// Renders every frame and drops it (`-o /dev/null`).
    func discard(times: [Double], progress: ProgressReporter?) throws {
        try run(times: times, progress: progress, makeEmpty: { () }, makeFinisher: { { _, _, _ in } },
                consume: { _, _ in })
    }

    /// Like `run(times:progress:consume:)`, but each worker also turns its
    /// rendered pixmap into a `Product` (a video frame's planes, say) with a
    /// finisher of its own, so that per-frame work other than drawing runs
    /// in parallel too instead of on the consuming thread. With `recycle`
    /// consumed products go back to the workers to be filled again. A
    /// finisher sees its worker's frames in the order the worker rendered
    /// them, each with the rows that may differ from the one before
    /// (`FrameChange`; the video converter redoes only those).
    func run<Product: Sendable>(
        times: [Double], progress: ProgressReporter?, recycle: Bool = true,
        makeEmpty: @escaping @Sendable () -> Product,
        makeFinisher: @escaping @Sendable () throws -> (Pixmap, FrameChange, inout Product) throws -> Void,
        consume: (_ position: Int, _ product: Product) throws -> Void
    ) throws {
        // The scene compiled once, before any frame: frames stay pure functions of (scene, t).
        let compiled = { var c = scene; c.memory = MemoryBudget(limit: memoryLimit); return c }()
        let scheduler = FrameScheduler<Product>(frames: Array(times.indices), workers: jobs, makeEmpty: makeEmpty)
        // One set of backing stores for all threads: a layer is rasterized once per render.
        let stores = BackingStoreCache(byteLimit: Self.storeBytes(scene.laidOut))
        try scheduler.run(recycle: recycle, makeWorker: {
            let renderer = FrameRenderer(cache: stores)
            let finisher = Result { try makeFinisher() }
            return { position, product in
                let finish = try finisher.get()
                let (frame, change) = try compiled.renderChanges(at: times[position], with: renderer)
                try finish(frame, change, &product)
            }
        }, consume: { position, product in
            try consume(position, product)
            progress?.frameDone()
        })
    }

    /// Bytes of backing stores a render keeps: 256 MiB, or eight frames for
    /// canvases past 1080p (a 4K render keeps about 265 MB).
    static func storeBytes(_ scene: Scene) -> Int {
        max(BackingStoreCache.defaultByteLimit, 8 * scene.canvas.pixelWidth * scene.canvas.pixelHeight * 4)
    }
}
