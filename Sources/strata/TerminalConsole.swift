import Foundation
import StrataCompiler
import StrataModel

/// Prints what commands say: output on stdout, diagnostics and failures on
/// stderr, and a progress line on stderr when it is a terminal.
final class TerminalConsole: Console, @unchecked Sendable {
    let showsProgress = isatty(2) == 1
    private var progressShown = false

    func write(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        clearProgress()
        standardError(diagnostics.map(\.description).joined(separator: "\n") + "\n")
    }

    func fail(_ message: String) {
        clearProgress()
        standardError("\(Program.name): error: \(message)\n")
    }

    /// `render frame 120/180  45.2 fps  ETA 1.3s`, redrawn in place.
    func progress(_ state: ProgressState?) {
        guard showsProgress else { return }
        guard let state else { return clearProgress() }
        let fps = state.elapsed > 0 ? Double(state.done) / state.elapsed : 0
        let eta = fps > 0 ? Double(state.total - state.done) / fps : 0
        standardError(String(format: "\r%@ frame %d/%d  %.1f fps  ETA %.1fs ", state.label, state.done, state.total, fps, eta))
        progressShown = true
    }

    private func clearProgress() {
        guard progressShown else { return }
        standardError("\r\u{1B}[K")
        progressShown = false
    }

    private func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
