import Foundation

/// Outputs are written under a temporary name and renamed when complete.
/// Temporary paths are registered here so that an interrupt (SIGINT/SIGTERM)
/// or a failure removes them: no partial output is ever left behind.
final class TemporaryOutputs: @unchecked Sendable {
    static let shared = TemporaryOutputs()
    private let lock = NSLock()
    private var paths: Set<String> = []

    /// A fresh temporary path beside `final` (same directory, so rename is atomic).
    func temporaryPath(for final: String) -> String {
        let url = URL(fileURLWithPath: final)
        let dir = url.deletingLastPathComponent().path
        let name = "." + url.lastPathComponent + ".strata-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let path = (dir as NSString).appendingPathComponent(name)
        lock.lock(); paths.insert(path); lock.unlock()
        return path
    }

    /// Moves a finished temporary file into place (atomic rename, replacing any old file).
    func commit(_ temporary: String, to final: String) throws {
        guard rename(temporary, final) == 0 else {
            let reason = String(cString: strerror(errno))
            discard(temporary)
            throw CompileError("cannot write '\(final)': \(reason)")
        }
        forget(temporary)
    }

    /// Removes a temporary file or folder and forgets it.
    func discard(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        forget(path)
    }

    func forget(_ path: String) {
        lock.lock(); paths.remove(path); lock.unlock()
    }

    /// Removes everything still registered (called on interrupt).
    func discardAll() {
        lock.lock()
        let all = paths
        paths.removeAll()
        lock.unlock()
        for p in all { try? FileManager.default.removeItem(atPath: p) }
    }
}

/// Ctrl-C and SIGTERM remove temporary outputs and exit non-zero (130 / 143).
/// The first `install` decides what happens: `strata watch` installs it
/// first with its own message and status 0 (stopping it is the normal end).
public enum InterruptHandling {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// - Parameters:
    ///   - message: printed on stderr after the temporary outputs are removed.
    ///   - status: the exit status; nil for 130 (SIGINT) / 143 (SIGTERM).
    public static func install(message: String = "strata: interrupted; no output written", status: Int32? = nil) {
        guard sources.isEmpty else { return }
        for (sig, code) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                TemporaryOutputs.shared.discardAll()
                FileHandle.standardError.write(Data("\n\(message)\n".utf8))
                _exit(status ?? code)
            }
            source.resume()
            sources.append(source)
        }
    }
}

/// A failure that is not about the scene's text: a bad command line
/// (exit status 2) or an I/O or encoder failure (exit status 1).
public struct CompileError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var exitCode: Int32
    public init(_ message: String, exitCode: Int32 = 2) {
        self.message = message
        self.exitCode = exitCode
    }
    public var description: String { message }
}

/// The folder part of a path: `a/b` -> `a`, `/x` -> `/`, `x` -> "" (what
/// NSString's `deletingLastPathComponent` gives, which crashes on
/// one-character names like `f` in swift-corelibs-foundation).
func parentFolder(of path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}
