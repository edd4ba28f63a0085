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

/// The process's handling of the signals that stop it: the one place signals are caught.
enum Interrupts {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let stop = DispatchSemaphore(value: 0)

    /// The signals that stop a command, each exiting 128 + its number:
    /// Ctrl-C, `kill`, a closed terminal (SIGHUP), Ctrl-\ (SIGQUIT: no
    /// crash report, the command is not crashing), and a reader that went
    /// away (SIGPIPE: `strata render -o - | head -c 100`).
    static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE]

    /// Call once, before the command runs.
    static func install(_ behaviour: InterruptBehaviour) {
        precondition(sources.isEmpty, "interrupt handling is installed once")
        // libdispatch takes signals through a signalfd on Linux, which sees
        // only blocked signals: a thread that left one unblocked (ignored)
        // would drop it. Blocked here, before any render thread exists, they
        // are blocked in every thread (threads inherit the mask).
        var mask = sigset_t()
        sigemptyset(&mask)
        for sig in stopping { sigaddset(&mask, sig) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        for sig in stopping {
            signal(sig, SIG_IGN)
            // A server's closed connection must not stop it: its writes fail with EPIPE instead.
            if sig == SIGPIPE, case .wake = behaviour { continue }
            let status = 128 + sig
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { handle(behaviour, status: status) }
            source.resume()
            sources.append(source)
        }
    }

    /// Blocks until one of the `stopping` signals arrives (with `.wake`).
    static func waitForStop() {
        stop.wait()
    }

    private static func handle(_ behaviour: InterruptBehaviour, status: Int32) {
        switch behaviour {
        case .abort:
            let removed = UnfinishedOutputs.removeAll()
            let what = removed > 0 ? "; no output written" : ""
            // A closed pipe ends the command as it ends any writer, without a word (stderr may be that pipe).
            if status != 128 + SIGPIPE { writeError("\n\(Program.name): interrupted\(what)\n") }
            // Not exit(): other threads are still rendering, and atexit handlers must not run under them.
            _exit(status)
        case .finish(let message):
            UnfinishedOutputs.removeAll()
            writeError("\n\(message)\n")
            _exit(0)
        case .wake:
            stop.signal()
        }
    }

    /// Ends the process now, from any thread, as an interrupt does: unfinished
    /// outputs removed, no atexit handlers (other threads may be rendering).
    static func end(status: Int32) -> Never {
        UnfinishedOutputs.removeAll()
        _exit(status)
    }

    /// Writes to standard error with write(2): nothing to fail or trap on
    /// when standard error is a closed pipe.
    private static func writeError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(2, &bytes, bytes.count)
    }
}
