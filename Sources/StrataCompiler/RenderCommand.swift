import Foundation
import StrataEncode
import StrataModel
import StrataParse

/// `strata render SCENE -o OUT`: an MP4, a PNG sequence, one PNG still, or
/// nothing (`-o /dev/null`: render and discard, to time rendering alone).
public struct RenderCommand: StrataCommand {
    public var scenePath: String
    public var output: String
    public var load = SceneLoadOptions(paramOverrides: [])
    public var overrides = SceneOverrides()
    /// `--time T` for a still, seconds.
    public var time: Double?
    /// `--frames A-B` (inclusive), frame numbers.
    public var frames: ClosedRange<Int>?
    public var video = VideoOptions()
    /// `--codec NAME`: another codec the output's container takes; nil: its default.
    public var codec: VideoCodec?
    /// Render threads, in `jobRange`.
    public var jobs: Int = Self.defaultJobs
    /// `--memory-limit`: bytes the frames being drawn may hold together, in `Limits.frameMemoryRange`.
    public var memoryLimit = Limits.frameMemory
    /// `--quiet`: no progress, no summary line.
    public var quiet = false
    /// `--progress`: how far the frames are, on standard error.
    public var progressStyle = ProgressStyle.auto
    /// `--all-variants`: one output per canvas variant into the `output` folder.
    public var allVariants = false
    /// `--contact-sheet` / `--every`: one PNG of many frames instead of a video or still.
    public var contactSheet: ContactSheet?
    /// `-o -`: the raw video written to standard output (`--stream-format`).
    public var streamFormat = StreamFormat.y4m
    /// `-n` refuses to replace an existing output; `-y` (the default) replaces it.
    public var overwrite = Overwrite.replace
    /// What is said once the output is written (`--json`; `watch` says its own).
    public var summary = SummaryStyle.terminal

    /// Whether an existing output is replaced.
    public enum Overwrite: Sendable, Hashable {
        /// Replace it (ffmpeg's `-y`); a PNG sequence replaces the folder's numbered frames.
        case replace
        /// Refuse, before anything renders (ffmpeg's `-n`): exit 1, the old output untouched.
        case refuse
    }

    /// How the written output is reported.
    public enum SummaryStyle: Sendable, Hashable {
        /// `wrote out.mp4: 180 frames, 6 s, 1920x1080, 2.1 MB in 5.4 s` on a terminal or with
        /// `--progress plain|bar` (not with `--quiet`).
        case terminal
        /// The same as one JSON object per output, always (`--json`).
        case json
        /// Nothing.
        case none
    }
    /// `--chunk`: one chunk of a chunked render, as a segment in the `output` folder.
    public var chunk: ChunkRequest?
    /// Container tags of a video output (a chunk's identity).
    var containerTags: [String: String] = [:]
    /// The last frame of the whole PNG sequence, whose number sets how many
    /// digits every name has; nil: this render's last frame.
    var sequenceLastFrame: Int?

    public init(scenePath: String, output: String) {
        self.scenePath = scenePath
        self.output = output
    }

    /// Render threads a command may ask for.
    public static let jobRange = 1...256
    /// One render thread per core.
    public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `-o` value that renders every frame and discards it.
    public static let discardOutput = "/dev/null"
    /// `-o` value that streams raw video to standard output.
    public static let standardOutput = "-"

    /// What `-o` names.
    enum Target {
        case video(String, VideoContainer), pngSequence(String), still(String)
        /// Frames go through the normal pipeline and are dropped; no file is touched.
        case discard
        /// Raw video on standard output, for another program to read.
        case stream(StreamFormat)
    }

