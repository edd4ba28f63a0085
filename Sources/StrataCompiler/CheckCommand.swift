import Foundation
import StrataCheck
import StrataEncode
import StrataModel
import StrataParse

/// `strata check PATH...`: renders the golden frames of each scene and compares them.
struct CheckCommand {
    enum UpdateMode: String { case all, failed, missing }
    enum Format: String { case text, github }

    var paths: [String] = []
    var goldenFolder: String?
    var update: UpdateMode?
    var artifacts = "out/check"
    var junit: String?
    var format = Format.text
    var toleranceOverride = ToleranceOverride()
    var video: String?
    var sets: [(name: String, value: String)] = []
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var quiet = false
    /// `CI=true` never writes goldens.
    var isCI = ProcessInfo.processInfo.environment["CI"].map { ["true", "1", "yes"].contains($0.lowercased()) } ?? false

    static func parse(_ args: ArraySlice<String>) throws -> CheckCommand {
        var c = CheckCommand()
        var p = ArgumentParser(args, command: "check")
        while let arg = try p.next() {
            switch arg {
            case .option("--golden"): c.goldenFolder = try p.value()
            case .option("--update"):
                let mode = p.inlineValue() ?? "all"
                guard let m = UpdateMode(rawValue: mode) else {
                    throw CompileError("option '--update' expects all, failed or missing, found '\(mode)'")
                }
                c.update = m
            case .option("--artifacts"): c.artifacts = try p.value()
            case .option("--junit"): c.junit = try p.value()
            case .option("--format"): c.format = try p.parsed({ Format(rawValue: $0) }, "text or github")
            case .option("--channel"): c.toleranceOverride.channel = try p.parsed({ Int($0).flatMap { (0...255).contains($0) ? $0 : nil } }, "0...255")
            case .option("--pixels"): c.toleranceOverride.pixels = try p.parsed({ Double($0).flatMap { (0...1).contains($0) ? $0 : nil } }, "a fraction 0...1")
            case .option("--pixel-count"): c.toleranceOverride.pixelCount = try p.parsed({ Int($0).flatMap { $0 >= 0 ? $0 : nil } }, "a pixel count")
            case .option("--psnr"): c.toleranceOverride.psnr = try p.parsed({ Double($0).flatMap { $0 > 0 ? $0 : nil } }, "a PSNR in dB")
            case .option("--antialiasing"): c.toleranceOverride.antialiasing = true
            case .option("--video"): c.video = try p.value()
            case .option("--set"): c.sets.append(try p.assignment())
            case .option("--jobs"), .option("-j"): c.jobs = try p.parsed({ Int($0).flatMap { $0 >= 1 ? $0 : nil } }, "a thread count")
            case .option("--quiet"), .option("-q"): c.quiet = true
            case .positional(let path): c.paths.append(path)
            case .option(let o):
                throw p.unknown(o, known: ["--golden", "--update", "--artifacts", "--junit", "--format", "--channel",
                                           "--pixels", "--pixel-count", "--psnr", "--antialiasing", "--video", "--set",
                                           "--jobs", "--quiet"])
            }
        }
        guard !c.paths.isEmpty else { throw CompileError("check needs scene files or folders; see 'strata check --help'") }
        if c.goldenFolder != nil || c.video != nil, c.paths.count != 1 || !c.paths[0].hasSuffix(".yaml") {
            throw CompileError("--golden and --video take exactly one scene file")
        }
        return c
    }
}

/// Tolerance fields given on the command line, applied over every frame's tolerance.
struct ToleranceOverride {
    var channel: Int?
    var pixels: Double?
    var pixelCount: Int?
    var psnr: Double?
    var antialiasing = false

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
