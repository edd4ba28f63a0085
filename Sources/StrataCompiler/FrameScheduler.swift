import Foundation
import StrataModel

/// Renders frames on worker threads and hands them to one consumer in order,
/// with at most `maxInFlight` frames rendered but not yet consumed (memory
/// stays flat however long the video is).
///
/// Each worker thread calls `makeWorker` once, so per-thread resources (a
/// Cairo/Pango renderer) never cross threads.
final class FrameScheduler: @unchecked Sendable {
    typealias Worker = (Int) throws -> Pixmap

    private let frames: [Int]
    private let workerCount: Int
    private let maxInFlight: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var nextToDispatch = 0
    private var nextToConsume = 0
    private var results: [Int: Result<Pixmap, any Error>] = [:]
    private var stopped = false

    init(frames: [Int], workers: Int, maxInFlight: Int? = nil) {
        self.frames = frames
        self.workerCount = max(1, min(workers, frames.count))
        self.maxInFlight = max(self.workerCount, maxInFlight ?? self.workerCount * 2)
    }

    /// Runs the workers and calls `consume` on the calling thread for each
    /// frame in order. The first error (from a worker or `consume`) stops
    /// everything and is rethrown after the workers have ended.
    func run(makeWorker: @escaping @Sendable () -> Worker,
             consume: (_ frame: Int, _ pixmap: Pixmap) throws -> Void) throws {
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
            let result = takeResult(at: position)
            try consume(frames[position], result.get())
        }
    }

    private func workerLoop(_ work: Worker) {
        while let position = nextPosition() {
            let result = Result { try work(frames[position]) }
            condition.lock()
            results[position] = result
            if case .failure = result { stopped = true }
            condition.broadcast()
            condition.unlock()
        }
    }

    private func nextPosition() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, nextToDispatch < frames.count, nextToDispatch - nextToConsume >= maxInFlight {
            condition.wait()
        }
        guard !stopped, nextToDispatch < frames.count else { return nil }
        defer { nextToDispatch += 1 }
        return nextToDispatch
    }

    private func takeResult(at position: Int) -> Result<Pixmap, any Error> {
        condition.lock()
        defer { condition.unlock() }
        while results[position] == nil {
            // A failed frame before this one stops dispatch; report the first failure.
            if stopped, let failure = results.values.first(where: { if case .failure = $0 { true } else { false } }) {
                return failure
            }
            condition.wait()
        }
        let result = results.removeValue(forKey: position)!
        nextToConsume = position + 1
        condition.broadcast()
        return result
    }

    private func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
