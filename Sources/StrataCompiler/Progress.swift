import Foundation

/// Counts finished frames and tells the console at most 10 times a second
/// (and at the last frame); silent with `--quiet` or when the console shows
/// no progress (standard error is not a terminal).
final class ProgressReporter {
    private let total: Int
    private let label: String
    private let console: (any Console)?
    private let start = DispatchTime.now()
    private var lastDraw: UInt64 = 0
    private var done = 0

    init(total: Int, label: String, quiet: Bool, console: any Console) {
        self.total = total
        self.label = label
        self.console = quiet || !console.showsProgress ? nil : console
    }

    func frameDone() {
        done += 1
        guard let console else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDraw > 100_000_000 || done == total else { return }
        lastDraw = now
        console.progress(ProgressState(label: label, done: done, total: total,
                                       elapsed: Double(now - start.uptimeNanoseconds) / 1e9))
    }

    func finish() {
        console?.progress(nil)
    }
}
