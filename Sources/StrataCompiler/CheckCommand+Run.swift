import Foundation
import StrataCheck
import StrataEncode
import StrataModel
import StrataParse

extension CheckCommand {
    /// Every scene is loaded and laid out at each checked size first; one
    /// that fails to is reported (its diagnostics, a JUnit error, an
    /// annotation) and the others are checked all the same. Exit 2 when a
    /// scene could not be checked, else 1 on any failure.
    public func run(_ console: any Console) throws -> ExitStatus {
        try checkSettings()
        let started = Date()
        var files = try GoldenLayout.sceneFiles(paths)
        guard !files.isEmpty else { throw CompileError("no scene files (*.yaml) under \(paths.joined(separator: ", "))") }
        var units: [(scene: CompiledScene, variant: String?)] = []
        var sceneErrors: [SceneError] = []
        var warnings: [Diagnostic] = []
        var listed = Set(files.map { ($0 as NSString).standardizingPath })
        let given = files.count
        var index = 0
        while index < files.count {
            let file = files[index]
            index += 1
            var problems: [Diagnostic] = []
            do {
                // A used scene is checked with its own params (`--set` is the given scenes').
                var options = index <= given ? load : SceneLoadOptions(verifiesMedia: load.verifiesMedia)
                // A golden of boxes checks nothing: no font, or glyphs no font has, fail the scene.
                options.fontProblemsAreErrors = true
                let (scene, sceneWarnings) = try SceneLoader.load(file: file, options: options)
                problems += sceneWarnings
                units += try compiledSizes(of: scene, problems: &problems)
                // The scenes it uses that have goldens of their own are checked too (once).
                for part in usedScenesWithGoldens(of: scene) where listed.insert((part as NSString).standardizingPath).inserted {
                    files.append(part)
                }
            } catch let error as DiagnosticList {
                problems += error.items
            } catch let error as CompileError {
                problems.append(Diagnostic(.wholeFile(file), error.message))
            }
            console.report(problems)
            if problems.contains(where: { $0.severity == .error }) {
                sceneErrors.append(SceneError(scene: file, diagnostics: problems))
                units.removeAll { $0.scene.laidOut.file == file }
            } else {
                warnings += problems
            }
        }
        try removeEarlierArtifacts()

        var checks: [FrameCheck] = []
        for unit in units {
            checks += try check(unit.scene, variant: unit.variant, console: console)
        }
        // A scene that did not load still owns its golden folders: they are not orphans.
        let owned = units.map { goldenFolder(for: $0.scene.laidOut, variant: $0.variant) }
        checks += orphanFolders(checked: owned, alsoOwning: sceneErrors.map { goldenFolder ?? GoldenLayout.folder(forScene: $0.scene) })
        // A golden that no scene frame produces fails the run (architecture.md).
        var report = CheckReport(frames: checks, orphansFail: true)
        report.sceneErrors = sceneErrors
        report.warnings = warnings
        report.timestamp = Self.timestamp(started)
        report.paths = reportPaths
        try writeReports(report)
        console.write(summary(report))
        if !sceneErrors.isEmpty { return .badInput }
        return report.failed ? .failure : .success
    }

    /// The scenes `scene` uses (at any depth) that, loaded on their own
    /// with their params' defaults, have a `golden:` section: a part's own
    /// goldens are checked with every edit that uses it. Not with
    /// `--golden` or `--video`, which name one scene's frames.
    func usedScenesWithGoldens(of scene: Scene) -> [String] {
        guard goldenFolder == nil, video == nil else { return [] }
        return scene.usedSceneFiles.filter { file in
            (try? SceneLoader.load(file: file, options: SceneLoadOptions()))?.scene.golden != nil
        }
    }

