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
    public var quiet = false
    /// `--all-variants`: one output per canvas variant into the `output` folder.
    public var allVariants = false
    /// `--contact-sheet` / `--every`: one PNG of many frames instead of a video or still.
    public var contactSheet: ContactSheet?

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

    /// What `-o` names.
    enum Target {
        case video(String, VideoContainer), pngSequence(String), still(String)
        /// Frames go through the normal pipeline and are dropped; no file is touched.
        case discard
    }

    var target: Target {
        get throws(CompileError) {
            if output == Self.discardOutput { return .discard }
            var isDir: ObjCBool = false
            if output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isDir) && isDir.boolValue) {
                return .pngSequence(output)
            }
            let ext = (output as NSString).pathExtension.lowercased()
            if ext == "png" { return .still(output) }
            if let container = VideoContainer(extension: ext) { return .video(output, container) }
            let names = VideoContainer.allCases.map(\.displayName).joined(separator: ", ")
            throw CompileError("cannot tell the output format of '\(output)': use a \(names) or .png name, a folder ending in '/', or \(Self.discardOutput)")
        }
    }

    /// Loads and checks everything (warnings go to the console before the
    /// first frame renders), then renders.
    public func run(_ console: any Console) throws -> ExitStatus {
        try checkSettings()
        if allVariants { return try runAllVariants(console) }
        let target = try self.target
        let (loaded, warnings) = try SceneLoader.load(file: scenePath, options: load)
        console.report(warnings)
        var scene = loaded
        console.report(try overrides.apply(to: &scene))
        try checkContactSheetTarget(target)
        let (times, indices) = contactSheet == nil ? try frameTimes(scene, target: target) : ([], [])
        let output = try prepareOutput(scene, target: target, frames: indices, what: "the canvas",
                                       warn: { console.report([$0]) })
        try render(scene, to: target, output: output, times: times, indices: indices, label: "render", console: console)
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
    }

    /// Renders a scene that is loaded, laid out and checked into `target`.
    func render(_ scene: Scene, to target: Target, output: PreparedOutput?, times: [Double], indices: [Int],
                label: String, console: any Console) throws {
        if let contactSheet, case .still(let path) = target {
            return try renderContactSheet(scene, contactSheet, to: path, label: label, console: console)
        }
        let pipeline = FramePipeline(scene: scene, jobs: jobs, memoryLimit: memoryLimit)
        let progress = ProgressReporter(total: times.count, label: label, quiet: quiet, console: console)
        defer { progress.finish() }
        switch target {
        case .video(let path, _):
            guard let output else { return }
            let settings = output.settings
            try writeAtomically(path) { temp in
                let writer = try VideoWriter(path: temp, settings: settings)
                // Each render thread converts its own frames to the encoder's format: this thread only encodes.
                try pipeline.run(times: times, progress: progress, makeEmpty: { VideoFrame() }, makeFinisher: {
                    let converter = try VideoFrameConverter(settings: settings)
                    return { pixmap, video in try converter.convert(pixmap, into: video) }
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
        case .still(let path):
            try writeAtomically(path) { temp in
                try pipeline.run(times: times, progress: progress) { _, pixmap in try PNGCodec.write(pixmap, to: temp) }
            }
        case .pngSequence(let dir):
            try writeSequence(into: dir, indices: indices, pipeline: pipeline, times: times, progress: progress)
        case .discard:
            try pipeline.run(times: times, progress: progress) { _, _ in }
        }
    }

    /// The times to render: `--time`, `--frames`, or every frame of the scene.
    func frameTimes(_ scene: Scene, target: Target) throws(CompileError) -> (times: [Double], indices: [Int]) {
        let count = scene.frameCount
        if let time {
            switch target {
            case .still, .discard: break
            default: throw CompileError("--time makes one still; give a .png output (or \(Self.discardOutput))")
            }
            guard time.isFinite, time >= 0, time <= Limits.maxDuration else {
                throw CompileError("--time must be a time from 0 to \(Int(Limits.maxDuration))s, found \(time)")
            }
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

    /// Writes into a temporary name beside `path` and renames it when complete.
    func writeAtomically(_ path: String, _ body: (String) throws -> Void) throws {
        try ensureParentExists(path)
        let temp = TemporaryOutputs.shared.temporaryPath(for: path)
        do {
            try body(temp)
            try TemporaryOutputs.shared.commit(temp, to: path)
        } catch {
            TemporaryOutputs.shared.discard(temp)
            throw error
        }
    }

    /// A PNG sequence goes into a temporary folder first; the frames move into
    /// `dir` only when all of them are written.
    func writeSequence(into dir: String, indices: [Int], pipeline: FramePipeline, times: [Double],
                       progress: ProgressReporter) throws {
        let fm = FileManager.default
        let finalDir = dir.hasSuffix("/") && dir.count > 1 ? String(dir.dropLast()) : dir
        try ensureParentExists(finalDir)
        let temp = TemporaryOutputs.shared.temporaryPath(for: finalDir)
        do {
            try fm.createDirectory(atPath: temp, withIntermediateDirectories: true)
            let digits = max(5, String(indices.last ?? 0).count)
            func name(_ i: Int) -> String {
                let s = String(i)
                return String(repeating: "0", count: max(0, digits - s.count)) + s + ".png"
            }
            // The render threads encode their own frames (the costly part); this thread writes the files.
            try pipeline.run(times: times, progress: progress, makeEmpty: { [UInt8]() }, makeFinisher: {
                { pixmap, png in png = try PNGCodec.encode(pixmap) }
            }, consume: { position, png in try PNGCodec.store(png, to: temp + "/" + name(indices[position])) })
            if !fm.fileExists(atPath: finalDir) {
                try TemporaryOutputs.shared.commit(temp, to: finalDir)
            } else {
                for i in indices { try TemporaryOutputs.shared.commit(temp + "/" + name(i), to: finalDir + "/" + name(i)) }
                TemporaryOutputs.shared.discard(temp)
            }
        } catch {
            TemporaryOutputs.shared.discard(temp)
            throw error
        }
    }

    func ensureParentExists(_ path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty else { return }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: parent, isDirectory: &isDir), isDir.boolValue { return }
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw CompileError("cannot create folder '\(parent)': \(error.localizedDescription)", status: .failure)
        }
    }
}
