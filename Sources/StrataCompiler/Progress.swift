import Foundation

/// How long work (render, check, concat) shows how far it is, on standard
/// error (`--progress`). `--quiet` silences every style.
public enum ProgressStyle: String, Sendable, CaseIterable {
    /// `bar` when standard error is a terminal, nothing otherwise (the default).
    case auto
    /// One line redrawn in place (`\r`) at most 10 times a second, even into a pipe.
    case bar
    /// A whole line at the first frame, then once `plainInterval` seconds
    /// have passed since the last one, and at the last frame: for CI logs and files, which a redrawn line garbles.
    case plain
    /// Nothing.
    case none

    /// Seconds between two lines of `plain`.
    public static let plainInterval = 5.0
}

/// Counts finished frames and tells the console how far the work is, in the
/// style asked for (`ProgressStyle`); silent with `--quiet`, with `none`,
/// and with `auto` when the console shows no progress (standard error is
/// not a terminal).
final class ProgressReporter {
    /// Seconds between two redraws of the bar.
    static let barInterval = 0.1

    private enum Display { case bar, plain }

    private let total: Int
    private let label: String
    private let console: (any Console)?
    private let display: Display
    /// Seconds on a monotonic clock (injected by tests).
    private let clock: () -> Double
    private let start: Double
    private var lastShown: Double?
    private var done = 0

    init(total: Int, label: String, quiet: Bool, style: ProgressStyle, console: any Console,
         clock: @escaping () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }) {
        self.total = total
        self.label = label
        self.clock = clock
        start = clock()
        let display: Display? = switch style {
        case _ where quiet, .none: nil
        case .auto: console.showsProgress ? .bar : nil
        case .bar: .bar
        case .plain: .plain
        }
        self.console = display == nil ? nil : console
        self.display = display ?? .bar
    }

    func frameDone() {
        done += 1
        guard let console else { return }
        let now = clock()
        let interval = display == .bar ? Self.barInterval : ProgressStyle.plainInterval
        guard done == total || lastShown.map({ now - $0 >= interval }) ?? true else { return }
        lastShown = now
        let state = ProgressState(label: label, done: done, total: total, elapsed: now - start)
        switch display {
        case .bar: console.progress(state)
        case .plain: console.status(state.line)
        }
    }

    func finish() {
        if display == .bar { console?.progress(nil) }
    }
}
