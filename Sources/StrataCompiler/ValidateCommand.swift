import StrataModel
import StrataParse

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
        for path in paths {
            do {
                console.report(try SceneLoader.load(file: path, options: load).warnings)
            } catch {
                console.report(error.items)
                status = .badInput
            }
        }
        return status
    }
}
