import Foundation

/// Renders frames on worker threads and hands them to one consumer in order,
/// with at most `maxInFlight` frames rendered but not yet consumed (memory
/// stays flat however long the video is).
///
/// Each worker thread calls `makeWorker` once, so per-thread resources (a
/// Cairo/Pango renderer) never cross threads.
///
/// A worker fills a `Product` (a frame's pixels) that the scheduler hands
/// it: a recycled one when the consumer has returned one, else `makeEmpty()`.
/// After `consume` returns, the product goes back to a pool for the next
/// frame, so in the steady state no frame buffer is allocated. The pool
/// never holds more than the products that can be alive at once
/// (`maxInFlight` plus one per worker plus the one being consumed).
final class FrameScheduler<Product: Sendable>: @unchecked Sendable {
    /// Fills `product` with the frame; it may hold an earlier frame's content.
    typealias Worker = (_ frame: Int, _ product: inout Product) throws -> Void

    private let frames: [Int]
    private let workerCount: Int
    private let maxInFlight: Int
    private let makeEmpty: @Sendable () -> Product
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var nextToDispatch = 0
    private var nextToConsume = 0
    private var results: [Int: Result<Product, any Error>] = [:]
    private var spare: [Product] = []
    private var stopped = false

    init(frames: [Int], workers: Int, maxInFlight: Int? = nil, makeEmpty: @escaping @Sendable () -> Product) {
        self.frames = frames
        self.workerCount = max(1, min(workers, frames.count))
        self.maxInFlight = max(self.workerCount, maxInFlight ?? self.workerCount * 2)
        self.makeEmpty = makeEmpty
    }

    /// Runs the workers and calls `consume` on the calling thread for each
    /// frame in order. The first error (from a worker or `consume`) stops
    /// everything and is rethrown after the workers have ended.
    ///
    /// With `recycle` the product passed to `consume` is reused for a later
    /// frame once `consume` returns: a consumer that keeps it (stores the
    /// pixmap) should pass false, or the worker pays a copy on write.
    func run(recycle: Bool = true, makeWorker: @escaping @Sendable () -> Worker,
             consume: (_ frame: Int, _ product: Product) throws -> Void) throws {
        let finished = DispatchGroup()
        for _ in 0..<workerCount {
            finished.enter()
            let thread = Thread { [self] in
                workerLoop(makeWorker())
                finished.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        defer {
            stop()
            finished.wait()
        }
        for position in frames.indices {
            let product = try takeResult(at: position).get()
            try consume(frames[position], product)
            // `consume` ends this function's hold, so the pool's copy is the only one.
            if recycle { giveBack(consume product) }
        }
    }

    private func workerLoop(_ work: Worker) {
        while let (position, recycled) = nextPosition() {
            var product = recycled ?? makeEmpty()
            let result = Result { () throws -> Product in
                try work(frames[position], &product)
                return product
            }
            condition.lock()
            results[position] = result
            if case .failure = result { stopped = true }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The next frame to render and a product to render it into, if the pool has one.
    private func nextPosition() -> (Int, Product?)? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, nextToDispatch < frames.count, nextToDispatch - nextToConsume >= maxInFlight {
            condition.wait()
        }
        guard !stopped, nextToDispatch < frames.count else { return nil }
        defer { nextToDispatch += 1 }
        return (nextToDispatch, spare.popLast())
    }

    private func takeResult(at position: Int) -> Result<Product, any Error> {
        condition.lock()
        defer { condition.unlock() }
        while results[position] == nil {
            // A failure stops dispatch. The frames dispatched before it still
            // finish and are consumed in order, so the error reported is the
            // lowest failing frame's, whatever the threads' timing: every
            // frame before a failed one was dispatched before it.
            if stopped, position >= nextToDispatch {
                let failures = results.filter { if case .failure = $0.value { true } else { false } }
                if let first = failures.min(by: { $0.key < $1.key }) { return first.value }
            }
            condition.wait()
        }
        let result = results.removeValue(forKey: position)!
        nextToConsume = position + 1
        condition.broadcast()
        return result
    }

    private func giveBack(_ product: consuming Product) {
        condition.lock()
        defer { condition.unlock() }
        if spare.count < maxInFlight + workerCount { spare.append(product) }
    }

    private func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
