import Foundation

/// `strata completion fish`: one `complete` line per command and option.
enum FishCompletion {
    static func script(_ commands: [CommandSpec]) -> String {
        let visible = commands.filter { !$0.hidden }
        let c = "complete -c \(Program.name)"
        var lines = [
            "# fish completion for \(Program.name) (written by '\(Program.name) completion fish')",
            "",
            "# The command: the first word after strata that is not an option.",
            "function __strata_command",
            "    for token in (commandline -opc)[2..-1]",
            "        switch $token",
            "            case '-*'",
            "            case '*'",
            "                echo $token",
            "                return",
            "        end",
            "    end",
            "end",
            "",
            "function __strata_using",
            "    set -l command (__strata_command)",
            "    test \"$command\" = \"$argv[1]\"",
            "end",
            "",
            "\(c) -f",
        ]
        let noCommand = "-n 'test -z (__strata_command)'"
        for option in Program.options {
            lines.append("\(c) \(noCommand) \(flags(option.info, commands: visible))")
        }
        for command in visible {
            lines.append("\(c) \(noCommand) -a \(command.name) -d \(quote(command.summary))")
        }
        for command in visible {
            let using = "-n '__strata_using \(command.name)'"
            lines.append("")
            for option in command.allOptions {
                lines.append("\(c) \(using) \(flags(option.info, commands: visible))")
                if case .optionalValue = option.info.arity, case .choices(let words) = option.info.completion {
                    let inline = words.map { option.info.name + "=" + $0 }.joined(separator: " ")
                    lines.append("\(c) -n '__strata_using \(command.name); and string match -q -- \"\(option.info.name)=*\" (commandline -ct)' -a \(quote(inline))")
                }
            }
            if let positional = command.positional {
                // Not while an option is typed: __fish_complete_suffix would complete the path after `--name=`.
                let notOption = "-n '__strata_using \(command.name); and not string match -q -- \"-*\" (commandline -ct)'"
                lines.append("\(c) \(notOption) -a \(quote(arguments(positional.completion, commands: visible)))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `-s o -l output -r -F -d '...'`.
    static func flags(_ info: OptionInfo, commands: [CommandSpec]) -> String {
        var parts: [String] = []
        if let short = info.short { parts.append("-s \(short)") }
        parts.append("-l \(info.name.dropFirst(2))")
        if case .value = info.arity {
            switch info.completion {
            case .files(let extensions) where extensions.isEmpty: parts.append("-r -F")
            default: parts += ["-x", "-a", quote(arguments(info.completion, commands: commands))]
            }
        }
        // The help line alone: fish shows it beside each value too, where a list of the choices is noise.
        parts += ["-d", quote(info.help)]
        return parts.joined(separator: " ")
    }

    /// What `-a` offers for a value.
    static func arguments(_ completion: ValueCompletion, commands: [CommandSpec]) -> String {
        switch completion {
        case .none: return ""
        case .files(let extensions) where extensions.isEmpty: return "(__fish_complete_path)"
        case .files(let extensions):
            return "(" + extensions.map { "__fish_complete_suffix .\($0)" }.joined(separator: "; ") + ")"
        case .directories: return "(__fish_complete_directories)"
        case .choices(let words): return words.joined(separator: " ")
        case .commands: return commands.map(\.name).joined(separator: " ")
        }
    }

    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
