import Foundation
import StrataCompiler
import StrataModel

/// Prints what commands say: output on stdout, diagnostics, failures and
/// status lines on stderr, and a progress line on stderr when it is a
/// terminal. Diagnostics are text (coloured on a terminal: `--color`,
/// `NO_COLOR`) or JSON lines (`--diagnostics json`). Lines never interleave
/// (servers report from their own threads).
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
        locked { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
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
        let (format, printer) = locked { (self.format, self.printer) }
        switch format {
        case .text: standardError(printer.failure(message) + "\n")
        case .json: standardError(DiagnosticPrinter.json(failure: message) + "\n")
        }
    }

    func status(_ line: String) {
        standardError(line + "\n")
    }

    /// `render frame 120/180  45.2 fps  ETA 1.3s`, redrawn in place.
    func progress(_ state: ProgressState?) {
        guard showsProgress else { return }
        guard let state else { return locked { clearProgress() } }
        let fps = state.elapsed > 0 ? Double(state.done) / state.elapsed : 0
        let eta = fps > 0 ? Double(state.total - state.done) / fps : 0
        let line = String(format: "\r%@ frame %d/%d  %.1f fps  ETA %.1fs ", state.label, state.done, state.total, fps, eta)
        locked {
            FileHandle.standardError.write(Data(line.utf8))
            progressShown = true
        }
    }

    /// Whole lines on stderr, after clearing a progress line.
    private func standardError(_ text: String) {
        locked {
            clearProgress()
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    private func clearProgress() {
        guard progressShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        progressShown = false
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
