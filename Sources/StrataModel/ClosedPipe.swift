#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reader of a pipe went away (`strata schema | head -1`): a write to it
/// failed with EPIPE. The command stops quietly, as a Unix tool stops on
/// SIGPIPE, with exit status 141 (128 + SIGPIPE) and nothing on standard
/// error. The signal itself is ignored (a process dying of it could not
/// remove its unfinished outputs), so a closed pipe is known from here only.
public struct ClosedPipe: Error, Sendable, Hashable, CustomStringConvertible {
    public init() {}
    public var description: String { "the reader of the pipe has gone" }
}

extension SystemFiles {
    /// Writes every byte to `descriptor` with write(2), again after an
    /// interrupted or short write. Throws `ClosedPipe` when the descriptor is
    /// a pipe nobody reads any more, a `SystemError` ("cannot write WHAT:
    /// No space left on device") for any other failure.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, what: String) throws {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = write(descriptor, next, left)
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw ClosedPipe() }
                throw SystemError.current("cannot write \(what)")
            }
            next += n
            left -= n
        }
    }

    /// `writeAll(_:to:what:)` for text, as UTF-8.
    public static func writeAll(_ text: String, to descriptor: Int32, what: String) throws {
        var text = text
        try text.withUTF8 { try writeAll(UnsafeRawBufferPointer($0), to: descriptor, what: what) }
    }
}
