import Foundation
import StrataCheck
import StrataEncode
import StrataModel
import StrataParse

/// `strata check PATH...`: renders the golden frames of each scene and compares them.
public struct CheckCommand: StrataCommand {
    /// Which goldens `--update` writes.
    public enum UpdateMode: String, Sendable, CaseIterable {
        /// Every golden whose frame changed at all (identical ones are left alone), and missing ones.
        case all
        /// Only the goldens of failing frames.
        case failed
        /// Only goldens that do not exist yet.
        case missing
    }

    /// How failures are printed besides the text summary.
    public enum Format: String, Sendable, CaseIterable {
        case text
        /// `::error file=...,line=...::` annotations for GitHub Actions.
        case github
    }

    /// Scene files, or folders searched for `*.yaml` scenes.
    public var paths: [String]
    /// `--golden DIR` for a single scene, instead of `golden/<scene path>/`.
    public var goldenFolder: String?
    public var update: UpdateMode?
    /// Where failures, diffs and report.html go.
    public var artifacts = Self.defaultArtifacts
    /// Also write JUnit XML here.
    public var junit: String?
    public var format = Format.text
    public var toleranceOverride = ToleranceOverride()
    /// Compare the golden frames of this rendered video instead of rendering.
    public var video: String?
    public var load = SceneLoadOptions()
    /// Render threads, in `RenderCommand.jobRange`.
    public var jobs = RenderCommand.defaultJobs
    /// `--memory-limit`: bytes the frames being drawn may hold together, in `Limits.frameMemoryRange`.
    public var memoryLimit = Limits.frameMemory
    /// `--quiet`: no progress, no summary line.
    public var quiet = false
    /// `--progress`: how far the frames are, on standard error.
    public var progressStyle = ProgressStyle.auto
    /// `CI=true` never writes goldens.
    public var isCI = ProcessInfo.processInfo.environment["CI"].map { ["true", "1", "yes"].contains($0.lowercased()) } ?? false

    public static let defaultArtifacts = "out/check"

    public init(paths: [String]) {
        self.paths = paths
    }

    /// Problems with the settings themselves, found before any scene is read.
    func checkSettings() throws(CompileError) {
        guard !paths.isEmpty else { throw CompileError("check needs scene files or folders; see 'strata check --help'") }
        if paths.contains(SceneLoader.standardInputPath) {
            throw CompileError("check finds a scene's goldens by its path (golden/<scene path>/): give scene files, not '-' (standard input)")
        }
        if goldenFolder != nil || video != nil, paths.count != 1 || !paths[0].hasSuffix(".yaml") {
            throw CompileError("--golden and --video take exactly one scene file")
        }
        guard RenderCommand.jobRange.contains(jobs) else {
            throw CompileError("render threads must be \(RenderCommand.jobRange.lowerBound)...\(RenderCommand.jobRange.upperBound), got \(jobs)")
        }
        if update != nil, isCI {
            throw CompileError("CI=true: refusing to write goldens; record them locally with --update and commit them")
        }
    }
}

/// Tolerance fields given on the command line, applied over every frame's tolerance.
public struct ToleranceOverride: Sendable, Hashable {
    /// Largest per-channel difference that counts as equal, in `Tolerance.channelRange`.
    public var channel: Int?
    /// Fraction (0...1) of pixels allowed to differ.
    public var pixels: Double?
    /// Count of pixels allowed to differ.
    public var pixelCount: Int?
    /// Minimum PSNR in dB.
    public var psnr: Double?
    public var antialiasing = false

    public init() {}

    func applied(to t: Tolerance) -> Tolerance {
        var t = t
        if let channel { t.channel = channel }
        if let pixels { t.pixels = pixels; t.pixelCount = nil }
        if let pixelCount { t.pixelCount = pixelCount }
        if let psnr { t.psnr = psnr }
        if antialiasing { t.antialiasing = true }
        return t
    }
}
