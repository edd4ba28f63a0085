import Foundation
import StrataEncode
import StrataModel
import StrataParse

/// `strata render SCENE -o OUT`: an MP4, a PNG sequence, one PNG still, or
/// nothing (`-o /dev/null`: render and discard, to time rendering alone).
public struct RenderCommand: Sendable {
    public var scenePath: String
    public var output: String
    public var load = SceneLoadOptions(paramOverrides: [])
    public var overrides = SceneOverrides()
    /// `--time T` for a still, seconds.
    public var time: Double?
    /// `--frames A-B` (inclusive), frame numbers.
    public var frames: ClosedRange<Int>?
    public var video = VideoOptions()
    /// Render threads.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    public var quiet = false
    /// `--all-variants`: one output per canvas variant into the `output` folder.
    public var allVariants = false

    public init(scenePath: String, output: String) {
        self.scenePath = scenePath
        self.output = output
    }

    /// `-o` value that renders every frame and discards it.
    public static let discardOutput = "/dev/null"

    /// What `-o` names.
    enum Target {
        case mp4(String), pngSequence(String), still(String)
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
            switch (output as NSString).pathExtension.lowercased() {
            case "mp4", "m4v": return .mp4(output)
            case "png": return .still(output)
            default:
                throw CompileError("cannot tell the output format of '\(output)': use a .mp4 or .png name, a folder ending in '/', or \(Self.discardOutput)")
            }
        }
    }

    /// Loads, validates everything, then renders. Returns warnings to print.
    public func run(warn: (Diagnostic) -> Void) throws {
        if allVariants { return try runAllVariants(warn: warn) }
        let target = try self.target
        let (loaded, warnings) = try SceneLoader.load(file: scenePath, options: load)
        warnings.forEach(warn)
        var scene = loaded
        try overrides.apply(to: &scene).forEach(warn)
        let (times, indices) = try frameTimes(scene, target: target)
        try checkEncodable(scene, target: target, what: "the canvas")
        try render(scene, to: target, times: times, indices: indices, label: "render")
    }

    /// H.264 (yuv420p) needs even pixel dimensions.
    func checkEncodable(_ scene: Scene, target: Target, what: String) throws(CompileError) {
        if case .mp4 = target, scene.canvas.pixelWidth % 2 != 0 || scene.canvas.pixelHeight % 2 != 0 {
            throw CompileError("H.264 needs an even frame size, but \(what) is \(scene.canvas.pixelWidth)x\(scene.canvas.pixelHeight) pixels; change canvas.size, --size or --scale")
        }
    }

    /// Renders a scene that is loaded, laid out and checked into `target`.
    func render(_ scene: Scene, to target: Target, times: [Double], indices: [Int], label: String) throws {
        InterruptHandling.install()
        let pipeline = FramePipeline(scene: scene, jobs: jobs)
        let progress = ProgressReporter(total: times.count, label: label, quiet: quiet)
        defer { progress.finish() }
        switch target {
        case .mp4(let path):
            try writeAtomically(path) { temp in
                let writer = try MP4Writer(path: temp, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight,
                                           fps: scene.canvas.fps, options: video)
                // Each render thread converts its own frames to yuv420p: this thread only encodes.
                let (width, height) = (scene.canvas.pixelWidth, scene.canvas.pixelHeight)
                try pipeline.run(times: times, progress: progress, makeEmpty: { VideoFrame() }, makeFinisher: {
                    let converter = try VideoFrameConverter(width: width, height: height)
                    return { pixmap, video in try converter.convert(pixmap, into: video) }
                }, consume: { _, video in try writer.append(video) })
                try writer.finish()
            }
        case .still(let path):
            try writeAtomically(path) { temp in
                try pipeline.run(times: times, progress: progress) { _, pixmap in try PNGCodec.write(pixmap, to: temp) }
            }
        case .pngSequence(let dir):
            try writeSequence(into: dir, indices: indices, pipeline: pipeline, times: times, progress: progress)
        case .discard:
            try pipeline.discard(times: times, progress: progress)
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
            guard time.isFinite, time >= 0 else { throw CompileError("--time must be a finite time >= 0") }
            return ([time], [Int((time * scene.canvas.fps).rounded())])
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
            throw CompileError("cannot create folder '\(parent)': \(error.localizedDescription)", exitCode: 1)
        }
    }
}
