import StrataModel
import StrataParse
import StrataTimeline

/// `strata validate SCENE...`: parses and checks scenes, reports every problem.
public struct ValidateCommand: StrataCommand {
    public var paths: [String]
    public var load = SceneLoadOptions()

    public init(paths: [String]) {
        self.paths = paths
    }

    /// `.badInput` when any scene has an error; every scene is checked either way.
    public func run(_ console: any Console) throws -> ExitStatus {
        guard !paths.isEmpty else { throw CompileError("validate needs a scene file") }
        var status = ExitStatus.success
        // Videos are decoded whole: damage anywhere in a clip is an error now.
        var load = self.load
        load.verifiesMedia = true
        for path in paths {
            do {
                let (scene, warnings) = try SceneLoader.load(file: path, options: load)
                console.report(warnings)
                if let problem = Self.clipSoundProblem(scene) {
                    console.report([problem])
                    status = .badInput
                }
            } catch {
                console.report(error.items)
                status = .badInput
            }
        }
        return status
    }

    /// Where clip sounds are heard depends on the layers' timing over the
    /// whole timeline: placed here as `render` places them, so a rate sound
    /// cannot play at is found too.
    static func clipSoundProblem(_ loaded: Scene) -> Diagnostic? {
        guard loaded.hasSound else { return nil }
        var scene = loaded
        do {
            _ = try SceneOverrides().apply(to: &scene)
            let layers = CompiledLayers(scene)
            _ = try ClipSoundPlanner.sounds(in: scene, layers: layers)
            _ = try UsedSoundPlanner.sounds(in: scene, layers: layers)
        } catch let error as Diagnostic {
            return error
        } catch {
            return nil  // layout problems are reported by the commands that lay out
        }
        return nil
    }
}
