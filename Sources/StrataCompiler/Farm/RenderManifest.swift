import Foundation
import StrataEncode
import StrataModel

/// What `strata plan` prints: a render cut into chunks, everything a farm
/// needs to run them and `strata concat` needs to check and join them.
/// JSON with sorted keys, so equal plans print equal bytes.
public struct RenderManifest: Sendable, Equatable, Codable {
    /// This layout's version; `concat` refuses others.
    public static let currentVersion = 1

    public var manifestVersion: Int
    /// The strata version that planned it.
    public var strata: String
    /// The scene file as given to `plan` (relative to the working folder).
    public var scene: String
    /// The render settings every chunk must have.
    public var settings: PlannedSettings
    /// The same as the arguments that, after `strata render SCENE`, give a
    /// chunk these settings; a chunk adds `--chunk I/N -o DIR/`.
    public var renderArguments: [String]
    public var digest: String
    /// The facts the digest is made of (`RenderIdentity`).
    public var facts: [String: String]
    public var format: ChunkFormat
    /// Frames per second, and exactly.
    public var fps: Double
    public var frameRate: FrameRate
    /// Pixels.
    public var width: Int
    public var height: Int
    /// The frames rendered, first and last inclusive (all of the scene unless `--frames`).
    public var frames: FrameSpan
    /// Every segment's encoding: container, codec, size, frame rate, alpha,
    /// encoder options (nil for PNG chunks). The segments have no sound.
    public var video: VideoSettings?
    /// The soundtrack `concat` encodes once over the whole; nil: none.
    public var audio: AudioSettings?
    public var split: ChunkSplit
    public var chunks: [Chunk]

    public struct FrameSpan: Sendable, Equatable, Codable {
        public var first: Int
        public var last: Int
        public var count: Int
        init(_ range: ClosedRange<Int>) { first = range.lowerBound; last = range.upperBound; count = range.count }
        var range: ClosedRange<Int>? { first >= 0 && last >= first ? first...last : nil }
    }

    public struct Chunk: Sendable, Equatable, Codable {
        public var index: Int
        public var frames: FrameSpan
        /// The segment's name in the chunk folder: `chunk-0003.mp4`, or `chunk-0003` (a folder of PNGs).
        public var output: String
    }

    /// Pretty JSON with sorted keys and a final newline.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads and checks a manifest file; every problem names the file and the key.
    public static func read(path: String) throws(CompileError) -> RenderManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CompileError("cannot read the manifest '\(path)': \(FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")")
        }
        let manifest: RenderManifest
        do {
            manifest = try JSONDecoder().decode(RenderManifest.self, from: data)
        } catch let error as DecodingError {
            throw CompileError("\(path) is not a strata manifest (made by 'strata plan'): \(Self.describe(error))")
        } catch {
            throw CompileError("\(path) is not a strata manifest (made by 'strata plan'): \(error)")
        }
        try manifest.validate(path: path)
        return manifest
    }

    /// The structure `concat` relies on: chunks in order that cover the frames once.
    func validate(path: String) throws(CompileError) {
        func bad(_ why: String) -> CompileError { CompileError("\(path): \(why); make it again with 'strata plan'") }
        guard manifestVersion == Self.currentVersion else {
            throw bad("manifest version \(manifestVersion) is not \(Self.currentVersion), the one this strata reads")
        }
        guard FrameRate(frameRate.numerator, frameRate.denominator) == frameRate else {
            throw bad("frameRate \(frameRate.numerator)/\(frameRate.denominator) is not a frame rate")
        }
        guard (video == nil) == (format.container == nil), video.map({ $0.container == format.container }) ?? true else {
            throw bad("its video settings do not fit its format \(format.rawValue)")
        }
        guard width > 0, height > 0, let range = frames.range, frames.count == range.count else {
            throw bad("the size or the frame span is not valid")
        }
        guard !chunks.isEmpty, chunks.count <= ChunkSplit.maxChunks else { throw bad("it has \(chunks.count) chunks") }
        var next = range.lowerBound
        for (i, chunk) in chunks.enumerated() {
            guard chunk.index == i, let r = chunk.frames.range, r.lowerBound == next, chunk.frames.count == r.count,
                  !chunk.output.isEmpty, !chunk.output.contains("/"), chunk.output != "..", chunk.output != "." else {
                throw bad("chunk \(i) does not follow the chunk before it (index, frames or output name)")
            }
            next = r.upperBound + 1
        }
        guard next == range.upperBound + 1 else { throw bad("the chunks do not cover frames \(range.lowerBound)-\(range.upperBound)") }
    }

    /// `chunks[3].frames.first: missing`.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return keys.hasPrefix(".") ? String(keys.dropFirst()) : keys
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = path(context)
            return "'\(at.isEmpty ? "" : at + ".")\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "'\(path(context))' has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "'\(path(context))' is not valid: \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

/// The identity a chunk writes into its segment (a container tag on video,
/// `segment.json` in a PNG chunk's folder): `concat` checks it against the manifest.
struct SegmentTag: Sendable, Equatable, Codable {
    /// The container tag's name.
    static let metadataKey = "strata_segment"
    /// The file in a PNG chunk's folder.
    static let fileName = "segment.json"

    var strata: String
    var digest: String
    var facts: [String: String]
    var chunk: Int
    var chunks: Int
    var frames: RenderManifest.FrameSpan

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    init(strata: String, digest: String, facts: [String: String], chunk: Int, chunks: Int, frames: RenderManifest.FrameSpan) {
        self.strata = strata; self.digest = digest; self.facts = facts
        self.chunk = chunk; self.chunks = chunks; self.frames = frames
    }

    init?(json: String) {
        guard let tag = try? JSONDecoder().decode(SegmentTag.self, from: Data(json.utf8)) else { return nil }
        self = tag
    }
}
