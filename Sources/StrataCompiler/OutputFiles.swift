import Foundation

/// Outputs are written under a temporary name and renamed when complete.
/// Temporary paths are registered here so that a failure, or an interrupt
/// (the executable calls `UnfinishedOutputs.removeAll()`), removes them: no
/// partial output is ever left behind.
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

    /// Removes everything still registered; returns how many there were.
    func discardAll() -> Int {
        lock.lock()
        let all = paths
        paths.removeAll()
        lock.unlock()
        for p in all { try? FileManager.default.removeItem(atPath: p) }
        return all.count
    }
}

/// What an interrupted process calls before it exits: the outputs still
/// being written are removed. Safe to call from any thread, at any time.
public enum UnfinishedOutputs {
    /// Removes every temporary output; returns how many there were.
    @discardableResult
    public static func removeAll() -> Int { TemporaryOutputs.shared.discardAll() }
}

/// A failure that is not about the scene's text: a bad command line
/// (`.badInput`) or an I/O or encoder failure (`.failure`).
public struct CompileError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var status: ExitStatus
    public init(_ message: String, status: ExitStatus = .badInput) {
        self.message = message
        self.status = status
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
