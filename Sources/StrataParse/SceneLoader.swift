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

    public init(paramOverrides: [(name: String, value: String)] = [], verifiesMedia: Bool = false) {
        self.paramOverrides = paramOverrides
        self.verifiesMedia = verifiesMedia
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
            return (try SystemFiles.contents(of: path), path)
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
        var sink = DiagnosticSink()
        // Appended into room for one character per byte (never fewer bytes
        // than characters): one pass over the text rather than a count and a copy.
        var source: [Unicode.Scalar] = []
        source.reserveCapacity(bytes.count)
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars { source.append(scalar) }
        // libyaml skips a byte-order mark without counting it in its marks.
        if source.first == "\u{FEFF}" { source.removeFirst() }
        let (read, mayHoldReference) = YAMLReader.readNotingReferences(bytes, source: source, file: file, sink: &sink)
        guard let root = read else {
            throw DiagnosticList(normalized(sink.items))
        }
        guard let pairs = root.mapping else {
            sink.error(root.location, "a scene is a mapping with 'strata', 'canvas' and 'layers' at the top level, found \(root.found)")
            throw DiagnosticList(normalized(sink.items))
        }
        var builder = SceneBuilder(file: file)
        builder.source = source
        builder.verifiesMedia = options.verifiesMedia

        // Params first: they are never substituted themselves.
        let declared = root["params"].map { builder.declaredParams($0) } ?? []
        var params: [String: String] = [:]
        for p in declared { params[p.name] = p.value }
        builder.applyOverrides(options.paramOverrides, to: &params)

        var substitution = ParamSubstitution(params: params, source: source)
        // Without a `${` in any scalar, substitution would keep every node as it is.
        let substituted = !mayHoldReference ? root : YAMLNode(.mapping(pairs.map {
            $0.name == "params" ? $0 : YAMLPair(key: $0.key, value: substitution.apply($0.value))
        }), at: root.location)
        sink.append(contentsOf: substitution.diagnostics)
        for p in declared where !substitution.used.contains(p.name) {
            sink.warning(p.key.location, "param '\(p.name)' is never used")
        }

        let valueWarnings = ValueWarnings()
        let scene = ValueWarnings.$current.withValue(valueWarnings) {
            builder.build(root: substituted, params: params, directory: SceneBuilder.directory(of: file))
        }
        sink.append(contentsOf: builder.sink.items)
        sink.append(contentsOf: valueWarnings.diagnostics)
        let items = normalized(sink.items)
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
