import CAV
import Foundation

/// libav's logger, silenced: nothing it says reaches stderr, where it would
/// come before (and apart from) the located diagnostic. What it says at
/// error level on a thread that is `capturing` is kept, so the caller can
/// fold it into its own message ("invalid JPEG: huffman table decode error").
public enum LibavLog {
    /// Messages per capturing thread (a decode runs on the thread that asked for it).
    private static let lock = NSLock()
    nonisolated(unsafe) private static var captured: [UInt: [String]] = [:]
    /// At most this many messages are kept per capture (a corrupt file can log one per block).
    static let maxMessages = 8

    /// Installs the silent logger (once; later calls do nothing).
    public static func install() { _ = installed }

    private static let installed: Void = {
        av_log_set_callback { _, level, format, arguments in
            guard level <= AV_LOG_ERROR, let format, let arguments else { return }
            var line = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&line, line.count, format, arguments)
            let text = String(cString: line).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return }
            LibavLog.keep(text)
        }
    }()

    private static var thread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    private static func keep(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        let id = thread
        guard var messages = captured[id] else { return }
        if messages.count < maxMessages, !messages.contains(text) { messages.append(text) }
        captured[id] = messages
    }

    /// Runs `body` and returns what libav logged at error level on this
    /// thread while it ran, in order, repeats dropped.
    public static func capturing<T>(_ body: () -> T) -> (value: T, messages: [String]) {
        install()
        let id = thread
        lock.lock(); let outer = captured[id]; captured[id] = []; lock.unlock()
        defer { lock.lock(); captured[id] = outer; lock.unlock() }
        let value = body()
        lock.lock(); let messages = captured[id] ?? []; lock.unlock()
        return (value, messages)
    }
}
