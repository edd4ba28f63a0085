import Foundation
import StrataEncode

/// What `strata concat` checks before it joins: every chunk of the manifest
/// is present, complete, made from the manifest's digest and frames, and
/// (video) encoded with the same codec parameters as the others. All
/// problems are reported together, each naming its chunk and file.
struct SegmentCheck {
    let manifest: RenderManifest
    let folder: String

    func path(of chunk: RenderManifest.Chunk) -> String { folder + "/" + chunk.output }

    func run() throws(CompileError) {
        var problems: [(chunk: Int, text: String)] = []
        var parameters: (chunk: Int, value: String)?
        for chunk in manifest.chunks {
            let path = self.path(of: chunk)
            do throws(SegmentProblem) {
                if manifest.format.container == nil {
                    try checkSequence(chunk, at: path)
                } else {
                    let facts = try checkVideo(chunk, at: path)
                    if let first = parameters, first.value != facts.parameters {
                        throw SegmentProblem("was encoded with other codec parameters than chunk \(first.chunk) (\(facts.parameters) against \(first.value))")
                    }
                    parameters = parameters ?? (chunk.index, facts.parameters)
                }
            } catch {
                problems.append((chunk.index, "chunk \(chunk.index) (\(path)) \(error.text)"))
            }
        }
        guard !problems.isEmpty else { return }
        let count = manifest.chunks.count
        let missing = problems.map(\.chunk)
        throw CompileError("\(problems.count) of \(count) chunk\(count == 1 ? "" : "s") cannot be joined:\n"
                           + problems.map { "  " + $0.text }.joined(separator: "\n")
                           + "\nrender \(missing.count == 1 ? "it" : "them") again (Slurm: --array=\(missing.map(String.init).joined(separator: ","))), then run concat again")
    }

    /// A video segment: readable, tagged with this render, every frame at its time, a key frame first.
    func checkVideo(_ chunk: RenderManifest.Chunk, at path: String) throws(SegmentProblem) -> SegmentFacts {
        guard FileManager.default.fileExists(atPath: path) else {
            throw SegmentProblem("is missing: its render has not finished or failed")
        }
        let facts: SegmentFacts
        do {
            facts = try SegmentReader.read(path: path, frameRate: manifest.frameRate)
        } catch {
            throw SegmentProblem("cannot be read (\(error)): not a finished segment")
        }
        try checkTag(facts.metadata[SegmentTag.metadataKey], of: chunk)
        guard facts.frameCount == chunk.frames.count else {
            throw SegmentProblem("is incomplete: it holds \(facts.frameCount) of its \(chunk.frames.count) frames")
        }
        if let gap = facts.timestampGap {
            throw SegmentProblem("has a frame out of place: its frame \(gap) is not presented at \(gap) frame durations from its start")
        }
        guard facts.startsWithKeyFrame else { throw SegmentProblem("does not start with a key frame") }
        return facts
    }

    /// A PNG chunk: a folder with `segment.json` and every frame of its range.
    func checkSequence(_ chunk: RenderManifest.Chunk, at path: String) throws(SegmentProblem) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else {
            throw SegmentProblem("is missing: its render has not finished or failed")
        }
        let tag = FileManager.default.contents(atPath: path + "/" + SegmentTag.fileName)
        guard let tag else { throw SegmentProblem("is incomplete: it has no \(SegmentTag.fileName) (its render did not finish)") }
        try checkTag(String(decoding: tag, as: UTF8.self), of: chunk)
        for frame in chunk.frames.first...chunk.frames.last {
            let name = RenderCommand.sequenceFileName(frame: frame, lastFrame: manifest.frames.last)
            guard Self.isPNG(path + "/" + name) else {
                throw SegmentProblem("is incomplete: \(name) is missing or not a PNG")
            }
        }
    }

    /// The segment's identity against the manifest's chunk.
    func checkTag(_ json: String?, of chunk: RenderManifest.Chunk) throws(SegmentProblem) {
        guard let json, let tag = SegmentTag(json: json) else {
            throw SegmentProblem("is not a strata chunk: it has no readable \(SegmentTag.metadataKey) identity")
        }
        guard tag.digest == manifest.digest else {
            let differences = RenderIdentity(facts: tag.facts).differences(from: RenderIdentity(facts: manifest.facts),
                                                                                labels: ("chunk", "manifest"))
            throw SegmentProblem("was rendered from another scene or other settings (digest \(tag.digest.prefix(19))..., the manifest's \(manifest.digest.prefix(19))...)"
                                 + (differences.isEmpty ? "" : "; differs in " + differences.joined(separator: ", ")))
        }
        guard tag.chunk == chunk.index, tag.frames == chunk.frames else {
            throw SegmentProblem("holds chunk \(tag.chunk) of \(tag.chunks) (frames \(tag.frames.first)-\(tag.frames.last)), but the manifest's chunk \(chunk.index) is frames \(chunk.frames.first)-\(chunk.frames.last): rendered with another --chunks or --chunk-frames")
        }
    }

    /// Hidden temporary files that chunk renders killed outright (SIGKILL,
    /// a lost node) left beside their segments: `.chunk-0003.mp4.strata-PID-N.tmp`.
    func leftovers() -> [String] {
        let names = Set(manifest.chunks.map(\.output))
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { file in
            guard file.hasPrefix("."), file.hasSuffix(".tmp"), let dot = file.range(of: ".strata-") else { return false }
            return names.contains(String(file[file.index(after: file.startIndex)..<dot.lowerBound]))
        }.sorted()
    }

    /// Starts with the PNG signature and ends with an IEND chunk (a whole file).
    static func isPNG(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard let head = try? file.read(upToCount: 8), [UInt8](head) == signature,
              let end = try? file.seekToEnd(), end >= 20, (try? file.seek(toOffset: end - 12)) != nil,
              let tail = try? file.read(upToCount: 12) else { return false }
        return [UInt8](tail)[4..<8] == [0x49, 0x45, 0x4E, 0x44][...]
    }
}

/// Why one chunk cannot be joined, completing "chunk 3 (farm/chunk-0003.mp4) ...".
struct SegmentProblem: Error {
    var text: String
    init(_ text: String) { self.text = text }
}
