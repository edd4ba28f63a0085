import Foundation
import StrataCompiler
import StrataModel
import StrataParse

/// `strata preview`: serves a scene to the browser page, renders any time
/// on demand through the same pipeline as `render` (on a pool of render
/// threads, with a bound on work in flight), caches encoded frames by
/// (version, size, time, format), watches the scene's files and pushes a
/// server-sent event after each reload.
public final class PreviewServer: @unchecked Sendable {
    /// `http://127.0.0.1:PORT/`.
    public let url: String
    public let port: UInt16
    /// Whether the server listens on a loopback address only.
    public let isLoopback: Bool

    let host: SceneHost
    let pool: RenderPool
    let cache = FrameCache()
    private let http: HTTPServer
    private var watcher: FileWatcher?
    private let log: @Sendable (String) -> Void
    /// Created last: a dispatch source released before it was resumed would crash.
    private var heartbeat: DispatchSourceTimer?

    /// Loads the scene (a scene with errors still starts: the page shows
    /// them until the file is fixed) and starts serving.
    /// - Parameters:
    ///   - jobs: render threads.
    ///   - log: where reload outcomes and diagnostics go (stderr for the CLI).
    public init(scenePath: String, options: SceneLoadOptions = SceneLoadOptions(), host address: String = "127.0.0.1",
                port: UInt16, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                log: @escaping @Sendable (String) -> Void = { _ in }) throws(ServerStartError) {
        self.host = SceneHost(path: scenePath, options: options)
        self.pool = RenderPool(workers: jobs)
        self.log = log
        // The handler reaches `self` through a box set once `self` exists.
        let router = Router()
        do {
            http = try HTTPServer(host: address, port: port, threads: 2) { request in
                router.server?.route(request) ?? .now(.error(.busy("the server is starting")))
            }
        } catch {
            pool.stop()
            throw error
        }
        self.port = http.port
        self.isLoopback = http.isLoopback
        let shown = http.address.contains(":") ? "[\(http.address)]" : http.address
        self.url = "http://\(shown):\(http.port)/"
        router.server = self

        let (_, diagnostics) = host.reload()
        if !diagnostics.isEmpty { log(diagnostics.map(\.description).joined(separator: "\n")) }
        do {
            let watcher = try FileWatcher { [weak self] changed in self?.filesChanged(changed) }
            watcher.watch(host.inputs)
            self.watcher = watcher
        } catch {
            stop()
            throw error
        }
        // Comments keep idle event streams alive through proxies and let the server notice closed ones.
        let heartbeat = DispatchSource.makeTimerSource(queue: .global())
        heartbeat.schedule(deadline: .now() + 10, repeating: 10)
        heartbeat.setEventHandler { [weak self] in self?.http.broadcast(Array(": keep-alive\n\n".utf8)) }
        heartbeat.resume()
        self.heartbeat = heartbeat
    }

    /// Reloads now (as a change of the scene file would) and tells the pages.
    public func reload() { filesChanged([host.path]) }

    /// The version that frames come from now (0 before one compiled).
    public var version: Int { host.current.version?.number ?? 0 }

    /// Stops watching, ends the event streams, answers pending requests, stops the threads.
    public func stop() {
        heartbeat?.cancel()
        watcher?.stop()
        http.stop()
        pool.stop()
    }

    private func filesChanged(_ changed: [String]) {
        let (status, diagnostics) = host.reload()
        watcher?.watch(host.inputs)
        let name = host.path
        if let version = status.version { cache.keepOnly(prefix: "v\(version.number)/") }
        if status.ok {
            log("strata preview: reloaded \(name) (version \(status.version!.number))"
                + (diagnostics.isEmpty ? "" : "\n" + diagnostics.map(\.description).joined(separator: "\n")))
        } else {
            log(diagnostics.map(\.description).joined(separator: "\n")
                + "\nstrata preview: \(name) has errors; the page keeps the last good frame")
        }
        http.broadcast(Self.sceneEvent(status))
    }

    /// `event: scene` with the version, whether it compiled and the attempt number.
    static func sceneEvent(_ status: SceneHost.Status) -> [UInt8] {
        let data = JSON.object([("version", .number(Double(status.version?.number ?? 0))), ("ok", .bool(status.ok)),
                                ("attempt", .number(Double(status.attempt)))]).serialized()
        return Array("event: scene\ndata: \(data)\n\n".utf8)
    }
}

/// Lets the HTTP handler, made before the server object, reach it.
private final class Router: @unchecked Sendable {
    weak var server: PreviewServer?
}
