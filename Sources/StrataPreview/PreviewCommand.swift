import Foundation
import StrataCompiler
import StrataModel
import StrataParse

/// `strata preview SCENE.yaml [--port N] [--host ADDRESS]`: serves the live
/// preview page until Ctrl-C (or SIGTERM), then stops cleanly: event
/// streams end, pending requests are answered, the render threads finish.
public struct PreviewCommand: Sendable {
    public var options: PreviewOptions

    public init(_ options: PreviewOptions) { self.options = options }

    /// Serves until interrupted; returns the exit status (0 after a clean stop).
    /// A missing scene file or a port that cannot be bound throws before anything is served.
    public func run() throws -> Int32 {
        let scenePath = options.scenePath, host = options.host
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scenePath, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw DiagnosticList([Diagnostic(.commandLine(), isDirectory.boolValue
                ? "cannot read scene file '\(scenePath)': it is a directory" : "scene file '\(scenePath)' not found")])
        }
        let stop = StopSignal()
        let server: PreviewServer
        do {
            server = try PreviewServer(scenePath: scenePath, options: options.load, host: host, port: options.port,
                                       jobs: options.jobs, log: { Self.printError($0) })
        } catch {
            throw CompileError(error.message)
        }
        if !server.isLoopback {
            Self.printError("strata preview: warning: listening on \(host), not on the loopback address: other machines can read the scene and its assets")
        }
        Self.printOut("strata preview: serving \(scenePath) at \(server.url) (Ctrl-C stops)")
        stop.wait()
        server.stop()
        Self.printError("strata preview: stopped")
        return 0
    }

    static func printOut(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    static func printError(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}

/// Waits for SIGINT or SIGTERM (the signals stop being fatal while it exists).
final class StopSignal: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private var sources: [DispatchSourceSignal] = []

    init() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [semaphore] in semaphore.signal() }
            source.resume()
            sources.append(source)
        }
    }

    func wait() { semaphore.wait() }
}
