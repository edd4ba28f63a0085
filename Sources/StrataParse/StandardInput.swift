import StrataModel

/// Standard input, read once per process: the scene of `strata render -`,
/// and the text a diagnostic's excerpt shows for `<stdin>`.
public enum StandardInput {
    /// Everything on standard input (read on first use, to its end).
    public static let contents: Result<[UInt8], SystemError> = Result { () throws(SystemError) in
        try SystemFiles.contentsOfStandardInput(limit: Limits.maxSceneBytes)
    }
}
