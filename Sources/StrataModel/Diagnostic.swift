/// A line and column in a source file, both 1-based; the column counts Unicode scalars.
public struct SourcePosition: Sendable, Hashable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A place in a source file: where a value starts (1-based line and column)
/// and, when known, where it ends, so that a diagnostic can underline it.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column number (in Unicode scalars).
    public var column: Int
    /// Just past the value's last character (exclusive), or nil when only
    /// the start is known (the command line, a place computed inside a string).
    public var end: SourcePosition?

    public init(file: String, line: Int, column: Int, end: SourcePosition? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.end = end
    }

    /// A location for values that come from the command line or defaults.
    public static func commandLine(_ what: String = commandLineName) -> SourceLocation {
        SourceLocation(file: what, line: 1, column: 1)
    }

    /// A problem with a file as a whole (it cannot be opened): line and column 0.
    public static func wholeFile(_ path: String) -> SourceLocation {
        SourceLocation(file: path, line: 0, column: 0)
    }

    /// The name `commandLine()` gives the command line.
    public static let commandLineName = "<command line>"

    /// Whether the place is a line and column in a file (not the command
    /// line, a default or a whole file): what an excerpt can show.
    public var hasPosition: Bool { line >= 1 && file != Self.commandLineName }

    /// The start alone, without the span.
    public var start: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    public var description: String { "\(file):\(line):\(column)" }
}

/// One problem found in the input, always with a place, and the other
/// places that explain it ("first defined here") as notes.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable { case error, warning }

    public var location: SourceLocation
    public var severity: Severity
    public var message: String
    /// Related places, printed after the diagnostic in this order.
    public var notes: [DiagnosticNote]
    /// Text that would replace the located span to fix the problem (the
    /// name a misspelling most likely meant, a quoted colour), or nil.
    public var suggestion: String?

    public init(_ location: SourceLocation, _ message: String, severity: Severity = .error,
                notes: [DiagnosticNote] = [], suggestion: String? = nil) {
        self.location = location
        self.message = Self.oneLine(message)
        self.severity = severity
        self.notes = notes
        self.suggestion = suggestion
    }

    /// `FILE:LINE:COLUMN: error: message`, the format every tool understands,
    /// then one `FILE:LINE:COLUMN: note: message` line per note.
    public var description: String {
        ([headline] + notes.map(\.description)).joined(separator: "\n")
    }

    /// The first line: `FILE:LINE:COLUMN: error: message`.
    public var headline: String { "\(location): \(severity.rawValue): \(message)" }

    /// User text as a message quotes it: shortened when long, and with line
    /// breaks and other control characters escaped (`\n`, `\u{1B}`).
    public static func clip(_ text: String, limit: Int = 40) -> String {
        let scalars = text.unicodeScalars
        return escaped(String(String.UnicodeScalarView(scalars.prefix(limit)))) + (scalars.count > limit ? "..." : "")
    }

    /// A message stays one line whatever text it quotes: control characters
    /// (a key or a file name can hold any) are escaped where diagnostics are made.
    static func oneLine(_ message: String) -> String {
        message.unicodeScalars.contains(where: isControl) ? escaped(message) : message
    }

    private static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.properties.generalCategory == .control || s == "\u{2028}" || s == "\u{2029}"
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Another place that explains a diagnostic: where a duplicate was first
/// defined, the rest of a cycle, the start of what a syntax error interrupts.
public struct DiagnosticNote: Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = Diagnostic.oneLine(message)
    }

    /// `FILE:LINE:COLUMN: note: message`.
    public var description: String { "\(location): note: \(message)" }
}

/// Every problem found in one file; thrown when at least one is an error.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    public var items: [Diagnostic]
    public init(_ items: [Diagnostic]) { self.items = items }
    public var errors: [Diagnostic] { items.filter { $0.severity == .error } }
    public var description: String { items.map(\.description).joined(separator: "\n") }
}

/// Collects diagnostics while a stage keeps going after the first problem.
public struct DiagnosticSink: Sendable {
    public private(set) var items: [Diagnostic] = []
    public init() {}
    public var hasErrors: Bool { items.contains { $0.severity == .error } }
    public mutating func error(_ location: SourceLocation, _ message: String, notes: [DiagnosticNote] = [],
                               suggestion: String? = nil) {
        items.append(Diagnostic(location, message, notes: notes, suggestion: suggestion))
    }
    public mutating func warning(_ location: SourceLocation, _ message: String, notes: [DiagnosticNote] = [],
                                 suggestion: String? = nil) {
        items.append(Diagnostic(location, message, severity: .warning, notes: notes, suggestion: suggestion))
    }
    public mutating func append(_ d: Diagnostic) { items.append(d) }
    public mutating func append(contentsOf ds: [Diagnostic]) { items.append(contentsOf: ds) }
    /// Throws the collected list if any is an error.
    public func throwIfErrors() throws(DiagnosticList) {
        if hasErrors { throw DiagnosticList(items) }
    }
}