    var target: Target {
        get throws(CompileError) {
            if output == Self.discardOutput { return .discard }
            if output == Self.standardOutput { return .stream(streamFormat) }
            var isDir: ObjCBool = false
            if output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isDir) && isDir.boolValue) {
                return .pngSequence(output)
            }
            let ext = (output as NSString).pathExtension.lowercased()
            if ext == "png" { return .still(output) }
            if let container = VideoContainer(extension: ext) { return .video(output, container) }
            let names = VideoContainer.allCases.map(\.displayName).joined(separator: ", ")
            throw CompileError("cannot tell the output format of '\(output)': use a \(names) or .png name, a folder ending in '/', - (raw video on standard output) or \(Self.discardOutput)")
        }
    }

    /// Loads and checks everything (warnings go to the console before the
    /// first frame renders), then renders.
    public func run(_ console: any Console) throws -> ExitStatus {
        let clock = ContinuousClock.now
        try checkSettings()
        if let chunk { return try runChunk(chunk, console) }
        if allVariants { return try runAllVariants(console) }
        let target = try self.target
        try checkStreamTarget(target)
        let compiled = try CompiledScene.load(file: scenePath, options: load, overrides: overrides,
                                              warn: { console.report([$0]) })
        let scene = compiled.laidOut
        try checkContactSheetTarget(target)
        let (times, indices) = contactSheet == nil ? try frameTimes(scene, target: target) : ([], [])
        try checkStreamSize(scene, target: target)
        try checkOverwrite(target)
        let output = try prepareOutput(scene, target: target, frames: indices, overrides: overrides,
                                       warn: { console.report([$0]) })
        let written = try render(compiled, to: target, output: output, times: times, indices: indices, label: "render",
                                 console: console)
        report(written, since: clock, console: console)
        return .success
    }

    /// Settings that need no scene: bad ones are bad input, found before anything is read.
    func checkSettings() throws(CompileError) {
        guard Self.jobRange.contains(jobs) else {
            throw CompileError("render threads must be \(Self.jobRange.lowerBound)...\(Self.jobRange.upperBound), got \(jobs)")
        }
        guard Limits.frameMemoryRange.contains(memoryLimit) else {
            throw CompileError("--memory-limit must be \(CompiledScene.bytes(Double(Limits.frameMemoryRange.lowerBound))) to "
                               + "\(CompiledScene.bytes(Double(Limits.frameMemoryRange.upperBound))), got \(memoryLimit) bytes")
        }
        do { try video.validate() } catch { throw CompileError("\(error)") }
        if scenePath == SceneLoader.standardInputPath, allVariants {
            throw CompileError("--all-variants names its files after the scene file; give a file, not '-' (standard input)")
        }
    }

    /// Y4M (4:2:0) needs even pixel dimensions; the error points where the size comes from.
    func checkStreamSize(_ scene: Scene, target: Target) throws {
        guard case .stream(.y4m) = target, scene.canvas.pixelWidth % 2 != 0 || scene.canvas.pixelHeight % 2 != 0 else { return }
        throw scene.sizeProblem(RawVideoStream.evenSizeRule + " (--stream-format nut takes any size)", overrides: overrides)
    }

    /// Renders a scene that is loaded, laid out, compiled and checked into `target`; says what was written.
    func render(_ compiled: CompiledScene, to target: Target, output: PreparedOutput?, times: [Double], indices: [Int],
                label: String, console: any Console) throws -> WrittenOutput {
        let scene = compiled.laidOut
        if let contactSheet, case .still(let path) = target {
            let tiles = try renderContactSheet(scene, contactSheet, to: path, label: label, console: console)
            return WrittenOutput(target: target, scene: scene, frames: tiles, firstTime: nil,
                                 width: nil, height: nil, bytes: SystemFiles.size(path) ?? 0)
        }
        let pipeline = FramePipeline(scene: compiled, jobs: jobs, memoryLimit: memoryLimit)
        let progress = ProgressReporter(total: times.count, label: label, quiet: quiet, style: progressStyle, console: console)
        defer { progress.finish() }
        var bytes = 0
        switch target {
        case .video(let path, _):
            guard let output else { throw CompileError("internal: a video output without settings", status: .failure) }
            let settings = output.settings
            try writeAtomically(path) { temp in
                let writer = try VideoWriter(path: temp, settings: settings, metadata: containerTags)
                // Each render thread converts its own frames to the encoder's format: this thread only encodes.
                try pipeline.run(times: times, progress: progress, makeEmpty: { VideoFrame() }, makeFinisher: {
                    let converter = try VideoFrameConverter(settings: settings)
                    return { pixmap, change, video in try converter.convert(pixmap, changing: change, into: video) }
                }, consume: { position, video in
                    try writer.append(video)
                    // The soundtrack follows the frames: frame i's samples right after it.
                    if let soundtrack = output.soundtrack {
                        let rate = scene.canvas.frameRate, i = indices[position], sr = soundtrack.sampleRate
                        let span = rate.sample(ofFrame: i, samplesPerSecond: sr)..<rate.sample(ofFrame: i + 1, samplesPerSecond: sr)
                        try writer.appendAudio(soundtrack.samples(span)[...])
                    }
                })
                try writer.finish()
            }
            bytes = SystemFiles.size(path) ?? 0
        case .still(let path):
            try writeAtomically(path) { temp in
                try pipeline.run(times: times, progress: progress) { _, pixmap in try PNGCodec.write(pixmap, to: temp) }
            }
            bytes = SystemFiles.size(path) ?? 0
        case .pngSequence(let dir):
            bytes = try writeSequence(into: dir, indices: indices, pipeline: pipeline, times: times, progress: progress)
        case .stream(let format):
            bytes = try writeStream(format, scene: scene, pipeline: pipeline, times: times, progress: progress)
        case .discard:
            try pipeline.discard(times: times, progress: progress)
        }
        return WrittenOutput(target: target, scene: scene, frames: times.count, firstTime: times.first,
                             width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight, bytes: bytes)
    }

    /// The times to render: `--time`, `--frames`, or every frame of the scene.
    func frameTimes(_ scene: Scene, target: Target) throws -> (times: [Double], indices: [Int]) {
        let count = scene.frameCount
        if let time {
            switch target {
            case .still, .discard, .stream: break
            default: throw CompileError("--time makes one still; give a .png output (or - or \(Self.discardOutput))")
            }
            guard time.isFinite, time >= 0, time <= Limits.maxDuration else {
                throw CompileError("--time must be a time from 0 to \(Int(Limits.maxDuration))s, found \(time)")
            }
            try scene.check(.seconds(time))
            return ([time], [scene.canvas.frameRate.frame(nearest: time)])
        }
        var range = 0...max(0, count - 1)
        if let frames {
            guard frames.lowerBound >= 0, frames.upperBound < count else {
                throw CompileError("--frames \(frames.lowerBound)-\(frames.upperBound) is outside the scene's frames 0-\(count - 1)")
            }
            range = frames
        }
        if case .still = target {
            guard range.count == 1 || frames == nil else {
                throw CompileError("a .png output is one still: give --time T or a single --frames N")
            }
            range = range.lowerBound...range.lowerBound
        }
        return (range.map { scene.time(ofFrame: $0) }, Array(range))
    }
}
