import StrataModel

/// How a command ends: the process's exit status.
public enum ExitStatus: Int32, Sendable, Hashable {
    /// Everything asked for was done (every golden matched, every scene is valid).
    case success = 0
    /// A golden mismatch, or an output or encoder failure.
    case failure = 1
    /// Bad input: the scene or the command line. Nothing was written.
    case badInput = 2
    /// Standard output was a pipe whose reader went away (`strata schema |
    /// head -1`): 128 + SIGPIPE, what shells show for a writer killed by
    /// SIGPIPE. Nothing is said (a `ClosedPipe`).
    case closedPipe = 141
}

/// A command with its options filled in. The `strata` executable parses its
/// arguments into one of these; tests and other tools build them directly.
/// A command says what the user should see through its `Console` and throws
/// what stops it; `CommandRunner` turns that into an exit status.
public protocol StrataCommand: Sendable {
    func run(_ console: any Console) throws -> ExitStatus
}

/// Runs commands: the one place where a thrown problem becomes what the user
/// sees and an exit status.
public enum CommandRunner {
    /// Scene problems (`DiagnosticList`, `Diagnostic`) are reported with their
    /// places and give `.badInput`; a `CompileError` is reported with its own
    /// status; a `ClosedPipe` gives `.closedPipe` without a word; anything
    /// else (an encoder or I/O failure) gives `.failure`.
    public static func run(_ command: any StrataCommand, console: any Console) -> ExitStatus {
        do {
            return try command.run(console)
        } catch let list as DiagnosticList {
            console.report(list.items)
            return .badInput
        } catch let diagnostic as Diagnostic {
            console.report([diagnostic])
            return .badInput
        } catch is ClosedPipe {
            return .closedPipe
        } catch let error as CompileError {
            console.fail(error.message)
            return error.status
        } catch {
            console.fail("\(error)")
            return .failure
        }
    }

    /// Runs `command` and keeps everything it says.
    public static func outcome(of command: any StrataCommand) -> CommandOutcome {
        let console = RecordingConsole()
        let status = run(command, console: console)
        return console.outcome(status: status)
    }
}

/// What a finished command said and how it ended.
public struct CommandOutcome: Sendable, Equatable {
    public var status: ExitStatus
    /// Standard output: JSON, a schema, check's summary.
    public var output: String
    /// Problems in scenes, in the order they were reported.
    public var diagnostics: [Diagnostic]
    /// Failures without a place in a scene (`strata: error: ...`).
    public var failures: [String]
    /// Lines about long-running work (`strata watch: ...`).
    public var statuses: [String]

    public init(status: ExitStatus, output: String = "", diagnostics: [Diagnostic] = [], failures: [String] = [],
                statuses: [String] = []) {
        self.status = status
        self.output = output
        self.diagnostics = diagnostics
        self.failures = failures
        self.statuses = statuses
    }
}
