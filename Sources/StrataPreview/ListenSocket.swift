import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket bound and listening, made before libmicrohttpd starts so
/// that a taken port or a bad host is reported with its reason.
struct ListenSocket {
    let descriptor: Int32
    /// The port bound (the one asked for, or the kernel's choice for port 0).
    let port: UInt16
    /// The numeric address bound, e.g. "127.0.0.1" or "::1".
    let address: String

    /// Whether `address` is on the loopback range (127.0.0.0/8 or ::1).
    var isLoopback: Bool { address.hasPrefix("127.") || address == "::1" }

    /// Binds `host` (a numeric address or a name such as "localhost") and `port`.
    static func bind(host: String, port: UInt16) throws(ServerStartError) -> ListenSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ServerStartError("cannot use host '\(host)': " + String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerStartError("cannot create a socket: " + String(cString: strerror(errno))) }
        // Rebinding a port whose last connections are in TIME_WAIT is fine; a port another
        // process listens on still fails (Linux needs SO_REUSEPORT on both sides for that).
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if Glibc.bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 || listen(fd, 64) != 0 {
            let code = errno
            close(fd)
            switch code {
            case EADDRINUSE:
                throw ServerStartError("port \(port) on \(host) is already in use (another strata preview?); choose another with --port N, or --port 0 for any free port")
            case EACCES:
                throw ServerStartError("not allowed to listen on port \(port) of \(host): \(String(cString: strerror(code)))")
            case EADDRNOTAVAIL:
                throw ServerStartError("'\(host)' is not an address of this machine")
            default:
                throw ServerStartError("cannot listen on \(host):\(port): " + String(cString: strerror(code)))
            }
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let (address, boundPort) = Self.describe(storage)
        return ListenSocket(descriptor: fd, port: boundPort, address: address)
    }

    private static func describe(_ storage: sockaddr_storage) -> (String, UInt16) {
        var storage = storage
        let family = Int32(storage.ss_family)
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        return withUnsafePointer(to: &storage) { pointer -> (String, UInt16) in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var a = v6.pointee.sin6_addr
                    inet_ntop(AF_INET6, &a, &text, socklen_t(text.count))
                    return (String(cMessage: text), UInt16(bigEndian: v6.pointee.sin6_port))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var a = v4.pointee.sin_addr
                inet_ntop(AF_INET, &a, &text, socklen_t(text.count))
                return (String(cMessage: text), UInt16(bigEndian: v4.pointee.sin_port))
            }
        }
    }
}

/// Why the server could not start (exit status 2: the command line asked for it).
public struct ServerStartError: Error, Sendable, CustomStringConvertible {
    public var message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension String {
    /// The text of a NUL-terminated C buffer.
    init(cMessage buffer: [CChar]) {
        self = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
