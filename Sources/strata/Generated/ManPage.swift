import Foundation

/// `strata.1`: the manual page in roff (man(7) macros), made from the
/// declarations (`strata help --man`, `make man`).
enum ManPage {
    static func page(_ commands: [CommandSpec]) -> String {
        let visible = commands.filter { !$0.hidden }
        let title = Program.name.uppercased()
        var lines = [".TH \(title) 1 \"\" \"\(Program.name) \(Program.version)\" \"User Commands\"",
                     ".SH NAME", "\(Program.name) \\- \(escape(Program.summary))",
                     ".SH SYNOPSIS"]
        for (index, command) in visible.enumerated() {
            if index > 0 { lines.append(".br") }
            lines.append(synopsis(command))
        }
        lines += [".SH DESCRIPTION",
                  escape("\(Program.name) \(Program.summary). Each command is described below, with its options; "
                         + "'\(Program.name) COMMAND --help' prints the same."),
                  ".SH OPTIONS"]
        lines += Program.options.flatMap(item)
        lines.append(".SH COMMANDS")
        for command in visible {
            lines += [".SS \(quoted(command.usage))", escape(command.summary) + "."]
            if !command.discussion.isEmpty { lines += [".PP"] + paragraphs(command.discussion) }
            lines += command.allOptions.flatMap(item)
            if let status = command.exitStatus { lines += [".PP", escape("Exit status: " + status)] }
        }
        lines += [".SH EXIT STATUS", escape(Program.exitStatus), ".SH ENVIRONMENT"]
        for variable in Program.environment {
            lines += [".TP", ".B \(variable.name)", escape(variable.meaning)]
        }
        lines += [".SH SEE ALSO", escape("The scene format and the commands in detail: docs/ in the Strata repository.")]
        return lines.joined(separator: "\n")
    }

    /// `.B strata render` then the arguments in italics.
    static func synopsis(_ command: CommandSpec) -> String {
        let arguments = command.usage.split(separator: " ").dropFirst(2).map { word in
            word.hasPrefix("-") || word == "[options]" ? escape(String(word)) : "\\fI" + escape(String(word)) + "\\fR"
        }
        return "\\fB\(Program.name) \(command.name)\\fR " + arguments.joined(separator: " ")
    }

    /// One option as a tagged paragraph: names in bold, the value in italics.
    static func item(_ option: any AnyOption) -> [String] {
        let info = option.info
        var tag = info.shortName.map { "\\fB\(escape($0))\\fR, " } ?? ""
        tag += "\\fB\(escape(info.name))\\fR"
        switch info.arity {
        case .flag: break
        case .value(let placeholder): tag += " \\fI\(escape(placeholder))\\fR"
        case .optionalValue(let placeholder, _): tag += "[=\\fI\(escape(placeholder))\\fR]"
        }
        return [".TP", tag, escape(HelpText.description(info))]
    }

    static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? ".PP" : escape(String($0)) }
    }

    /// Text safe in roff: backslashes and hyphens escaped, no line read as a request.
    static func escape(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// A macro argument in double quotes.
    static func quoted(_ text: String) -> String {
        "\"" + escape(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }
}
