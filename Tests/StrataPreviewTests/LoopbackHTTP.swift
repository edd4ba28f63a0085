import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 client for the tests, on raw sockets to 127.0.0.1 only,
/// with a receive timeout so that no test can hang.
struct HTTPReply {
    var status: Int
    /// Lower-cased names.
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

final class LoopbackConnection {
    let fd: Int32

    init(port: UInt16, timeout: Int = 20) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else { close(fd); throw TestHTTPError("cannot connect to 127.0.0.1:\(port)") }
    }

    deinit { close(fd) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads what arrives; nil at end of stream or timeout.
    func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return n > 0 ? Array(buffer[0..<n]) : nil
    }

    /// Reads until `done` holds for the text so far (or the stream ends / times out).
    func read(until done: (String) -> Bool) -> String {
        var all: [UInt8] = []
        while !done(String(decoding: all, as: UTF8.self)), let chunk = receive() { all += chunk }
        return String(decoding: all, as: UTF8.self)
    }
}

enum LoopbackHTTP {
    static func request(_ port: UInt16, _ target: String, method: String = "GET") throws -> HTTPReply {
        let connection = try LoopbackConnection(port: port)
        connection.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        var data: [UInt8] = []
        while let chunk = connection.receive() { data += chunk }
        guard let split = data.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw TestHTTPError("no HTTP response for \(target): '\(String(decoding: data, as: UTF8.self))'")
        }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = head[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw TestHTTPError("bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPReply(status: status, headers: headers, body: Array(data[split.upperBound...]))
    }
}

struct TestHTTPError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
