import Foundation
import StrataCheck
import StrataEncode
import StrataModel
import StrataParse

extension CheckCommand {
    func run() throws -> Int32 {
        if update != nil, isCI {
            throw CompileError("CI=true: refusing to write goldens; record them locally with --update and commit them")
        }
        let files = try GoldenLayout.sceneFiles(paths)
        guard !files.isEmpty else { throw CompileError("no scene files (*.yaml) under \(paths.joined(separator: ", "))") }
        // Every scene must be valid, and laid out at each checked size, before anything renders.
        var units: [(scene: Scene, variant: String?)] = []
        var problems: [Diagnostic] = []
        for file in files {
            do {
                let (scene, warnings) = try SceneLoader.load(file: file, options: SceneLoadOptions(paramOverrides: sets))
                problems += warnings
                units += try laidOutSizes(of: scene, problems: &problems)
            } catch let error as DiagnosticList {
                problems += error.items
            }
        }
        CLI.printDiagnostics(problems)
        if problems.contains(where: { $0.severity == .error }) { return 2 }
        if update != nil { InterruptHandling.install() }

        var checks: [FrameCheck] = []
        for unit in units {
            checks += try check(unit.scene, variant: unit.variant)
        }
        checks += orphanFolders(checked: units.map { goldenFolder(for: $0.scene, variant: $0.variant) })
        // A golden that no scene frame produces fails the run (architecture.md).
        let report = CheckReport(frames: checks, orphansFail: true)
        try writeReports(report)
        printSummary(report)
        return report.failed ? 1 : 0
    }

    /// Checks one scene's frames at one size (the authored one, or a variant's).
    func check(_ scene: Scene, variant: String? = nil) throws -> [FrameCheck] {
        let folder = goldenFolder(for: scene, variant: variant)
        let policy = scene.golden
        let fallback = policy?.location ?? SourceLocation(file: scene.file, line: 1, column: 1)
        let (existing, strays) = GoldenLayout.existing(in: folder)
        let count = scene.frameCount
        var outcomes: [FrameCheck] = []
        func relativeToArtifacts(_ path: String) -> String { Self.relativePath(path, from: artifacts) }

        // Frames to check: listed ones and those with a golden file; the rest of the files are orphans.
        var listed: [Int: GoldenFrame] = [:]
        for f in policy?.frames ?? [] { listed[f.index(fps: scene.canvas.fps)] = f }
        for i in existing where i >= count {
            outcomes.append(FrameCheck(location: fallback, frame: i, time: scene.time(ofFrame: i), status: .orphan,
                                       expectedImage: relativeToArtifacts(folder + "/" + GoldenLayout.fileName(frame: i)),
                                       note: "past the scene's last frame \(count - 1)"))
        }
        for name in strays {
            outcomes.append(FrameCheck(location: fallback, frame: -1, time: 0, status: .orphan,
                                       expectedImage: relativeToArtifacts(folder + "/" + name),
                                       note: "'\(name)' is not named by a frame number like 00015.png"))
        }
        let frames = Set(listed.keys).union(existing.filter { $0 < count }).sorted()
        guard !frames.isEmpty else { return outcomes.map { var o = $0; o.variant = variant; return o } }

        let actuals = try renderOrDecode(scene, frames: frames, variant: variant)
        for (frame, actual) in zip(frames, actuals) {
            let goldenPath = folder + "/" + GoldenLayout.fileName(frame: frame)
            let location = listed[frame]?.location ?? fallback
            let tolerance = toleranceOverride.applied(to: listed[frame]?.tolerance ?? policy?.tolerance ?? baseTolerance)
            var outcome = FrameCheck(location: location, frame: frame, time: scene.time(ofFrame: frame), status: .pass,
                                     tolerance: tolerance, expectedImage: relativeToArtifacts(goldenPath))
            guard existing.contains(frame) else {
                if update == .all || update == .missing {
                    try writeGolden(actual, to: goldenPath)
                    outcome.status = .updated
                } else {
                    outcome.status = .missing
                    outcome.actualImage = try writeArtifact(actual, scene: scene, variant: variant, frame: frame, kind: "actual")
                }
                outcomes.append(outcome)
                continue
            }
            let expected: Pixmap
            do { expected = try PNGCodec.read(path: goldenPath) } catch {
                throw CompileError("cannot read golden '\(goldenPath)': \(error)", exitCode: 2)
            }
            let comparison = FrameComparer.compare(actual: actual, expected: expected, tolerance: tolerance)
            outcome.comparison = comparison
            let passes = comparison.passes(tolerance)
            if (update == .all && comparison.maxChannelDelta > 0) || (update == .failed && !passes) {
                try writeGolden(actual, to: goldenPath)
                outcome.status = .updated
            } else if !passes {
                outcome.status = .fail
                outcome.actualImage = try writeArtifact(actual, scene: scene, variant: variant, frame: frame, kind: "actual")
                outcome.expectedImage = try writeArtifact(expected, scene: scene, variant: variant, frame: frame, kind: "expected")
                outcome.diffImage = try writeArtifact(FrameComparer.diffImage(actual: actual, expected: expected, tolerance: tolerance),
                                                      scene: scene, variant: variant, frame: frame, kind: "diff")
            }
            outcomes.append(outcome)
        }
        return outcomes.map { var o = $0; o.variant = variant; return o }
    }

