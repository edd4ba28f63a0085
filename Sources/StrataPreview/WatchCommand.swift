import Foundation
import StrataCompiler
import StrataModel
import StrataParse

/// `strata watch SCENE.yaml -o OUT [render options]`: renders, then renders
/// again whenever the scene file or one of its assets changes, printing
/// the outcome or the diagnostics each time. Every render writes under a
/// temporary name and renames when complete, so the previous good output
/// stays in place while a render runs and when one fails. It runs until the
/// process is stopped (the executable makes Ctrl-C end it with status 0).
public struct WatchCommand: StrataCommand {
    public var render: RenderCommand

    public init(render: RenderCommand) { self.render = render }

    /// Renders, then waits for changes, until the process is stopped. The
    /// first render checks the command line: bad options end watch mode at once.
    public func run(_ console: any Console) throws -> ExitStatus {
        try SceneLoader.checkWatchable(render.scenePath, command: "watch")
        let changes = ChangeFlag()
        let watcher = try FileWatcher { changes.raise($0) }
        defer { watcher.stop() }
        var inputs = [render.scenePath]
        var first = true
        while true {
            inputs = currentInputs(fallback: inputs)
            watcher.watch(inputs)
            let start = Date()
            do {
                _ = try render.run(console)
                let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
                console.status("strata watch: wrote \(render.output) in \(seconds)s; waiting for changes")
            } catch let list as DiagnosticList {
                console.report(list.items)
                console.status("strata watch: \(render.output) not updated; waiting for changes")
            } catch let error as CompileError where !first || error.status == .failure {
                console.fail(error.message)
                console.status("strata watch: \(render.output) not updated; waiting for changes")
            }
            first = false
            let changed = changes.wait()
            console.status("strata watch: \(changed.map(Self.relative).joined(separator: ", ")) changed; rendering again")
        }
    }

    /// The files the scene reads now, or the last known ones (and the scene) when it does not load.
    private func currentInputs(fallback: [String]) -> [String] {
        guard let (scene, _) = try? SceneLoader.load(file: render.scenePath, options: render.load) else {
            return Array(Set(fallback + [render.scenePath])).sorted()
        }
        return SceneInputs.files(of: scene)
    }

    private static func relative(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }
}

/// Set by the watcher thread, waited for by the render loop; changes that
/// arrive during a render make the next wait return at once.
private final class ChangeFlag: @unchecked Sendable {
    private let condition = NSCondition()
    private var changed: Set<String> = []

    func raise(_ paths: [String]) {
        condition.lock()
        changed.formUnion(paths)
        condition.signal()
        condition.unlock()
    }

    func wait() -> [String] {
        condition.lock()
        defer { condition.unlock() }
        while changed.isEmpty { condition.wait() }
        let paths = changed.sorted()
        changed.removeAll()
        return paths
    }
}
