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
    /// Reads and parses a scene file. Warnings come back with the scene; errors
    /// are thrown all together (with the warnings), sorted by place.
    public static func load(file path: String, options: SceneLoadOptions = SceneLoadOptions())
        throws(DiagnosticList) -> (scene: Scene, warnings: [Diagnostic]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DiagnosticList([Diagnostic(.commandLine(), "scene file '\(path)' not found")])
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            let why = isDirectory.boolValue ? "it is a directory" : "it cannot be read"
            throw DiagnosticList([Diagnostic(.commandLine(), "cannot read scene file '\(path)': \(why)")])
        }
        return try parse(bytes: [UInt8](data), file: path, options: options)
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
        var source = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        // libyaml skips a byte-order mark without counting it in its marks.
        if source.first == "\u{FEFF}" { source.removeFirst() }
        guard let root = YAMLReader.read(bytes, source: source, file: file, sink: &sink) else {
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
        let substituted = YAMLNode(.mapping(pairs.map {
            $0.name == "params" ? $0 : YAMLPair(key: $0.key, value: substitution.apply($0.value))
        }), at: root.location)
        sink.append(contentsOf: substitution.diagnostics)
        for p in declared where !substitution.used.contains(p.name) {
            sink.warning(p.key.location, "param '\(p.name)' is never used")
        }

        let scene = builder.build(root: substituted, params: params, directory: SceneBuilder.directory(of: file))
        sink.append(contentsOf: builder.sink.items)
        let items = normalized(sink.items)
        guard let scene, !items.contains(where: { $0.severity == .error }) else {
            throw DiagnosticList(items)
        }
        return (scene, items)
    }

    /// Drops repeats (a template reused through aliases reports its problems
    /// once) and sorts: command-line problems first, then by line and column.
    static func normalized(_ items: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        let unique = items.filter { seen.insert($0).inserted }
        return unique.enumerated().sorted { a, b in
            let ka = (a.element.location.file == "<command line>" ? 0 : 1, a.element.location.line, a.element.location.column, a.offset)
            let kb = (b.element.location.file == "<command line>" ? 0 : 1, b.element.location.line, b.element.location.column, b.offset)
            return ka < kb
        }.map(\.element)
    }
}
