import Foundation
import StrataCompiler

/// Ctrl-C and SIGTERM: remove the outputs still being written, say so, and
/// exit at once with 130 / 143 (128 + the signal), as shells expect.
enum Interrupts {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Call once, before any command runs.
    static func install() {
        for (sig, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                let removed = UnfinishedOutputs.removeAll()
                let what = removed > 0 ? "; no output written" : ""
                FileHandle.standardError.write(Data("\n\(Program.name): interrupted\(what)\n".utf8))
                // Not exit(): other threads are still rendering, and atexit handlers must not run under them.
                _exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }
}