    /// `2025-03-01T12:34:56`, UTC (JUnit's timestamp has no zone).
    static func timestamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return f.string(from: date)
    }

    /// Annotations and JUnit name files from the repository root: GitHub's
    /// workspace (`GITHUB_WORKSPACE`) when the working directory is inside it, else the working directory.
    var reportPaths: ReportPaths {
        let cwd = FileManager.default.currentDirectoryPath
        var root = cwd
        if let workspace = ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"], !workspace.isEmpty,
           cwd == workspace || cwd.hasPrefix(workspace.hasSuffix("/") ? workspace : workspace + "/") {
            root = workspace
        }
        return ReportPaths(root: root, workingDirectory: cwd, artifacts: artifacts)
    }

    /// Checks one scene's frames at one size (the authored one, or a variant's).
    func check(_ compiled: CompiledScene, variant: String?, console: any Console) throws -> [FrameCheck] {
        let scene = compiled.laidOut
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
            var stray = FrameCheck(location: fallback, frame: -1, time: 0, status: .orphan,
                                   expectedImage: relativeToArtifacts(folder + "/" + name),
                                   note: "'\(name)' is not named by a frame number like 00015.png")
            stray.subject = "golden file '\(name)'"
            outcomes.append(stray)
        }
        let frames = Set(listed.keys).union(existing.filter { $0 < count }).sorted()
        guard !frames.isEmpty else { return outcomes.map { var o = $0; o.variant = variant; return o } }

        let renderStart = ContinuousClock.now
        let actuals = try renderOrDecode(compiled, frames: frames, variant: variant, console: console)
        // Each frame's time: an even share of the scene's render (frames render in parallel), plus its comparison.
        let renderShare = (ContinuousClock.now - renderStart) / .milliseconds(1) / 1000 / Double(frames.count)
        for (frame, actual) in zip(frames, actuals) {
            let compareStart = ContinuousClock.now
            defer {
                if !outcomes.isEmpty {
                    outcomes[outcomes.count - 1].seconds = renderShare + (ContinuousClock.now - compareStart) / .milliseconds(1) / 1000
                }
            }
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
                throw CompileError("cannot read golden '\(goldenPath)': \(error)", status: .badInput)
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
        // A reviewer sees where a failing frame sits in the animation: a contact sheet of the actual frames.
        if video == nil, outcomes.contains(where: { $0.status == .fail || $0.status == .missing }) {
            let timeline = try writeTimeline(scene, variant: variant, console: console)
            for i in outcomes.indices where outcomes[i].status == .fail || outcomes[i].status == .missing {
                outcomes[i].timeline = timeline
            }
        }
        return outcomes.map { var o = $0; o.variant = variant; return o }
    }

    /// The sheet a failing scene's report shows: 8 frames over its timeline.
    static let timelineSheet = ContactSheet(.grid(columns: 4, rows: 2))

    /// Writes `<artifacts>/<scene>/timeline.png`; returns the path relative to the artifacts folder.
    func writeTimeline(_ scene: Scene, variant: String?, console: any Console) throws -> String {
        let relative = GoldenLayout.relativeName(ofScene: scene.file, variant: variant) + "/timeline.png"
        var render = RenderCommand(scenePath: scene.file, output: artifacts + "/" + relative)
        render.jobs = jobs
        render.memoryLimit = memoryLimit
        render.quiet = true
        try render.renderContactSheet(scene, Self.timelineSheet, to: artifacts + "/" + relative, label: "timeline",
                                      console: console)
        return relative
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
    func renderOrDecode(_ compiled: CompiledScene, frames: [Int], variant: String?, console: any Console) throws -> [Pixmap] {
        let scene = compiled.laidOut
        if let video {
            let decoded: [Int: Pixmap]
            do { decoded = try VideoReader.decodeFrames(path: video, indices: Set(frames)) } catch {
                throw CompileError("cannot read video '\(video)': \(error)", status: .badInput)
            }
            return try frames.map { f in
                guard let p = decoded[f] else { throw CompileError("video '\(video)' has no frame \(f)", status: .failure) }
                return p
            }
        }
        var result = [Pixmap?](repeating: nil, count: frames.count)
        let progress = ProgressReporter(total: frames.count, label: "check " + GoldenLayout.relativeName(ofScene: scene.file, variant: variant),
                                         quiet: quiet, style: progressStyle, console: console)
        defer { progress.finish() }
        try FramePipeline(scene: compiled, jobs: jobs, memoryLimit: memoryLimit).run(times: frames.map(scene.time(ofFrame:)),
                                                                                  progress: progress) {
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

    /// Golden folders under the checked folders' mirror in golden/ that no
    /// checked scene owns (`alsoOwning`: folders of scenes that did not load,
    /// and their variants' `@` folders).
    func orphanFolders(checked: [String], alsoOwning failed: [String] = []) -> [FrameCheck] {
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
            let failedRoots = failed.map { ($0 as NSString).standardizingPath }
            for folder in folders.sorted() where !owned.contains((folder as NSString).standardizingPath) {
                let standard = (folder as NSString).standardizingPath
                if failedRoots.contains(where: { standard == $0 || standard.hasPrefix($0 + "@") }) { continue }
                var orphan = FrameCheck(scene: folder, frame: -1, time: 0, status: .orphan,
                                        note: "no checked scene has this folder's path")
                // Named as CI tools resolve paths: from the repository root.
                orphan.subject = "golden folder '\(reportPaths.fromRoot(folder))'"
                outcomes.append(orphan)
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
