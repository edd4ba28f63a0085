import Foundation
import StrataModel

/// Where a running command's messages go. The `strata` executable prints
/// them (standard output, standard error, a progress line on a terminal);
/// `RecordingConsole` keeps them. Called from one thread at a time.
public protocol Console: Sendable {
    /// One piece of standard output (JSON, a schema, a summary); a newline follows it.
    func write(_ text: String)
    /// Problems in scenes, each with its place: warnings while a command
    /// runs, the errors that stop it.
    func report(_ diagnostics: [Diagnostic])
    /// A failure with no place in a scene: the command line, a file, the encoder.
    func fail(_ message: String)
    /// A line about long-running work for whoever watches it (standard
    /// error): `strata watch: wrote out.png in 0.42s; waiting for changes`.
    /// May be called from any thread.
    func status(_ line: String)
    /// Whether progress is shown by default (`--progress auto`): standard
    /// error is a terminal. Commands do not count frames for nobody.
    var showsProgress: Bool { get }
    /// The state of long work, drawn as a bar redrawn in place; nil when it
    /// is over (the bar is cleared). `--progress plain` prints `status` lines instead.
    func progress(_ state: ProgressState?)
}

/// How far long work is: `done` of `total` frames after `elapsed` seconds.
public struct ProgressState: Sendable, Hashable {
    /// What is being done: "render", "check ui/card@story".
    public var label: String
    public var done: Int
    public var total: Int
    /// Seconds since the work started.
    public var elapsed: Double

    public init(label: String, done: Int, total: Int, elapsed: Double) {
        self.label = label
        self.done = done
        self.total = total
        self.elapsed = elapsed
    }

    /// `render frame 120/180  45.2 fps  ETA 1.3s`: the bar's text and a line of `--progress plain`.
    public var line: String {
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = fps > 0 ? Double(total - done) / fps : 0
        return String(format: "%@ frame %d/%d  %.1f fps  ETA %.1fs", label, done, total, fps, eta)
    }
}

/// A console that keeps what it is told, for tests and callers that print
/// (or do not print) on their own.
public final class RecordingConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var output = ""
    private var diagnostics: [Diagnostic] = []
    private var failures: [String] = []
    private var statuses: [String] = []

    public init() {}

    public func write(_ text: String) { locked { output += text + "\n" } }
    public func report(_ items: [Diagnostic]) { locked { diagnostics += items } }
    public func fail(_ message: String) { locked { failures.append(message) } }
    public func status(_ line: String) { locked { statuses.append(line) } }
    public var showsProgress: Bool { false }
    public func progress(_ state: ProgressState?) {}

    /// Everything recorded so far, with the status the command ended with.
    public func outcome(status: ExitStatus) -> CommandOutcome {
        locked {
            CommandOutcome(status: status, output: output, diagnostics: diagnostics, failures: failures, statuses: statuses)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
