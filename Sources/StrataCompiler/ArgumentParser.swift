/// A small argument reader: options with values (`-o x`, `--time=2s`) and positionals.
struct ArgumentParser {
    enum Argument: Equatable { case option(String), positional(String) }

    private var args: ArraySlice<String>
    private var pendingValue: String?
    private var scenePath: String?
    private var current = ""
    let command: String

    init(_ args: ArraySlice<String>, command: String) {
        self.args = args
        self.command = command
    }

    mutating func next() throws(CompileError) -> Argument? {
        if let pending = pendingValue {
            throw CompileError("option '\(current)' does not take a value ('\(pending)')")
        }
        guard let arg = args.popFirst() else { return nil }
        if arg == "--" , let rest = args.popFirst() { return .positional(rest) }
        if arg.hasPrefix("-"), arg.count > 1, Double(arg) == nil {
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                current = String(arg[..<eq])
                pendingValue = String(arg[arg.index(after: eq)...])
            } else {
                current = arg
            }
            return .option(current)
        }
        return .positional(arg)
    }

    /// The value of the current option.
    mutating func value() throws(CompileError) -> String {
        if let v = pendingValue { pendingValue = nil; return v }
        guard let v = args.popFirst() else { throw CompileError("option '\(current)' needs a value") }
        return v
    }

    /// The value given as `--option=value`, if any (for options whose value is optional).
    mutating func inlineValue() -> String? {
        defer { pendingValue = nil }
        return pendingValue
    }

    mutating func parsed<T>(_ parse: (String) -> T?, _ expected: String) throws(CompileError) -> T {
        let text = try value()
        guard let v = parse(text) else { throw CompileError("option '\(current)' expects \(expected), found '\(text)'") }
        return v
    }

    /// `name=value` for `--set`.
    mutating func assignment() throws(CompileError) -> (name: String, value: String) {
        let text = try value()
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
            throw CompileError("--set expects name=value, found '\(text)'")
        }
        return (String(text[..<eq]), String(text[text.index(after: eq)...]))
    }

    mutating func setScene(_ path: String) throws(CompileError) {
        guard scenePath == nil else { throw CompileError("\(command) takes one scene file; unexpected '\(path)'") }
        scenePath = path
    }

    func scene() throws(CompileError) -> String {
        guard let scenePath else { throw CompileError("\(command) needs a scene file; see 'strata \(command) --help'") }
        return scenePath
    }

    func unknown(_ option: String, known: [String]) -> CompileError {
        CompileError("unknown option '\(option)' for \(command)" + Suggest.didYouMean(option, in: known))
    }
}

/// "did you mean" suggestions by edit distance.
enum Suggest {
    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        let best = candidates.map { ($0, distance(word, $0)) }.min { $0.1 < $1.1 }
        guard let (name, d) = best, d <= max(2, word.count / 3) else { return "" }
        return "; did you mean '\(name)'?"
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var prev = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = old
            }
        }
        return row[b.count]
    }
}
