import Foundation
import StrataCompiler

/// What Ctrl-C and SIGTERM do while a command runs; each command declares
/// its own (`CommandSpec.onInterrupt`).
enum InterruptBehaviour: Sendable, Hashable {
    /// Remove the outputs still being written, say so, exit 130 / 143
    /// (128 + the signal), as shells expect of an interrupted program.
    case abort
    /// The normal end of a command that runs until stopped (`watch`):
    /// remove half-written outputs, print `message`, exit 0.
    case finish(message: String)
    /// The command stops itself: `Interrupts.waitForStop()` returns (`preview`
    /// answers the requests in progress first).
    case wake
}

/// The process's SIGINT and SIGTERM handling: the one place signals are caught.
enum Interrupts {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let stop = DispatchSemaphore(value: 0)

    /// Call once, before the command runs.
    static func install(_ behaviour: InterruptBehaviour) {
        precondition(sources.isEmpty, "interrupt handling is installed once")
        for (sig, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { handle(behaviour, status: status) }
            source.resume()
            sources.append(source)
        }
    }

    /// Blocks until SIGINT or SIGTERM arrives (with `.wake`).
    static func waitForStop() {
        stop.wait()
    }

    private static func handle(_ behaviour: InterruptBehaviour, status: Int32) {
        switch behaviour {
        case .abort:
            let removed = UnfinishedOutputs.removeAll()
            let what = removed > 0 ? "; no output written" : ""
            FileHandle.standardError.write(Data("\n\(Program.name): interrupted\(what)\n".utf8))
            // Not exit(): other threads are still rendering, and atexit handlers must not run under them.
            _exit(status)
        case .finish(let message):
            UnfinishedOutputs.removeAll()
            FileHandle.standardError.write(Data("\n\(message)\n".utf8))
            _exit(0)
        case .wake:
            stop.signal()
        }
    }
}