    /// Video frames differ from rendered ones by the codec's loss: checked by PSNR only.
    var baseTolerance: Tolerance {
        guard video != nil else { return .default }
        var t = Tolerance()
        t.channel = 255
        t.pixels = 1
        t.psnr = 30
        return t
    }

    /// Renders the frames (or decodes them from `--video`).
    func renderOrDecode(_ scene: Scene, frames: [Int], variant: String? = nil) throws -> [Pixmap] {
        if let video {
            let decoded: [Int: Pixmap]
            do { decoded = try VideoReader.decodeFrames(path: video, indices: Set(frames)) } catch {
                throw CompileError("cannot read video '\(video)': \(error)", exitCode: 2)
            }
            return try frames.map { f in
                guard let p = decoded[f] else { throw CompileError("video '\(video)' has no frame \(f)", exitCode: 1) }
                return p
            }
        }
        var result = [Pixmap?](repeating: nil, count: frames.count)
        let progress = ProgressReporter(total: frames.count, label: "check " + GoldenLayout.relativeName(ofScene: scene.file, variant: variant), quiet: quiet)
        defer { progress.finish() }
        try FramePipeline(scene: scene, jobs: jobs).run(times: frames.map(scene.time(ofFrame:)), progress: progress) {
            result[$0] = $1
        }
        return result.map { $0! }
    }

    func writeGolden(_ pixmap: Pixmap, to path: String) throws {
        let writer = RenderCommand(scenePath: "", output: path)
        try writer.writeAtomically(path) { try PNGCodec.write(pixmap, to: $0) }
    }

    /// Writes `<artifacts>/<scene>/<frame>-<kind>.png`; returns the path relative to the artifacts folder.
    func writeArtifact(_ pixmap: Pixmap, scene: Scene, variant: String?, frame: Int, kind: String) throws -> String {
        let name = String(GoldenLayout.fileName(frame: frame).dropLast(4))
        let relative = GoldenLayout.relativeName(ofScene: scene.file, variant: variant) + "/" + name + "-" + kind + ".png"
        try writeGolden(pixmap, to: artifacts + "/" + relative)
        return relative
    }

    /// Golden folders under the checked folders' mirror in golden/ that no checked scene owns.
    func orphanFolders(checked: [String]) -> [FrameCheck] {
        guard goldenFolder == nil else { return [] }
        let owned = Set(checked.map { ($0 as NSString).standardizingPath })
        var outcomes: [FrameCheck] = []
        let fm = FileManager.default
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else { continue }
            let mirror = GoldenLayout.folder(forScene: (path.hasSuffix("/") ? String(path.dropLast()) : path) + "/x.yaml")
            let root = (mirror as NSString).deletingLastPathComponent
            let items = (fm.enumerator(atPath: root)?.allObjects as? [String]) ?? []
            let folders = Set(items.filter { $0.hasSuffix(".png") }.map { (root + "/" + $0 as NSString).deletingLastPathComponent })
            for folder in folders.sorted() where !owned.contains((folder as NSString).standardizingPath) {
                outcomes.append(FrameCheck(scene: folder, frame: -1, time: 0, status: .orphan,
                                           note: "golden folder '\(folder)' belongs to no scene"))
            }
        }
        return outcomes
    }
}

extension CheckCommand {
    /// `path` relative to the folder `base` (both relative to the working directory or absolute).
    static func relativePath(_ path: String, from base: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ p: String) -> [String] {
            let full = p.hasPrefix("/") ? p : cwd + "/" + p
            return (full as NSString).standardizingPath.split(separator: "/").map(String.init)
        }
        let a = absolute(path), b = absolute(base)
        var common = 0
        while common < min(a.count, b.count), a[common] == b[common] { common += 1 }
        return (Array(repeating: "..", count: b.count - common) + a[common...]).joined(separator: "/")
    }
}
