import Foundation

/// Outputs are written under a temporary name and renamed when complete.
/// Temporary paths are registered here so that a failure, or an interrupt
/// (the executable calls `UnfinishedOutputs.removeAll()`), removes them: no
/// partial output is ever left behind.
final class TemporaryOutputs: @unchecked Sendable {
    static let shared = TemporaryOutputs()
    private let lock = NSLock()
    private var paths: Set<String> = []

    /// A fresh temporary path beside `final` (same directory, so rename is
    /// atomic): `.NAME.strata-PID@HOST-N.tmp`. The temporaries of `final`
    /// that processes of this machine no longer running left (killed
    /// outright: SIGKILL, the kernel's OOM killer, a power cut) are removed
    /// first; another machine's (a render farm's shared folder) are left
    /// alone, since its processes cannot be seen from here.
    func temporaryPath(for final: String) -> String {
        let url = URL(fileURLWithPath: final)
        let dir = url.deletingLastPathComponent().path
        Self.removeStale(of: url.lastPathComponent, in: dir)
        let name = "." + url.lastPathComponent + ".strata-\(getpid())@\(Self.host)-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let path = (dir as NSString).appendingPathComponent(name)
        lock.lock(); paths.insert(path); lock.unlock()
        return path
    }

    /// This machine's name as temporaries carry it: letters, digits, `.`
    /// and `_` (anything else becomes `_`), at most 64 characters.
    static let host: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        let raw = gethostname(&buffer, buffer.count) == 0
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let safe = String(raw.unicodeScalars.prefix(64).map {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == ".") ? Character($0) : "_"
        })
        return safe.isEmpty ? "_" : safe
    }()

    /// The process and machine that made a temporary named
    /// `.NAME.strata-PID@HOST-N.tmp`, or nil when `file` is not one for `name`.
    static func owner(ofTemporary file: String, for name: String) -> (pid: pid_t, host: String)? {
        let prefix = "." + name + ".strata-"
        guard file.hasPrefix(prefix), file.hasSuffix(".tmp") else { return nil }
        let rest = file.dropFirst(prefix.count).dropLast(4)
        guard let at = rest.firstIndex(of: "@"), let dash = rest.lastIndex(of: "-"), at < dash,
              let pid = pid_t(rest[..<at]), pid > 0, UInt32(rest[rest.index(after: dash)...]) != nil else { return nil }
        return (pid, String(rest[rest.index(after: at)..<dash]))
    }

    /// Removes the temporaries of `name` in `dir` whose process, on this
    /// machine, is gone (a live one, this or another render to the same
    /// output, keeps its own).
    static func removeStale(of name: String, in dir: String) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.isEmpty ? "." : dir)) ?? []
        for file in files {
            guard let owner = owner(ofTemporary: file, for: name), owner.host == host,
                  kill(owner.pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: (dir as NSString).appendingPathComponent(file))
        }
    }

    /// Moves a finished temporary file into place (atomic rename, replacing any old file).
    func commit(_ temporary: String, to final: String) throws {
        guard rename(temporary, final) == 0 else {
            let reason = String(cString: strerror(errno))
            discard(temporary)
            throw CompileError("cannot write '\(final)': \(reason)", status: .failure)
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
