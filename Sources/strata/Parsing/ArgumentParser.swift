import StrataParse

/// Reads a command's arguments against its declaration. Options come as
/// `--name VALUE`, `--name=VALUE`, `-x VALUE` or `-xVALUE`; a switch takes no
/// value; `--` ends the options. Anything starting with `-` that is not a
/// number is an option. `--help` or `-h` anywhere before `--` asks for help.
struct ArgumentParser {
    let command: CommandSpec
    /// Every command, to say which one an unknown option belongs to.
    let commands: [CommandSpec]

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(command: command)
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                rest.forEach { parsed.addPositional($0) }
                break
            }
            guard Self.isOption(argument) else {
                parsed.addPositional(argument)
                continue
            }
            let (option, inline) = try lookUp(argument)
            let value = try option.value(from: try text(of: option, written: argument, inline: inline, rest: &rest))
            if parsed.count(of: option) > 0, !option.info.repeatable, option.info.takesValue {
                throw UsageError("option '\(option.info.name)' is given twice; it takes one value")
            }
            parsed.add(option, value)
        }
        try checkPositionals(parsed.positionals)
        for (option, missing) in command.required where parsed.count(of: option) == 0 {
            throw UsageError(missing)
        }
        return parsed
    }

    static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument.count > 1 && Double(argument) == nil
    }

    /// Whether `--help` or `-h` comes before any `--`.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains { Options.help.info.names.contains($0) }
    }

    /// The option an argument names, and the value written in the same word (`--time=2s`, `-j4`).
    private func lookUp(_ argument: String) throws(UsageError) -> (any AnyOption, String?) {
        let options = command.allOptions
        if argument.hasPrefix("--") {
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            let inline = name.count < argument.count ? String(argument.dropFirst(name.count + 1)) : nil
            guard let option = options.first(where: { $0.info.name == name }) else { throw unknown(name) }
            return (option, inline)
        }
        let short = argument.dropFirst().first
        guard let option = options.first(where: { $0.info.short == short }) else { throw unknown(String(argument.prefix(2))) }
        let attached = String(argument.dropFirst(2))
        if !attached.isEmpty, !option.info.takesValue {
            throw UsageError("option '\(option.info.shortName!)' takes no value; unexpected '\(argument)'")
        }
        return (option, attached.isEmpty ? nil : attached)
    }

    /// The value text of one occurrence ("" for a switch).
    private func text(of option: any AnyOption, written: String, inline: String?,
                      rest: inout ArraySlice<String>) throws(UsageError) -> String {
        switch option.info.arity {
        case .flag:
            if let inline { throw UsageError("option '\(option.info.name)' does not take a value ('\(inline)')") }
            return ""
        case .optionalValue(_, let implied):
            return inline ?? implied
        case .value:
            if let inline { return inline }
            guard let next = rest.popFirst() else { throw UsageError("option '\(written)' needs a value") }
            return next
        }
    }

    private func checkPositionals(_ positionals: [String]) throws(UsageError) {
        guard let positional = command.positional else {
            if let extra = positionals.first {
                throw UsageError("\(command.name) takes no arguments; unexpected '\(extra)'")
            }
            return
        }
        switch positional.count {
        case .one, .oneOrMore:
            guard !positionals.isEmpty else {
                throw UsageError("\(command.name) needs \(positional.noun); see 'strata \(command.name) --help'")
            }
        case .optional: break
        }
        if positional.count != .oneOrMore, positionals.count > 1 {
            throw UsageError("\(command.name) takes one \(positional.placeholder); unexpected '\(positionals[1])'")
        }
        if case .choices(let words) = positional.completion, let bad = positionals.first(where: { !words.contains($0) }) {
            throw UsageError("\(command.name) takes \(Option<String>.oneOf(words)), not '\(bad)'"
                             + Suggestion.hint(for: bad, in: words))
        }
    }

    /// "unknown option", with the closest option of this command or the commands that have it.
    private func unknown(_ name: String) -> UsageError {
        let names = command.allOptions.flatMap(\.info.names)
        var message = "unknown option '\(name)' for \(command.name)"
        let owners = commands.filter { other in other.options.contains { $0.info.names.contains(name) } }.map(\.name)
        if !owners.isEmpty { message += " (an option of \(Option<String>.oneOf(owners)))" }
        let hint = owners.isEmpty ? Suggestion.hint(for: name, in: names.filter { $0.hasPrefix("--") }) : ""
        return UsageError(message + (hint.isEmpty ? "; see 'strata \(command.name) --help'" : hint))
    }
}
