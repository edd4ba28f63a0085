import Foundation
import StrataModel
import StrataParse

extension RenderCommand {
    /// `--all-variants -o DIR/`: one output per entry of `canvas.variants`,
    /// named `DIR/<scene>-<variant>.mp4` (`.png` stills with `--time`).
    /// Every variant is loaded, laid out and checked before the first frame
    /// renders; each file is written under a temporary name and renamed when
    /// complete, so an interruption leaves only whole files.
    func runAllVariants(_ console: any Console) throws -> ExitStatus {
        guard overrides.variant == nil, overrides.size == nil else {
            throw CompileError("--all-variants renders every canvas variant; it does not combine with --variant or --size")
        }
        var isDir: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: output, isDirectory: &isDir)
        guard output.hasSuffix("/") || (exists && isDir.boolValue) else {
            throw CompileError("--all-variants writes one file per variant: give a folder, e.g. -o out/")
        }
        let (loaded, warnings) = try SceneLoader.load(file: scenePath, options: load)
        console.report(warnings)
        guard !loaded.canvas.variants.isEmpty else {
            throw CompileError("--all-variants: '\(scenePath)' defines no canvas.variants")
        }
        let folder = output.hasSuffix("/") ? String(output.dropLast()) : output
        let stem = ((scenePath as NSString).lastPathComponent as NSString).deletingPathExtension
        var jobs: [(scene: CompiledScene, target: Target, output: PreparedOutput?, times: [Double], indices: [Int], name: String)] = []
        for variant in loaded.canvas.variants {
            var o = overrides
            o.variant = variant.name
            let compiled = try CompiledScene.compile(loaded, overrides: o, warn: { console.report([$0]) })
            let scene = compiled.laidOut
            let file = (folder.isEmpty ? "" : folder + "/") + Self.variantFileName(scene: stem, variant: variant.name,
                                                                                     still: time != nil || contactSheet != nil)
            let target: Target = time != nil || contactSheet != nil ? .still(file) : .video(file, .mp4)
            try checkContactSheetTarget(target)
            let (times, indices) = contactSheet == nil ? try frameTimes(scene, target: target) : ([], [])
            try checkOverwrite(target)
            let output = try prepareOutput(scene, target: target, frames: indices, overrides: o,
                                           warn: { console.report([$0]) })
            jobs.append((compiled, target, output, times, indices, variant.name))
        }
        for job in jobs {
            let clock = ContinuousClock.now
            let written = try render(job.scene, to: job.target, output: job.output, times: job.times, indices: job.indices,
                                     label: "render " + job.name, console: console)
            report(written, since: clock, console: console)
        }
        return .success
    }

    /// `card-story.mp4`, `card-story.png`.
    static func variantFileName(scene: String, variant: String, still: Bool) -> String {
        "\(scene)-\(variant).\(still ? "png" : "mp4")"
    }
}
