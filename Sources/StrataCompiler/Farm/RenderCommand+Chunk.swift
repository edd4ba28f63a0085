import Foundation
import StrataModel

/// `strata render SCENE --chunk I/N -o DIR/` as given.
public struct ChunkRequest: Sendable {
    public var selector: ChunkSelector
    /// `--chunk-frames K` (the plan's); nil: `--chunk I/N` cuts N equal chunks.
    public var chunkFrames: Int?
    /// `--format`.
    public var format: ChunkFormat

    public init(selector: ChunkSelector, chunkFrames: Int? = nil, format: ChunkFormat = .mp4) {
        self.selector = selector; self.chunkFrames = chunkFrames; self.format = format
    }
}

extension RenderCommand {
    /// Renders one chunk of a chunked render into the `output` folder: a
    /// video segment (`chunk-0003.mp4`, starting with a key frame, with the
    /// chunk's identity as a container tag) or a folder of PNGs numbered as
    /// in the whole sequence (`chunk-0003/00120.png ...` and `segment.json`).
    /// Written under a temporary name and renamed when complete; a retry
    /// replaces it with the same frames.
    func runChunk(_ request: ChunkRequest, _ console: any Console) throws -> ExitStatus {
        var isDir: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: output, isDirectory: &isDir)
        guard output.hasSuffix("/") || (exists && isDir.boolValue) else {
            throw CompileError("--chunk writes its segment into a folder: give -o DIR/ (the segment is named like chunk-0003.\(request.format == .png ? "" : request.format.rawValue) in it)")
        }
        var command = self
        command.chunk = nil
        let split = try request.selector.split(chunkFrames: request.chunkFrames)
        let plan = try ChunkedRender(command: command, format: request.format, split: split, console: console)
        if let n = request.selector.count, n != plan.ranges.count {
            throw CompileError("--chunk .../\(n) does not match --chunk-frames \(request.chunkFrames ?? 0), which cuts the render into \(plan.ranges.count) chunks")
        }
        let index = try request.selector.resolve(chunks: plan.ranges.count, environment: ProcessInfo.processInfo.environment)
        let frames = plan.ranges[index]
        let folder = output.hasSuffix("/") && output.count > 1 ? String(output.dropLast()) : output
        let path = folder + "/" + plan.segmentName(index)
        let times = frames.map { plan.scene.time(ofFrame: $0) }
        let label = "chunk \(index)/\(plan.ranges.count)"
        let tag = plan.tag(index)
        if let container = request.format.container, let video = plan.video {
            command.containerTags = [SegmentTag.metadataKey: tag.json]
            _ = try command.render(plan.compiled, to: .video(path, container), output: PreparedOutput(settings: video, soundtrack: nil),
                               times: times, indices: Array(frames), label: label, console: console)
        } else {
            // A retry first takes the old identity away: until the new frames are
            // all in, the folder reads as incomplete.
            let tagPath = path + "/" + SegmentTag.fileName
            if FileManager.default.fileExists(atPath: tagPath) { try FileManager.default.removeItem(atPath: tagPath) }
            command.sequenceLastFrame = plan.frames.upperBound
            _ = try command.render(plan.compiled, to: .pngSequence(path), output: nil, times: times, indices: Array(frames),
                               label: label, console: console)
            try writeAtomically(tagPath) { try Data(tag.json.utf8).write(to: URL(fileURLWithPath: $0)) }
        }
        return .success
    }
}
