import Foundation
import StrataEncode
import StrataModel

/// `strata concat MANIFEST -o OUT`: checks that every chunk of a chunked
/// render is there, complete and made from the manifest's scene and
/// settings, then joins them: video segments by stream copy (no frame is
/// encoded again) with continuous timestamps, PNG chunks into one folder.
public struct ConcatCommand: StrataCommand {
    public var manifestPath: String
    public var output: String
    /// `--segments DIR`: where the chunks are; nil: the manifest's folder.
    public var segmentsFolder: String?
    /// `--quiet`: no progress, no summary line.
    public var quiet = false
    /// `--progress`: how far the frames are, on standard error.
    public var progressStyle = ProgressStyle.auto

    public init(manifestPath: String, output: String) {
        self.manifestPath = manifestPath
        self.output = output
    }

    /// The folder the chunk outputs are looked for in.
    var folder: String {
        if let segmentsFolder { return segmentsFolder.hasSuffix("/") && segmentsFolder.count > 1 ? String(segmentsFolder.dropLast()) : segmentsFolder }
        let parent = parentFolder(of: manifestPath)
        return parent.isEmpty ? "." : parent
    }

    public func run(_ console: any Console) throws -> ExitStatus {
        let manifest = try RenderManifest.read(path: manifestPath)
        try checkOutput(manifest)
        let check = SegmentCheck(manifest: manifest, folder: folder)
        try check.run()
        let leftovers = check.leftovers()
        if !leftovers.isEmpty {
            console.status("strata concat: \(leftovers.count) unfinished file\(leftovers.count == 1 ? "" : "s") of interrupted chunk renders in \(folder) (\(leftovers.prefix(3).joined(separator: ", "))\(leftovers.count > 3 ? ", ..." : "")) are not part of the video; remove them")
        }
        let progress = ProgressReporter(total: manifest.frames.count, label: "concat", quiet: quiet, style: progressStyle, console: console)
        defer { progress.finish() }
        let writer = RenderCommand(scenePath: manifest.scene, output: output)
        if let video = manifest.video {
            let joiner = SegmentJoiner(container: video.container, frameRate: manifest.frameRate,
                                       fastStart: video.options.fastStart, soundtrack: try soundtrack(manifest, console))
            let segments = manifest.chunks.map {
                SegmentJoiner.Segment(path: check.path(of: $0), firstFrame: $0.frames.first - manifest.frames.first)
            }
            try writer.writeAtomically(output) { temp in
                do {
                    try joiner.join(segments, to: temp, progress: progress.frameDone)
                } catch let error as EncodeError {
                    throw CompileError(error.message, status: .failure)
                }
            }
        } else {
            try joinSequence(manifest, check: check, writer: writer, progress: progress)
        }
        return .success
    }

    /// The output's kind must be the chunks': a video file of the same
    /// container, or a folder for PNG chunks.
    func checkOutput(_ manifest: RenderManifest) throws(CompileError) {
        var isDir: ObjCBool = false
        let isFolder = output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isDir) && isDir.boolValue)
        let ext = (output as NSString).pathExtension.lowercased()
        switch manifest.format {
        case .png:
            guard isFolder else {
                throw CompileError("the chunks of '\(manifestPath)' are PNG sequences: give a folder, -o frames/")
            }
        default:
            let extensions = manifest.format.container?.spec.extensions ?? []
            guard !isFolder, extensions.contains(ext) else {
                let names = extensions.map { "." + $0 }.joined(separator: " or ")
                throw CompileError("the chunks of '\(manifestPath)' are \(manifest.format.rawValue) segments, joined without encoding again: give a \(names) output, e.g. -o out.\(manifest.format.rawValue)")
            }
        }
    }

    /// Links (or copies) every chunk's PNGs into one folder; the names are
    /// already the whole sequence's.
    func joinSequence(_ manifest: RenderManifest, check: SegmentCheck, writer: RenderCommand,
                      progress: ProgressReporter) throws {
        let finalDir = output.hasSuffix("/") && output.count > 1 ? String(output.dropLast()) : output
        try writer.ensureParentExists(finalDir)
        let temp = TemporaryOutputs.shared.temporaryPath(for: finalDir)
        do {
            try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
            var names: [String] = []
            for chunk in manifest.chunks {
                let source = check.path(of: chunk)
                for frame in chunk.frames.first...chunk.frames.last {
                    let name = RenderCommand.sequenceFileName(frame: frame, lastFrame: manifest.frames.last)
                    try Self.linkOrCopy(source + "/" + name, to: temp + "/" + name)
                    names.append(name)
                    progress.frameDone()
                }
            }
            try writer.commitSequence(temp, into: finalDir, names: names)
        } catch {
            TemporaryOutputs.shared.discard(temp)
            throw error
        }
    }

    /// A hard link when both are on one file system (no bytes move), a copy otherwise.
    static func linkOrCopy(_ source: String, to destination: String) throws {
        if link(source, destination) == 0 { return }
        do {
            try FileManager.default.copyItem(atPath: source, toPath: destination)
        } catch {
            throw CompileError("cannot copy '\(source)' to '\(destination)': \(error.localizedDescription)", status: .failure)
        }
    }
}
