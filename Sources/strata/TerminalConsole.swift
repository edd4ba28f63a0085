import Foundation
import StrataCompiler
import StrataModel

/// Prints what commands say: output on stdout, diagnostics, failures and
/// status lines on stderr, and a progress line on stderr (by default when
/// it is a terminal). Diagnostics are text (coloured on a terminal: `--color`,
/// `NO_COLOR`) or JSON lines (`--diagnostics json`). Lines never interleave
/// (servers report from their own threads). Every byte goes out through
/// write(2): a pipe whose reader has gone ends the process quietly with exit
/// status 141 (`ClosedPipe`), as SIGPIPE ends any Unix tool.
final class TerminalConsole: Console, @unchecked Sendable {
    let showsProgress = isatty(2) == 1
    private let lock = NSLock()
    private var progressShown = false
    private var format = DiagnosticFormat.text
    private var printer = DiagnosticPrinter(
        colour: ColorChoice.auto.resolved(isTerminal: isatty(2) == 1, environment: ProcessInfo.processInfo.environment))

    /// How diagnostics and failures are printed from now on; called once the
    /// command line is parsed (its own errors use the defaults).
    func present(format: DiagnosticFormat, color: ColorChoice) {
        locked {
            self.format = format
            printer.colour = color.resolved(isTerminal: isatty(2) == 1, environment: ProcessInfo.processInfo.environment)
        }
    }

    func write(_ text: String) {
        locked { send(text + "\n", to: 1, what: "standard output") }
    }

    func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let (format, printer) = locked { (self.format, self.printer) }
        switch format {
        case .text: standardError(diagnostics.map(printer.text).joined(separator: "\n") + "\n")
        case .json: standardError(diagnostics.map(DiagnosticPrinter.json).joined(separator: "\n") + "\n")
        }
    }

    func fail(_ message: String) {
        let line = locked { failureLine(message) }
        standardError(line)
    }

    /// `strata: error: message`, or its JSON object, with its newline.
    private func failureLine(_ message: String) -> String {
        switch format {
        case .text: printer.failure(message) + "\n"
        case .json: DiagnosticPrinter.json(failure: message) + "\n"
        }
    }

    func status(_ line: String) {
        standardError(line + "\n")
    }

    /// `render frame 120/180  45.2 fps  ETA 1.3s`, redrawn in place (on a
    /// terminal, or wherever `--progress bar` asks).
    func progress(_ state: ProgressState?) {
        guard let state else { return locked { clearProgress() } }
        locked {
            send("\r" + state.line + " ", to: 2, what: "standard error")
            progressShown = true
        }
    }

    /// Whole lines on stderr, after clearing a progress line.
    private func standardError(_ text: String) {
        locked {
            clearProgress()
            send(text, to: 2, what: "standard error")
        }
    }

    private func clearProgress() {
        guard progressShown else { return }
        send("\r\u{1B}[K", to: 2, what: "standard error")
        progressShown = false
    }

    /// Writes to standard output or error, holding the lock. Standard output
    /// that cannot take it ends the process here, since `Console.write` cannot
    /// fail: a closed pipe quietly (141), another failure (a full disk) with its
    /// reason (1); unfinished outputs are removed first, as on an interrupt.
    /// Standard error that fails has no one to tell, but its closed pipe ends
    /// the process too (`strata render ... 2>&1 | head`).
    private func send(_ text: String, to descriptor: Int32, what: String) {
        do {
            try SystemFiles.writeAll(text, to: descriptor, what: what)
        } catch is ClosedPipe {
            Interrupts.end(status: ExitStatus.closedPipe.rawValue)
        } catch {
            guard descriptor == 1 else { return }
            try? SystemFiles.writeAll(failureLine("\(error)"), to: 2, what: what)
            Interrupts.end(status: ExitStatus.failure.rawValue)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
