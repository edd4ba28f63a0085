import StrataLayout
import StrataModel

/// Golden checks of canvas variants (docs/golden-testing.md): each variant
/// named by `golden.variants` (default: every variant of the canvas) is laid
/// out and checked like a scene of its own, with its goldens in
/// `golden/<scene>@<variant>/` and its artifacts in `<artifacts>/<scene>@<variant>/`.
extension CheckCommand {
    /// The scene laid out and compiled at its authored size, then at each
    /// checked variant. With `--video` only the authored size is checked (a
    /// video has one size).
    func compiledSizes(of scene: Scene, problems: inout [Diagnostic]) throws -> [(scene: CompiledScene, variant: String?)] {
        let base = try CompiledScene.compile(scene, overrides: SceneOverrides(), warn: { problems.append($0) })
        var result: [(scene: CompiledScene, variant: String?)] = [(base, nil)]
        guard video == nil else { return result }
        let names = scene.golden?.checkedVariants(of: scene.canvas) ?? scene.canvas.variants.map(\.name)
        for name in names {
            var overrides = SceneOverrides()
            overrides.variant = name
            result.append((try CompiledScene.compile(scene, overrides: overrides, warn: { problems.append($0) }), name))
        }
        return result
    }

    /// `golden/<scene>/`, or `golden/<scene>@<variant>/` (also with `--golden DIR`: `DIR@<variant>`).
    func goldenFolder(for scene: Scene, variant: String?) -> String {
        let base = goldenFolder ?? GoldenLayout.folder(forScene: scene.file)
        return variant.map { base + "@" + $0 } ?? base
    }
}

extension GoldenLayout {
    /// The scene's name below `scenes/`, with `@<variant>` for a variant.
    static func relativeName(ofScene path: String, variant: String?) -> String {
        relativeName(ofScene: path) + (variant.map { "@" + $0 } ?? "")
    }
}
