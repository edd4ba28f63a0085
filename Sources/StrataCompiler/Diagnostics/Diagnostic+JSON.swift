import StrataModel

extension DiagnosticPrinter {
    /// One diagnostic as one line of JSON (`--diagnostics json`):
    /// `{"file", "line", "column", "end": {"line", "column"} | null,
    /// "severity", "message", "notes": [{"file", "line", "column", "end",
    /// "message"}], "suggestion": text | null}`. Lines and columns are
    /// 1-based (columns in Unicode scalars, `end` exclusive); a problem
    /// without a place (the command line, a file that cannot be opened) has
    /// `line`, `column` and `end` null, and `file` null for the command line.
    public static func json(_ d: Diagnostic) -> String {
        var fields = place(d.location)
        fields += [("severity", .string(d.severity.rawValue)), ("message", .string(d.message)),
                   ("notes", .array(d.notes.map { .object(place($0.location) + [("message", .string($0.message))]) })),
                   ("suggestion", d.suggestion.map(JSON.string) ?? .null)]
        return JSON.object(fields).serialized()
    }

    /// A failure without a place (`strata: error: ...`) in the same shape.
    public static func json(failure message: String) -> String {
        json(Diagnostic(.commandLine(), message))
    }

    private static func place(_ at: SourceLocation) -> [(String, JSON)] {
        let file: JSON = at.file == SourceLocation.commandLineName ? .null : .string(at.file)
        guard at.hasPosition else { return [("file", file), ("line", .null), ("column", .null), ("end", .null)] }
        let end: JSON = at.end.map { .object([("line", .number(Double($0.line))), ("column", .number(Double($0.column)))]) } ?? .null
        return [("file", file), ("line", .number(Double(at.line))), ("column", .number(Double(at.column))), ("end", end)]
    }
}
