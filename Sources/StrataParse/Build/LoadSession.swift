import Foundation
import StrataModel

/// What every file of one scene load shares: the scene and the scenes it
/// uses (compositions) are built by one `SceneBuilder` each, and these
/// are theirs together.
final class LoadSession {
    /// `SceneLoadOptions.verifiesMedia`.
    let verifiesMedia: Bool
    /// Layers built so far in all files (the root excluded), against `Limits.maxLayers`.
    var layerCount = 0
    var layerLimitReported = false
    /// The files being built, the loaded scene first, each using the next:
    /// a file that uses one of them again closes a cycle.
    private(set) var chain: [(key: String, name: String)] = []
    /// The problems of used files reported so far (by place, severity and
    /// message): a file used many times reports each of its problems once,
    /// with the notes of its first use.
    private var reported = Set<String>()
    /// Each used file read so far (by `key(of:)`): its YAML, read once however often it is used.
    private var documents: [String: SceneDocument?] = [:]

    /// `SceneLoadOptions.fontProblemsAreErrors`.
    let fontProblemsAreErrors: Bool

    init(verifiesMedia: Bool, fontProblemsAreErrors: Bool = false) {
        self.verifiesMedia = verifiesMedia
        self.fontProblemsAreErrors = fontProblemsAreErrors
    }

    /// The same file however its path is spelt (`a/../b.yaml`, `./b.yaml`,
    /// through a symbolic link).
    static func key(of path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (absolute as NSString).resolvingSymlinksInPath
    }

    /// Whether `d` (a used file's problem) is reported for the first time in this load.
    func firstReport(of d: Diagnostic) -> Bool {
        // The notes' count too: a problem of a file used deeper down comes
        // up once per level, a note more each time.
        reported.insert("\(d.location)|\(d.severity)|\(d.message)|\(d.notes.count)").inserted
    }

    func enter(_ file: String) { chain.append((Self.key(of: file), file)) }
    func leave() { chain.removeLast() }

    /// The chain of uses from the loaded scene to `file` when `file` is
    /// being built already (`a.yaml → b.yaml → a.yaml`), else nil.
    func cycle(closedBy file: String) -> [String]? {
        let key = Self.key(of: file)
        guard let start = chain.firstIndex(where: { $0.key == key }) else { return nil }
        return chain[start...].map(\.name) + [file]
    }

    /// The YAML of a used file, read and parsed once per load; its syntax
    /// problems go to `sink` the first time (nil when it has no scene).
    /// Throws when the file cannot be read.
    func document(of path: String, sink: inout DiagnosticSink) throws(SystemError) -> SceneDocument? {
        let key = Self.key(of: path)
        if let known = documents[key] { return known }
        let read = SceneDocument.read(try SystemFiles.contents(of: path, limit: Limits.maxSceneBytes), file: path, sink: &sink)
        documents[key] = read
        return read
    }
}

/// One scene file's YAML, before params are substituted.
struct SceneDocument {
    /// The top-level mapping.
    let root: YAMLNode
    /// Whether some scalar may hold a `${`: without one, substitution keeps every node.
    let mayHoldReference: Bool
    /// The text as characters, to point inside scalars.
    let source: [Unicode.Scalar]

    /// The document in `bytes`, or nil after its problems (syntax, not a mapping) went to `sink`.
    static func read(_ bytes: [UInt8], file: String, sink: inout DiagnosticSink) -> SceneDocument? {
        // Appended into room for one character per byte (never fewer bytes
        // than characters): one pass over the text rather than a count and a copy.
        var source: [Unicode.Scalar] = []
        source.reserveCapacity(bytes.count)
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars { source.append(scalar) }
        // libyaml skips a byte-order mark without counting it in its marks.
        if source.first == "\u{FEFF}" { source.removeFirst() }
        let (read, mayHoldReference) = YAMLReader.readNotingReferences(bytes, source: source, file: file, sink: &sink)
        guard let root = read else { return nil }
        guard root.mapping != nil else {
            sink.error(root.location, "a scene is a mapping with 'strata', 'canvas' and 'layers' at the top level, found \(root.found)")
            return nil
        }
        return SceneDocument(root: root, mayHoldReference: mayHoldReference, source: source)
    }
}
