/// One command's arguments, read and checked against its declaration:
/// typed option values in command-line order, and the positional arguments.
struct ParsedArguments: Sendable {
    let command: CommandSpec
    private var values: [String: [any Sendable]] = [:]
    private(set) var positionals: [String] = []

    init(command: CommandSpec) {
        self.command = command
    }

    mutating func add(_ option: any AnyOption, _ value: any Sendable) {
        values[option.info.name, default: []].append(value)
    }

    mutating func addPositional(_ text: String) {
        positionals.append(text)
    }

    func count(of option: any AnyOption) -> Int { values[option.info.name]?.count ?? 0 }

    /// The value of an option the command declares, if it was given.
    subscript<Value>(_ option: Option<Value>) -> Value? {
        all(option).last
    }

    /// The value of an option if the command lists it and it was given: for
    /// what the program reads of every command (how diagnostics print).
    func ifListed<Value>(_ option: Option<Value>) -> Value? {
        // Two commands may spell different options alike (check's --format): the type tells them apart.
        guard command.allOptions.contains(where: { ($0 as? Option<Value>)?.info.name == option.info.name }) else {
            return nil
        }
        return self[option]
    }

    /// Every value of a repeatable option, in command-line order.
    func all<Value>(_ option: Option<Value>) -> [Value] {
        checkDeclared(option)
        return (values[option.info.name] ?? []).map { $0 as! Value }
    }

    /// Whether a switch was given.
    subscript(_ flag: Flag) -> Bool {
        checkDeclared(flag)
        return values[flag.info.name] != nil
    }

    /// The one positional argument of a command that takes exactly one.
    var positional: String { positionals[0] }

    /// Reading an option the command does not list is a mistake in the
    /// declarations, not in the command line: every run of the command finds it.
    private func checkDeclared(_ option: any AnyOption) {
        precondition(command.allOptions.contains { $0.info.name == option.info.name },
                     "'strata \(command.name)' reads \(option.info.name) but does not list it in its options")
    }
}
