/// `strata completion bash`: commands, options and their values for bash.
enum BashCompletion {
    static func script(_ commands: [CommandSpec]) -> String {
        let visible = commands.filter { !$0.hidden }
        let topLevel = visible.map(\.name) + Program.options.flatMap(\.info.names)
        var lines = [
            "# bash completion for \(Program.name) (written by '\(Program.name) completion bash')",
            "_strata_add() {",
            "    local line",
            "    while IFS= read -r line; do COMPREPLY+=(\"$line\"); done < <(compgen \"$@\" -- \"$cur\")",
            "}",
            "",
            "# Files with one of the extensions in $1 (any file when empty), and folders to go into.",
            "_strata_files() {",
            "    compopt -o filenames 2>/dev/null",
            "    if [[ -z $1 ]]; then _strata_add -f; return; fi",
            "    _strata_add -d",
            "    local ext",
            "    for ext in $1; do _strata_add -f -X \"!*.$ext\"; done",
            "}",
            "",
            "_strata() {",
            "    COMPREPLY=()",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    local command=\"\" i",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        case ${COMP_WORDS[i]} in -*) ;; *) command=${COMP_WORDS[i]}; break ;; esac",
            "    done",
            "    # The option whose value is being typed: bash splits --name=value at '='.",
            "    local option=$prev inline=\"\"",
            "    if [[ $prev == \"=\" ]] && (( COMP_CWORD >= 2 )); then option=${COMP_WORDS[COMP_CWORD-2]}; inline=1",
            "    elif [[ $cur == \"=\" ]]; then cur=\"\"; inline=1",
            "    fi",
            "    case $command in",
            "        \"\") _strata_add -W \"\(topLevel.joined(separator: " "))\" ;;",
        ]
        for command in visible {
            lines.append("        \(command.name))")
            lines += valueCases(command, commands: visible)
            lines.append("            if [[ $cur == -* ]]; then _strata_add -W \"\(command.allOptions.flatMap(\.info.names).joined(separator: " "))\"; return; fi")
            if let positional = command.positional {
                lines.append("            " + complete(positional.completion, commands: visible))
            }
            lines.append("            ;;")
        }
        lines += ["    esac", "}", "complete -F _strata \(Program.name)"]
        return lines.joined(separator: "\n")
    }

    /// `case $option in ... esac` for the options of `command` that take values.
    static func valueCases(_ command: CommandSpec, commands: [CommandSpec]) -> [String] {
        var cases: [String] = []
        for option in command.allOptions {
            let action = complete(option.info.completion, commands: commands)
            switch option.info.arity {
            case .flag: continue
            case .value:
                cases.append("                \(option.info.names.joined(separator: "|"))) \(action); return ;;")
            case .optionalValue:
                cases.append("                \(option.info.name)) if [[ -n $inline ]]; then \(action); return; fi ;;")
            }
        }
        guard !cases.isEmpty else { return [] }
        return ["            case $option in"] + cases + ["            esac"]
    }

    static func complete(_ completion: ValueCompletion, commands: [CommandSpec]) -> String {
        switch completion {
        case .none: return ":"
        case .files(let extensions): return "_strata_files \"\(extensions.joined(separator: " "))\""
        case .directories: return "compopt -o filenames 2>/dev/null; _strata_add -d"
        case .choices(let words): return "_strata_add -W \"\(words.joined(separator: " "))\""
        case .commands: return "_strata_add -W \"\(commands.map(\.name).joined(separator: " "))\""
        }
    }
}
