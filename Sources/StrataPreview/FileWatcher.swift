import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Calls `onChange` when one of the watched files is written, replaced,
/// created or removed (inotify). It watches the files' folders rather than
/// the files, so that editors that save by writing a new file and renaming
/// it over the old one are seen too. Bursts of events (an editor's save is
/// several) are gathered for `settle` seconds and reported once.
final class FileWatcher: @unchecked Sendable {
    private let inotify: Int32
    /// A pipe whose write end `stop` writes to, to wake the thread from poll().
    private let wakeup: (read: Int32, write: Int32)
    private let settle: Double
    private let onChange: @Sendable ([String]) -> Void
    private let lock = NSLock()
    // Guarded by `lock`:
    private var folders: [Int32: String] = [:]
    private var files: Set<String> = []
    private var thread: Thread?
    private var finished = false
    private let done = DispatchSemaphore(value: 0)

    /// - Parameter settle: seconds of quiet after an event before `onChange` runs.
    init(settle: Double = 0.08, onChange: @escaping @Sendable ([String]) -> Void) throws(ServerStartError) {
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else { throw ServerStartError("cannot watch files (inotify): " + String(cString: strerror(errno))) }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            close(inotify)
            throw ServerStartError("cannot watch files: " + String(cString: strerror(errno)))
        }
        wakeup = (ends[0], ends[1])
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.settle = settle
        self.onChange = onChange
        let thread = Thread { [self] in run() }
        thread.name = "strata-file-watcher"
        self.thread = thread
        thread.start()
    }

    /// Watches exactly `paths` from now on (relative paths resolve against the working directory).
    func watch(_ paths: [String]) {
        let absolute = Set(paths.map(Self.absolute))
        let wanted = Set(absolute.map { ($0 as NSString).deletingLastPathComponent })
        lock.lock()
        defer { lock.unlock() }
        files = absolute
        for (descriptor, folder) in folders where !wanted.contains(folder) {
            inotify_rm_watch(inotify, descriptor)
            folders[descriptor] = nil
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
        for folder in wanted where !folders.values.contains(folder) {
            let descriptor = inotify_add_watch(inotify, folder, mask)
            if descriptor >= 0 { folders[descriptor] = folder }
        }
    }

    /// Ends the watching thread and closes the descriptors. Idempotent.
    func stop() {
        lock.lock()
        let first = !finished
        finished = true
        lock.unlock()
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakeup.write, &byte, 1)
        done.wait()
        close(inotify)
        close(wakeup.read)
        close(wakeup.write)
    }

    deinit { stop() }

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }

    private func run() {
        defer { done.signal() }
        var changed = Set<String>()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            // Wait for events; once something changed, only until it has been quiet for `settle`.
            var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeup.read, events: Int16(POLLIN), revents: 0)]
            let timeout: Int32 = changed.isEmpty ? -1 : Int32(settle * 1000)
            let ready = poll(&fds, 2, timeout)
            if ready < 0, errno == EINTR { continue }
            if fds[1].revents != 0 || ready < 0 { return }
            if ready == 0 {
                onChange(changed.sorted())
                changed.removeAll()
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            changed.formUnion(names(in: buffer, count: count))
        }
    }

    /// The watched files named by the events in `buffer`.
    private func names(in buffer: [UInt8], count: Int) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        var result: [String] = []
        var offset = 0
        let header = 16  // struct inotify_event before its name: wd, mask, cookie, len
        buffer.withUnsafeBytes { bytes in
            while offset + header <= count {
                let descriptor = bytes.load(fromByteOffset: offset, as: Int32.self)
                let nameLength = Int(bytes.load(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = offset + header
                if nameLength > 0, let folder = folders[descriptor] {
                    let raw = bytes[nameStart..<min(count, nameStart + nameLength)]
                    let name = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    let path = folder + "/" + name
                    if files.contains(path) { result.append(path) }
                }
                offset = nameStart + nameLength
            }
        }
        return result
    }
}
