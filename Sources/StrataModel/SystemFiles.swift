#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call on a file, with the system's own reason
/// (`strerror`: "No such file or directory"), never Foundation's prose.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `cannot open 'scene.yaml': No such file or directory`.
    public var message: String
    /// The `errno` value.
    public var code: Int32

    public init(_ message: String, code: Int32) {
        self.message = message
        self.code = code
    }

    /// `"\(what): <the reason for errno>"`, read at once (before anything else changes errno).
    public static func current(_ what: String) -> SystemError {
        let code = errno
        return SystemError("\(what): \(reason(code))", code: code)
    }

    /// The system's text for `code`.
    public static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    public var description: String { message }
}

/// Whole-file reads and writes and folder creation through POSIX, so that
/// failures say what the system said, about the path the user named.
public enum SystemFiles {
    /// The bytes of the file at `path` (a FIFO or `/dev/stdin` too: reads to the end).
    /// With a `limit` (bytes), a longer file is an error (`EFBIG`) read no further.
    public static func contents(of path: String, limit: Int? = nil) throws(SystemError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .current("cannot open '\(path)'") }
        defer { close(fd) }
        return try readAll(fd, what: "'\(path)'", limit: limit)
    }

    /// Everything on standard input, up to its end (or an error past `limit` bytes).
    public static func contentsOfStandardInput(limit: Int? = nil) throws(SystemError) -> [UInt8] {
        try readAll(0, what: "standard input", limit: limit)
    }

    private static func readAll(_ fd: Int32, what: String, limit: Int?) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .current("cannot read \(what)")
            }
            if n == 0 { return bytes }
            if let limit, bytes.count + n > limit {
                throw SystemError("cannot read \(what): it is larger than \(limit >> 20) MiB, the most a scene may be", code: EFBIG)
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// Writes `bytes` to `path`, replacing any file there.
    public static func store(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw .current("cannot create '\(path)'") }
        var failure: SystemError?
        bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let n = write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = .current("cannot write '\(path)'")
                    return
                }
                written += n
            }
        }
        if close(fd) != 0, failure == nil { failure = .current("cannot write '\(path)'") }
        if let failure { throw failure }
    }

    /// Creates `path` and the folders above it that are missing (`mkdir -p`).
    public static func createFolder(_ path: String) throws(SystemError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                throw .current("cannot create folder '\(path)'")
            }
            prefix += "/"
        }
        guard isFolder(path) else {
            throw SystemError("cannot create folder '\(path)': \(reason(ENOTDIR))", code: ENOTDIR)
        }
    }

    /// Whether `path` names a folder (following links).
    public static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether anything exists at `path` (following links).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Bytes of a regular file, or nil.
    public static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    private static func reason(_ code: Int32) -> String { SystemError.reason(code) }
}
