import Foundation
import StrataRender

/// Worker threads that do the preview's heavy work (lay out, sample,
/// render, encode) off libmicrohttpd's threads, each with its own
/// `FrameRenderer` (Cairo and Pango state stays on one thread).
///
/// At most `capacity` jobs are queued or running; `submit` refuses more
/// (the server answers 503 with Retry-After). Jobs with the same key share
/// one run: a frame asked for twice (the page's look-ahead and a scrub) is
/// rendered once and both waiters get it.
final class RenderPool: @unchecked Sendable {
    typealias Work = @Sendable (FrameRenderer) -> HTTPResponse
    typealias Completion = @Sendable (HTTPResponse) -> Void

    private struct Job {
        var key: String?
        var work: Work
        var waiters: [Completion]
    }

    let workers: Int
    /// Jobs queued or running at most.
    let capacity: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var queue: [Job] = []
    private var running: [String: [Completion]] = [:]
    private var runningCount = 0
    private var stopped = false
    private var threadsAlive = 0

    init(workers: Int, capacity: Int? = nil) {
        self.workers = max(1, workers)
        self.capacity = max(self.workers, capacity ?? self.workers * 4)
        for index in 0..<self.workers {
            let thread = Thread { [self] in workerLoop() }
            thread.name = "strata-preview-render-\(index)"
            thread.stackSize = 8 << 20
            threadsAlive += 1
            thread.start()
        }
    }

    /// Queues `work`; false when `capacity` jobs are in flight already or the
    /// pool has stopped. A key already queued or running only adds a waiter.
    func submit(key: String?, work: @escaping Work, completion: @escaping Completion) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else { return false }
        if let key {
            if running[key] != nil { running[key]!.append(completion); return true }
            if let i = queue.firstIndex(where: { $0.key == key }) { queue[i].waiters.append(completion); return true }
        }
        guard queue.count + runningCount < capacity else { return false }
        queue.append(Job(key: key, work: work, waiters: [completion]))
        condition.signal()
        return true
    }

    /// Jobs queued or running now.
    var inFlight: Int {
        condition.lock()
        defer { condition.unlock() }
        return queue.count + runningCount
    }

    /// Finishes the jobs running, answers the queued ones with 503 and ends the threads.
    func stop() {
        condition.lock()
        stopped = true
        let dropped = queue
        queue.removeAll()
        condition.broadcast()
        condition.unlock()
        for job in dropped { job.waiters.forEach { $0(.error(.busy("the server is stopping"))) } }
        condition.lock()
        while threadsAlive > 0 { condition.wait() }
        condition.unlock()
    }

    private func workerLoop() {
        let renderer = FrameRenderer()
        while let job = next() {
            let response = job.work(renderer)
            condition.lock()
            let waiters = job.waiters + (job.key.flatMap { running.removeValue(forKey: $0) } ?? [])
            runningCount -= 1
            condition.unlock()
            waiters.forEach { $0(response) }
        }
        condition.lock()
        threadsAlive -= 1
        condition.broadcast()
        condition.unlock()
    }

    private func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty, !stopped { condition.wait() }
        guard !stopped, !queue.isEmpty else { return nil }
        let job = queue.removeFirst()
        runningCount += 1
        if let key = job.key { running[key] = [] }
        return job
    }
}
