import CMicroHTTPD
import Foundation

/// One request on one connection, from its headers to its completion
/// (libmicrohttpd's per-request context, boxed for the C callbacks).
///
/// An answer made on another thread or an event stream with nothing to
/// send parks the connection (`MHD_suspend_connection`) so that no server
/// thread waits; `wake` resumes it from any thread. The three states and
/// the `wakeRequested` flag close the races between the two: a wake that
/// comes while the connection is being suspended resumes it right after,
/// and MHD functions are never called with `lock` held.
final class HTTPExchange: @unchecked Sendable {
    enum Phase { case running, suspending, suspended }
    enum Kind { case pending, answered, events }

    let connection: OpaquePointer
    private let lock = NSLock()
    // Guarded by `lock`:
    private var phase = Phase.running
    private var wakeRequested = false
    private var isClosing = false
    private var currentKind = Kind.pending
    /// A response made on another thread, waiting to be queued.
    private var response: HTTPResponse?
    /// Event bytes not yet handed to libmicrohttpd.
    private var pending: [UInt8] = []

    /// Set on the polling thread when a `.later` answer was started.
    var startedLater = false

    init(connection: OpaquePointer) { self.connection = connection }

    var closing: Bool { lock.lock(); defer { lock.unlock() }; return isClosing }

    var kind: Kind {
        get { lock.lock(); defer { lock.unlock() }; return currentKind }
        set { lock.lock(); currentKind = newValue; lock.unlock() }
    }

    /// Parks the connection, unless a wake or the shutdown came first.
    /// Call only from a libmicrohttpd callback of this connection.
    func suspend() {
        lock.lock()
        if wakeRequested || isClosing { wakeRequested = false; lock.unlock(); return }
        phase = .suspending
        lock.unlock()
        MHD_suspend_connection(connection)
        lock.lock()
        if wakeRequested || isClosing {
            wakeRequested = false
            phase = .running
            lock.unlock()
            MHD_resume_connection(connection)
        } else {
            phase = .suspended
            lock.unlock()
        }
    }

    /// Resumes the connection if it is parked (from any thread).
    func wake() {
        lock.lock()
        switch phase {
        case .suspended:
            phase = .running
            lock.unlock()
            MHD_resume_connection(connection)
        case .suspending, .running:
            wakeRequested = true
            lock.unlock()
        }
    }

    /// The server is stopping: streams end, pending answers become 503.
    func close() {
        lock.lock()
        isClosing = true
        lock.unlock()
        wake()
    }

    /// Stores the answer made on another thread and wakes the connection.
    func deliver(_ answer: HTTPResponse) {
        lock.lock()
        if response == nil, currentKind == .pending { response = answer }
        lock.unlock()
        wake()
    }

    /// The delivered answer, once (nil while it is still being made).
    func takeResponse() -> HTTPResponse? {
        lock.lock()
        defer { lock.unlock() }
        guard let r = response else { return nil }
        response = nil
        currentKind = .answered
        return r
    }

    /// Appends event bytes for the stream and wakes it.
    func push(_ bytes: [UInt8]) {
        lock.lock()
        // A client that stopped reading cannot make the server hold unbounded data.
        if pending.count < 1 << 20 { pending += bytes }
        lock.unlock()
        wake()
    }

    /// Up to `max` bytes of the event stream; 0 (after parking the
    /// connection) when there is nothing yet, -1 once the server stops.
    func readEvents(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        lock.lock()
        if !pending.isEmpty {
            let n = min(max, pending.count)
            pending.withUnsafeBufferPointer { source in
                buffer.withMemoryRebound(to: UInt8.self, capacity: n) { $0.update(from: source.baseAddress!, count: n) }
            }
            pending.removeFirst(n)
            lock.unlock()
            return n
        }
        let stop = isClosing
        lock.unlock()
        if stop { return Int(strata_mhd_end_of_stream()) }
        suspend()
        return 0
    }
}
