/// `strata --help` and `strata COMMAND --help`, made from the declarations.
enum HelpText {
    static let width = 80
    /// Where option help starts: after `  -o, --output OUT  `.
    static let helpColumn = 26

    static func program(_ commands: [CommandSpec]) -> String {
        let visible = commands.filter { !$0.hidden }
        let nameWidth = (visible.map(\.name.count).max() ?? 0) + 3
        var lines = wrap(Program.name + " — " + Program.summary + ".", indent: 0)
        lines += ["", "usage: \(Program.name) COMMAND [options]", "", "commands:"]
        for command in visible {
            lines += wrap(command.summary, indent: 2 + nameWidth,
                          first: "  " + command.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0))
        }
        lines += ["", "options:"] + Program.options.flatMap(optionLines)
        lines += ["", "'\(Program.name) COMMAND --help' shows a command's options."]
        lines += wrap("exit status: " + Program.exitStatus, indent: 0)
        return lines.joined(separator: "\n")
    }

    static func command(_ command: CommandSpec) -> String {
        var lines = ["usage: " + command.usage]
        if !command.discussion.isEmpty { lines += [""] + wrap(command.discussion, indent: 0) }
        lines += ["", "options:"] + command.allOptions.flatMap(optionLines)
        if let status = command.exitStatus { lines += [""] + wrap("exit status: " + status, indent: 0) }
        return lines.joined(separator: "\n")
    }

    /// `-o, --output OUT`, `    --update[=MODE]`, `    --set NAME=VALUE`.
    static func label(_ info: OptionInfo) -> String {
        let names = info.shortName.map { "\($0), " } ?? "    "
        switch info.arity {
        case .flag: return names + info.name
        case .value(let placeholder): return names + info.name + " " + placeholder
        case .optionalValue(let placeholder, _): return names + info.name + "[=" + placeholder + "]"
        }
    }

    /// The help line with the default, the choices and whether it repeats.
    static func description(_ info: OptionInfo) -> String {
        var text = info.help
        var notes: [String] = []
        if case .choices(let words) = info.completion { notes.append("one of: " + words.joined(separator: ", ")) }
        if case .optionalValue(_, let implied) = info.arity { notes.append("alone: " + implied) }
        if let value = info.defaultValue { notes.append("default: " + value) }
        if info.repeatable { notes.append("repeatable") }
        if !notes.isEmpty { text += " (" + notes.joined(separator: "; ") + ")" }
        return text
    }

    static func optionLines(_ option: any AnyOption) -> [String] {
        let label = "  " + label(option.info)
        let description = description(option.info)
        if label.count + 2 <= helpColumn {
            return wrap(description, indent: helpColumn, first: label.padding(toLength: helpColumn, withPad: " ", startingAt: 0))
        }
        return [label] + wrap(description, indent: helpColumn)
    }

    /// Words of `text` in lines of at most `width` columns, each indented by
    /// `indent` spaces; the first line starts with `first` instead when given.
    /// Line breaks in `text` start new lines; an empty line stays empty.
    static func wrap(_ text: String, indent: Int, first: String? = nil, width: Int = width) -> [String] {
        let room = max(20, width - indent)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > room {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
        }
        let pad = String(repeating: " ", count: indent)
        return lines.enumerated().map { index, line in
            if index == 0, let first { return first + line }
            return line.isEmpty ? "" : pad + line
        }
    }
}
