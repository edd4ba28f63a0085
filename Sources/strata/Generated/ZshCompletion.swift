import Foundation

/// `strata completion zsh`: an `_arguments` completion function per command.
enum ZshCompletion {
    static func script(_ commands: [CommandSpec]) -> String {
        let visible = commands.filter { !$0.hidden }
        var lines = [
            "#compdef \(Program.name)",
            "# zsh completion for \(Program.name) (written by '\(Program.name) completion zsh')",
            "",
            "_strata() {",
            "    local curcontext=\"$curcontext\" state line",
            "    _arguments -C \\",
        ]
        lines += Program.options.map { "        " + spec($0.info, exclusion: "(- *)") + " \\" }
        lines += [
            "        '1: :->command' \\",
            "        '*:: :->argument' && return",
            "    case $state in",
            "        command)",
            "            local -a commands",
            "            commands=(",
        ]
        lines += visible.map { "                " + quote($0.name + ":" + $0.summary) }
        lines += [
            "            )",
            "            _describe -t commands '\(Program.name) command' commands ;;",
            "        argument)",
            "            case $words[1] in",
        ]
        lines += visible.map { "                \($0.name)) _strata_\(identifier($0.name)) ;;" }
        lines += ["            esac ;;", "    esac", "}"]
        for command in visible {
            lines += ["", "_strata_\(identifier(command.name))() {", "    _arguments -s -S \\"]
            lines += command.allOptions.map { "        " + spec($0.info) + " \\" }
            if let positional = command.positional {
                let number = positional.count == .oneOrMore ? "*" : "1"
                let colons = positional.count == .optional ? "::" : ":"
                lines.append("        " + quote(number + colons + positional.placeholder + ":"
                                                + action(positional.completion, commands: visible)) + " \\")
            }
            lines.append("        && return")
            lines.append("}")
        }
        lines += ["", "if [[ $funcstack[1] == _strata ]]; then _strata \"$@\"; else compdef _strata \(Program.name); fi"]
        return lines.joined(separator: "\n")
    }

    /// One `_arguments` spec: `'(-o --output)'{-o+,--output=}'[help]:OUT:_files'`.
    /// `exclusion` replaces the options the spec excludes (by default its own names).
    static func spec(_ info: OptionInfo, exclusion: String? = nil) -> String {
        let description = "[" + escapeBrackets(HelpText.description(info)) + "]"
        var value = ""
        switch info.arity {
        case .flag: break
        case .value(let placeholder): value = ":" + placeholder + ":" + action(info.completion, commands: Commands.all)
        case .optionalValue(let placeholder, _): value = "::" + placeholder + ":" + action(info.completion, commands: Commands.all)
        }
        let suffix: String
        switch info.arity {
        case .flag: suffix = ""
        case .value: suffix = "="
        case .optionalValue: suffix = "=-"
        }
        let repeats = info.repeatable ? "*" : ""
        guard let short = info.shortName else {
            return (exclusion.map(quote) ?? "") + quote(repeats + info.name + suffix + description + value)
        }
        let shortSuffix = info.takesValue ? "+" : ""
        let excluded = exclusion ?? (info.repeatable ? nil : "(" + info.names.joined(separator: " ") + ")")
        return (excluded.map(quote) ?? "") + (repeats.isEmpty ? "" : "'*'")
            + "{\(short)\(shortSuffix),\(info.name)\(suffix)}" + quote(description + value)
    }

    static func action(_ completion: ValueCompletion, commands: [CommandSpec]) -> String {
        switch completion {
        case .none: return " "
        case .files(let extensions) where extensions.isEmpty: return "_files"
        case .files(let extensions): return "_files -g \"*.(\(extensions.joined(separator: "|")))\""
        case .directories: return "_files -/"
        case .choices(let words): return "(" + words.joined(separator: " ") + ")"
        case .commands: return "(" + commands.filter { !$0.hidden }.map(\.name).joined(separator: " ") + ")"
        }
    }

    /// `[` and `]` delimit a description, `:` separates a spec's fields, and
    /// `$` and backquotes would be expanded.
    static func escapeBrackets(_ text: String) -> String {
        ["\\", "[", "]", ":", "$", "`"].reduce(text) { $0.replacingOccurrences(of: $1, with: "\\" + $1) }
    }

    /// A single-quoted shell word.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func identifier(_ name: String) -> String {
        name.replacingOccurrences(of: "-", with: "_")
    }
}
