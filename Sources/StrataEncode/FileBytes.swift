#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and writes through POSIX, so that failures carry the
/// system's reason ("No such file or directory") in an `EncodeError`.
enum FileBytes {
    static func load(path: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try forEachPiece(of: path) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Calls `body` with successive pieces of the file (at most 1 MiB each), so
    /// that large files are read in bounded memory.
    static func forEachPiece(of path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw EncodeError("cannot open \(path): \(reason())") }
        defer { close(fd) }
        var piece = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = piece.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw EncodeError("cannot read \(path): \(reason())")
            }
            if n == 0 { return }
            try piece.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<n])) }
        }
    }

    static func store(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw EncodeError("cannot create \(path): \(reason())") }
        var written = 0
        let failure: String? = bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return reason()
                }
                written += n
            }
            return nil
        }
        if close(fd) != 0, failure == nil { throw EncodeError("cannot write \(path): \(reason())") }
        if let failure { throw EncodeError("cannot write \(path): \(failure)") }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
