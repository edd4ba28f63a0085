/// One HTTP request as the preview server sees it: libmicrohttpd has
/// parsed it already (method, path without the query, decoded query arguments).
struct HTTPRequest: Sendable {
    var method: String
    /// The path, percent-decoded, without the query string.
    var path: String
    /// Query arguments, percent-decoded; a repeated name keeps its first value.
    var query: [String: String]
}

/// A complete answer, sent from one buffer.
struct HTTPResponse: Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]
    var headers: [(String, String)] = []

    init(status: Int = 200, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status; self.contentType = contentType; self.body = body; self.headers = headers
    }

    static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
    }

    static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Array(text.utf8),
                     headers: [("Cache-Control", "no-store")])
    }

    /// 400, 404, 405, 503...: a plain-text message that says what was wrong.
    static func error(_ error: HTTPError) -> HTTPResponse {
        var response = text(error.status, error.message)
        response.headers = error.headers
        return response
    }
}

/// A request the server refuses, with the status and a message for the user.
struct HTTPError: Error, Sendable {
    var status: Int
    var message: String
    var headers: [(String, String)] = []

    static func badRequest(_ message: String) -> HTTPError { HTTPError(status: 400, message: message) }
    static func notFound(_ message: String) -> HTTPError { HTTPError(status: 404, message: message) }
    /// Too much work in flight (or the server is stopping): try again shortly.
    static func busy(_ message: String) -> HTTPError {
        HTTPError(status: 503, message: message, headers: [("Retry-After", "1")])
    }
}

/// How a handler answers: now, later from another thread (the connection
/// is suspended meanwhile, so no server thread waits), or with the
/// server-sent event stream.
enum HTTPReply: Sendable {
    case now(HTTPResponse)
    /// `start` is called once the connection is suspended; it must call
    /// `respond` exactly once, from any thread.
    case later(_ start: @Sendable (_ respond: @escaping @Sendable (HTTPResponse) -> Void) -> Void)
    /// `text/event-stream`: `initial` first, then every `broadcast`.
    case events(initial: [UInt8])
}
