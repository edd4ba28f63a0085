import Foundation
import StrataEncode
import StrataModel
import StrataParse

/// What the frames and bytes of a render depend on, as named facts, and one
/// digest over them. `strata plan` writes it into the manifest, every chunk
/// into its segment, and `strata concat` joins only segments whose digest is
/// the manifest's (naming the facts that differ otherwise).
///
/// The facts: the strata version and build, the SHA-256 of the scene file and
/// of every file it reads (assets, images), each `--set`, the canvas as
/// rendered (size, scale, pixels, frame rate, variant), the output format and
/// the encoder's settings. Fonts found through fontconfig by family name are
/// not covered: a farm's machines must have the same fonts (or the scene
/// ships them as `assets:`).
public struct RenderIdentity: Sendable, Equatable, Codable {
    /// `sha256:` and 64 hex digits over `facts`.
    public var digest: String
    public var facts: [String: String]

    public init(facts: [String: String]) {
        self.facts = facts
        let hash = SHA256()
        hash.update("strata render digest 1\n")
        for (name, value) in facts.sorted(by: { $0.key < $1.key }) { hash.update(name + "\t" + value + "\n") }
        digest = "sha256:" + hash.hexDigest()
    }

    /// The facts whose values differ, or that only one side has, as
    /// `canvas.fps (25 in the chunk, 30 in the manifest)` with `labels` ("chunk", "manifest").
    public func differences(from other: RenderIdentity, labels: (String, String)) -> [String] {
        Set(facts.keys).union(other.facts.keys).sorted().compactMap { name in
            let mine = facts[name], theirs = other.facts[name]
            guard mine != theirs else { return nil }
            return "\(name) (\(mine.map(Self.clip) ?? "none") in the \(labels.0), \(theirs.map(Self.clip) ?? "none") in the \(labels.1))"
        }
    }

    private static func clip(_ value: String) -> String {
        // File hashes are long; their first 12 digits tell two apart.
        value.count > 24 ? String(value.prefix(12)) + "..." : value
    }
}

extension RenderIdentity {
    /// The identity of rendering `scene` (loaded from `sceneFile` with `load`,
    /// laid out with `overrides`) into `format` with `video` settings.
    static func of(sceneFile: String, scene: Scene, load: SceneLoadOptions, overrides: SceneOverrides,
                   format: ChunkFormat, video: VideoSettings?, audio: AudioSettings?) throws(CompileError) -> RenderIdentity {
        var facts: [String: String] = ["strata": StrataVersion.current, "strata.build": BuildIdentity.current]
        let folder = parentFolder(of: sceneFile)
        for file in SceneInputs.files(of: scene) {
            let name = file == scene.file ? "scene" : "file " + relative(file, to: folder)
            do {
                facts[name] = try SHA256.hexDigest(ofFile: file)
            } catch {
                throw CompileError("cannot read '\(file)' for the render's digest: \(error)", status: .failure)
            }
        }
        for (name, value) in load.paramOverrides { facts["set " + name] = value }  // a later --set wins
        let canvas = scene.canvas
        facts["canvas.size"] = "\(JSON.format(canvas.size.width))x\(JSON.format(canvas.size.height))"
        facts["canvas.scale"] = JSON.format(canvas.scale)
        facts["canvas.pixels"] = "\(canvas.pixelWidth)x\(canvas.pixelHeight)"
        facts["canvas.fps"] = canvas.frameRate.description
        if let variant = overrides.variant { facts["canvas.variant"] = variant }
        facts["format"] = format.rawValue
        if let video { flatten(video, name: "encoder", into: &facts) }
        if let audio { flatten(audio, name: "audio", into: &facts) }
        return RenderIdentity(facts: facts)
    }

    /// Every stored property of a settings value as its own fact
    /// (`encoder.options.crf`), so that a setting added later is covered
    /// without a list to keep up; nil ones are left out.
    private static func flatten(_ value: Any, name: String, into facts: inout [String: String]) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let some = mirror.children.first { flatten(some.value, name: name, into: &facts) }
        case .struct where !mirror.children.isEmpty:
            for child in mirror.children { flatten(child.value, name: name + "." + (child.label ?? "?"), into: &facts) }
        default:
            facts[name] = (value as? Double).map(JSON.format) ?? "\(value)"
        }
    }

    /// `images/logo.png` for a file in the scene's folder tree, so that
    /// machines that mount the scene at other paths agree.
    private static func relative(_ file: String, to folder: String) -> String {
        let prefix = folder.isEmpty ? "" : folder + "/"
        return !prefix.isEmpty && file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }
}
