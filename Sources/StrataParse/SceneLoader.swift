import Foundation
import StrataModel

/// Options of a scene load that come from the command line.
public struct SceneLoadOptions: Sendable {
    /// `--set name=value` overrides of declared params, in command-line order (a later one wins).
    public var paramOverrides: [(name: String, value: String)]
    /// Decode every frame of every video `contents` while loading, so that
    /// damage anywhere in a clip is a located error now (`validate`;
    /// costly: about 7.5 s of CPU per minute of 1080p H.264). Otherwise a
    /// video's index and first frame are checked, and a render finds
    /// damage in the frames it reaches.
    public var verifiesMedia: Bool

    /// A text layer with no font at all, or characters no font has (they
    /// would render as boxes), is an error rather than a warning (`check`:
    /// a golden of boxes checks nothing).
    public var fontProblemsAreErrors: Bool

    /// Every warning is an error (`--strict`): a scene that would load with
    /// warnings fails to load, so nothing is rendered from it.
    public var warningsAreErrors: Bool

    public init(paramOverrides: [(name: String, value: String)] = [], verifiesMedia: Bool = false,
                fontProblemsAreErrors: Bool = false, warningsAreErrors: Bool = false) {
        self.paramOverrides = paramOverrides
        self.verifiesMedia = verifiesMedia
        self.fontProblemsAreErrors = fontProblemsAreErrors
        self.warningsAreErrors = warningsAreErrors
    }
}

/// The front end: scene file -> validated `Scene`.
public enum SceneLoader {
    /// The scene path that means standard input.
    public static let standardInputPath = "-"
    /// How diagnostics name a scene read from standard input.
    public static let standardInputName = "<stdin>"

    /// Reads and parses a scene file (`-`: standard input, read once per
    /// process; relative asset paths then start from the working directory).
    /// Warnings come back with the scene; errors are thrown all together
    /// (with the warnings), sorted by place. A file that cannot be read is
    /// one error about the whole file, with the system's reason.
    public static func load(file path: String, options: SceneLoadOptions = SceneLoadOptions())
        throws(DiagnosticList) -> (scene: Scene, warnings: [Diagnostic]) {
        let (bytes, name) = try source(of: path)
        return try parse(bytes: bytes, file: name, options: options)
    }

    /// For commands that watch the scene file (`preview`, `watch`): it must
    /// be a file that can be opened, not standard input.
    public static func checkWatchable(_ path: String, command: String) throws(DiagnosticList) {
        if path == standardInputPath {
            throw DiagnosticList([Diagnostic(.commandLine(), "\(command) reloads the scene file when it changes: standard input ('-') cannot be watched; save the scene to a file")])
        }
        _ = try source(of: path)
    }

    /// The bytes of a scene and the name diagnostics give it.
    static func source(of path: String) throws(DiagnosticList) -> (bytes: [UInt8], name: String) {
        if path == standardInputPath {
            switch StandardInput.contents {
            case .success(let bytes): return (bytes, standardInputName)
            case .failure(let error): throw DiagnosticList([Diagnostic(.wholeFile(path), error.message)])
            }
        }
        if SystemFiles.isFolder(path) {
            throw DiagnosticList([Diagnostic(.wholeFile(path), "cannot read '\(path)': it is a folder; give a scene file (a folder is for 'strata check')")])
        }
        do {
            return (try SystemFiles.contents(of: path, limit: Limits.maxSceneBytes), path)
        } catch {
            throw DiagnosticList([Diagnostic(.wholeFile(path), error.message)])
        }
    }

    /// Parses scene text. `file` names it in diagnostics and is where relative
    /// asset paths start from (its directory).
    public static func parse(text: String, file: String, options: SceneLoadOptions = SceneLoadOptions())
        throws(DiagnosticList) -> (scene: Scene, warnings: [Diagnostic]) {
        try parse(bytes: Array(text.utf8), file: file, options: options)
    }

    static func parse(bytes: [UInt8], file: String, options: SceneLoadOptions)
        throws(DiagnosticList) -> (scene: Scene, warnings: [Diagnostic]) {
        try onLoadStack { () throws(DiagnosticList) in try build(bytes: bytes, file: file, options: options) }.get()
    }

    /// Bytes of stack a load may use: building recurses once per YAML
    /// level, layer level and used scene, each used scene a builder of its
    /// own (about 180 KB a level in a debug build), so the deepest scene the
    /// limits allow (`Limits.maxLayerDepth` levels of used scenes) needs more
    /// than a main thread's 8 MB. Reserved, not touched unless used.
    static let loadStackSize = 256 << 20

    /// Runs `body` on a thread with `loadStackSize` bytes of stack and waits for it.
    static func onLoadStack<T: Sendable>(_ body: @escaping @Sendable () throws(DiagnosticList) -> T) -> Result<T, DiagnosticList> {
        nonisolated(unsafe) var result: Result<T, DiagnosticList>?
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do throws(DiagnosticList) { result = .success(try body()) } catch { result = .failure(error) }
            done.signal()
        }
        thread.stackSize = loadStackSize
        thread.start()
        done.wait()
        return result!
    }

    private static func build(bytes: [UInt8], file: String, options: SceneLoadOptions)
        throws(DiagnosticList) -> (scene: Scene, warnings: [Diagnostic]) {
        var sink = DiagnosticSink()
        guard let document = SceneDocument.read(bytes, file: file, sink: &sink) else {
            throw DiagnosticList(normalized(sink.items))
        }
        let session = LoadSession(verifiesMedia: options.verifiesMedia, fontProblemsAreErrors: options.fontProblemsAreErrors)
        session.enter(file)
        var builder = SceneBuilder(file: file, session: session)
        builder.source = document.source
        // Params first: they are never substituted themselves.
        let declared = document.root["params"].map { builder.declaredParams($0) } ?? []
        var params = SceneBuilder.defaults(declared)
        builder.applyOverrides(options.paramOverrides, declared: declared, to: &params)
        builder.checkRequired(declared, overrides: options.paramOverrides)
        let scene = builder.buildDocument(document, declared: declared, params: params)
        sink.append(contentsOf: builder.sink.items)
        var items = normalized(sink.items)
        if options.warningsAreErrors {
            for i in items.indices where items[i].severity == .warning { items[i].severity = .error }
        }
        guard let scene, !items.contains(where: { $0.severity == .error }) else {
            throw DiagnosticList(items)
        }
        return (scene, items)
    }

    /// Drops repeats (a template reused through aliases reports its problems
    /// once) and sorts: problems without a place (the command line, the whole file) first, then by line and column.
    static func normalized(_ items: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        let unique = items.filter { seen.insert($0).inserted }
        return unique.enumerated().sorted { a, b in
            let ka = (a.element.location.hasPosition ? 1 : 0, a.element.location.line, a.element.location.column, a.offset)
            let kb = (b.element.location.hasPosition ? 1 : 0, b.element.location.line, b.element.location.column, b.offset)
            return ka < kb
        }.map(\.element)
    }
}
