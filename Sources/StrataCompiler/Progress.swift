import Foundation

/// Frame progress on stderr (frame, fps, ETA), only when stderr is a
/// terminal and not `--quiet`. Redraws at most 10 times a second.
final class ProgressReporter {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let start = DispatchTime.now()
    private var lastDraw: UInt64 = 0
    private var done = 0

    init(total: Int, label: String, quiet: Bool) {
        self.total = total
        self.label = label
        self.enabled = !quiet && isatty(2) == 1
    }

    func frameDone() {
        done += 1
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDraw > 100_000_000 || done == total else { return }
        lastDraw = now
        let elapsed = Double(now - start.uptimeNanoseconds) / 1e9
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = fps > 0 ? Double(total - done) / fps : 0
        let line = String(format: "\r%@ frame %d/%d  %.1f fps  ETA %.1fs ", label, done, total, fps, eta)
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
