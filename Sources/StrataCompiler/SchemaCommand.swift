import StrataParse

/// `strata schema`: the JSON Schema of the scene format.
public struct SchemaCommand: StrataCommand {
    public init() {}

    public func run(_ console: any Console) throws -> ExitStatus {
        console.write(sceneJSONSchema())
        return .success
    }
}
