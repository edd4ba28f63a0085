import CMicroHTTPD
import Foundation

/// An HTTP server on libmicrohttpd: a socket we bind ourselves (a taken
/// port is a clear error), libmicrohttpd's internal pool of polling
/// threads, and a Swift handler that answers each GET or HEAD now, later
/// from another thread, or with the event stream. The C callbacks only
/// unbox the server and the exchange and call into Swift.
final class HTTPServer: @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPReply

    let port: UInt16
    let address: String
    let isLoopback: Bool
    fileprivate let handler: Handler
    private var daemon: OpaquePointer?
    private let socket: ListenSocket
    fileprivate let lock = NSLock()
    // Guarded by `lock`:
    fileprivate var exchanges: [ObjectIdentifier: HTTPExchange] = [:]
    fileprivate var stopping = false

    /// Starts serving on `host:port` (port 0: any free port; see `port`).
    /// - Parameters:
    ///   - threads: libmicrohttpd polling threads.
    ///   - connectionLimit: connections open at once (more are refused).
    init(host: String, port: UInt16, threads: Int = 2, connectionLimit: Int = 64,
         handler: @escaping Handler) throws(ServerStartError) {
        socket = try ListenSocket.bind(host: host, port: port)
        self.port = socket.port
        self.address = socket.address
        self.isLoopback = socket.isLoopback
        self.handler = handler
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = strata_mhd_start(socket.descriptor, UInt32(max(1, threads)), UInt32(connectionLimit), 30,
                                  accessCallback, context, completedCallback, context)
        guard daemon != nil else {
            Glibc.close(socket.descriptor)
            throw ServerStartError("libmicrohttpd could not start on \(host):\(self.port)")
        }
    }

    /// Sends `bytes` to every open event stream.
    func broadcast(_ bytes: [UInt8]) {
        for exchange in openExchanges() where exchange.kind == .events { exchange.push(bytes) }
    }

    /// Number of event streams open (for tests and the status line).
    var eventStreamCount: Int { openExchanges().filter { $0.kind == .events }.count }

    /// Stops accepting, ends the event streams, answers pending requests
    /// with 503, then stops libmicrohttpd (every connection resumed first,
    /// as it requires). Idempotent.
    func stop() {
        lock.lock()
        guard let daemon, !stopping else { lock.unlock(); return }
        stopping = true
        lock.unlock()
        let listening = MHD_quiesce_daemon(daemon)
        for exchange in openExchanges() { exchange.close() }
        // Resumed connections are answered by the polling threads; give them a moment.
        let deadline = Date().addingTimeInterval(2)
        while !openExchanges().isEmpty, Date() < deadline { usleep(5_000) }
        MHD_stop_daemon(daemon)
        lock.lock()
        self.daemon = nil
        lock.unlock()
        if listening >= 0 { Glibc.close(listening) }
    }

    deinit { stop() }

    private func openExchanges() -> [HTTPExchange] {
        lock.lock()
        defer { lock.unlock() }
        return Array(exchanges.values)
    }

    /// The access handler's work for one call (see `accessCallback`).
    fileprivate func handle(_ connection: OpaquePointer, method: String, url: String,
                            context: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let box = context.pointee else {
            // First call (headers read): make the exchange; answer on the next call.
            let exchange = HTTPExchange(connection: connection)
            lock.lock()
            exchanges[ObjectIdentifier(exchange)] = exchange
            let closing = stopping
            lock.unlock()
            if closing { exchange.close() }
            context.pointee = Unmanaged.passRetained(exchange).toOpaque()
            return mhdYes
        }
        let exchange = Unmanaged<HTTPExchange>.fromOpaque(box).takeUnretainedValue()
        switch exchange.kind {
        case .answered, .events:
            return mhdYes
        case .pending:
            if let response = exchange.takeResponse() { return queue(response, on: connection) }
            if exchange.closing { exchange.kind = .answered; return queue(.error(.busy("the server is stopping")), on: connection) }
        }
        if exchange.kind == .pending, exchange.startedLater { exchange.suspend(); return mhdYes }
        guard method == "GET" || method == "HEAD" else {
            exchange.kind = .answered
            var response = HTTPResponse.error(HTTPError(status: 405, message: "method \(method) is not allowed; the preview answers GET and HEAD"))
            response.headers.append(("Allow", "GET, HEAD"))
            return queue(response, on: connection)
        }
        let request = HTTPRequest(method: method, path: url, query: Self.queryArguments(connection))
        switch handler(request) {
        case .now(let response):
            exchange.kind = .answered
            return queue(response, on: connection)
        case .later(let start):
            exchange.startedLater = true
            exchange.suspend()
            start { [exchange] response in exchange.deliver(response) }
            return mhdYes
        case .events(let initial):
            exchange.kind = .events
            exchange.push(initial)
            return queueEvents(exchange, on: connection)
        }
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made = response.body.withUnsafeBufferPointer { body in
            MHD_create_response_from_buffer(body.count, UnsafeMutableRawPointer(mutating: body.baseAddress),
                                            strata_mhd_copy_buffer())
        }
        guard let made else { return mhdNo }
        defer { MHD_destroy_response(made) }
        MHD_add_response_header(made, "Content-Type", response.contentType)
        for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }

    private func queueEvents(_ exchange: HTTPExchange, on connection: OpaquePointer) -> MHD_Result {
        // The reader holds its own reference, released when libmicrohttpd frees the response.
        let reader = Unmanaged.passRetained(exchange).toOpaque()
        guard let made = MHD_create_response_from_callback(strata_mhd_size_unknown(), 4096, { cls, _, buffer, max in
            guard let cls, let buffer else { return Int(strata_mhd_end_of_stream()) }
            return Unmanaged<HTTPExchange>.fromOpaque(cls).takeUnretainedValue().readEvents(into: buffer, max: max)
        }, reader, { cls in
            if let cls { Unmanaged<HTTPExchange>.fromOpaque(cls).release() }
        }) else {
            Unmanaged<HTTPExchange>.fromOpaque(reader).release()
            return mhdNo
        }
        defer { MHD_destroy_response(made) }
        MHD_add_response_header(made, "Content-Type", "text/event-stream")
        MHD_add_response_header(made, "Cache-Control", "no-store")
        return MHD_queue_response(connection, 200, made)
    }

    fileprivate func completed(_ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        guard let box = context.pointee else { return }
        context.pointee = nil
        let exchange = Unmanaged<HTTPExchange>.fromOpaque(box).takeRetainedValue()
        lock.lock()
        exchanges[ObjectIdentifier(exchange)] = nil
        lock.unlock()
    }

    private static func queryArguments(_ connection: OpaquePointer) -> [String: String] {
        final class Box { var values: [String: String] = [:] }
        let box = Box()
        withExtendedLifetime(box) {
            _ = MHD_get_connection_values(connection, strata_mhd_query_kind(), { cls, _, key, value in
                guard let cls, let key else { return mhdYes }
                let box = Unmanaged<Box>.fromOpaque(cls).takeUnretainedValue()
                let name = String(cString: key)
                if box.values[name] == nil { box.values[name] = value.map { String(cString: $0) } ?? "" }
                return mhdYes
            }, Unmanaged.passUnretained(box).toOpaque())
        }
        return box.values
    }
}

private func accessCallback(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
                            _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
                            _ uploadData: UnsafePointer<CChar>?, _ uploadSize: UnsafeMutablePointer<Int>?,
                            _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> MHD_Result {
    guard let cls, let connection, let url, let method, let context else { return mhdNo }
    // A request body is not used: consume it.
    if let uploadSize, uploadSize.pointee > 0 { uploadSize.pointee = 0; return mhdYes }
    return Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        .handle(connection, method: String(cString: method), url: String(cString: url), context: context)
}

private func completedCallback(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                               _ context: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                               _ reason: MHD_RequestTerminationCode) {
    guard let cls, let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().completed(context)
}

private let mhdYes = strata_mhd_yes()
private let mhdNo = strata_mhd_no()
