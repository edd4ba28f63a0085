import Foundation
import StrataCompiler
import StrataModel
import StrataParse

/// `strata preview SCENE.yaml [--port N] [--host ADDRESS]`: serves the live
/// preview page until `waitForStop` returns (the executable makes Ctrl-C and
/// SIGTERM return it), then stops cleanly: event streams end, pending
/// requests are answered, the render threads finish.
public struct PreviewCommand: StrataCommand {
    /// The port when `--port` is not given.
    public static let defaultPort: UInt16 = 8765
    /// The address when `--host` is not given: loopback only.
    public static let defaultHost = "127.0.0.1"

    public var scenePath: String
    public var host = Self.defaultHost
    /// 0 picks any free port (printed in the URL line).
    public var port = Self.defaultPort
    public var load = SceneLoadOptions()
    /// Render threads, in `RenderCommand.jobRange`.
    public var jobs = RenderCommand.defaultJobs
    /// Blocks until serving should end.
    public var waitForStop: @Sendable () -> Void

    public init(scenePath: String, waitForStop: @escaping @Sendable () -> Void) {
        self.scenePath = scenePath
        self.waitForStop = waitForStop
    }

    /// Serves until stopped (`.success` after a clean stop). A missing scene
    /// file or a port that cannot be bound throws before anything is served.
    public func run(_ console: any Console) throws -> ExitStatus {
        try SceneLoader.checkWatchable(scenePath, command: "preview")
        let server: PreviewServer
        do {
            server = try PreviewServer(scenePath: scenePath, options: load, host: host, port: port,
                                       jobs: jobs, log: { console.status($0) })
        } catch {
            throw CompileError(error.message)
        }
        if !server.isLoopback {
            console.status("strata preview: warning: listening on \(host), not on the loopback address: other machines can read the scene and its assets")
        }
        console.write("strata preview: serving \(scenePath) at \(server.url) (Ctrl-C stops)")
        waitForStop()
        server.stop()
        console.status("strata preview: stopped")
        return .success
    }
}
