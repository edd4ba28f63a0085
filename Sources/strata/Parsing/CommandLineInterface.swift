import StrataCompiler
import StrataParse

/// The command line from arguments to an exit status: parse against the
/// declarations, then print, or install the command's interrupt handling and run.
enum CommandLineInterface {
    /// Runs `arguments` (without the program name); returns the exit status.
    static func main(_ arguments: [String], console: any Console) -> Int32 {
        do {
            let (action, onInterrupt, presentation) = try resolve(arguments)
            (console as? TerminalConsole)?.present(format: presentation.format, color: presentation.color)
            switch action {
            case .print(let text):
                console.write(text)
                return ExitStatus.success.rawValue
            case .run(let command):
                Interrupts.install(onInterrupt)
                return CommandRunner.run(command, console: console).rawValue
            }
        } catch {
            // The command line did not parse, but may still say how its own error is to be printed.
            let presentation = Presentation(scanning: arguments)
            (console as? TerminalConsole)?.present(format: presentation.format, color: presentation.color)
            console.fail(error.message)
            return ExitStatus.badInput.rawValue
        }
    }

    /// What the arguments ask for; a usage problem is thrown.
    static func action(for arguments: [String]) throws(UsageError) -> Action {
        try resolve(arguments).action
    }

    /// The action, what an interrupt does while it runs, and how its diagnostics are printed.
    static func resolve(_ arguments: [String]) throws(UsageError)
        -> (action: Action, onInterrupt: InterruptBehaviour, presentation: Presentation) {
        guard let first = arguments.first else {
            throw UsageError("no command given\n\n" + HelpText.program(Commands.all))
        }
        if Options.help.info.names.contains(first) { return (.print(HelpText.program(Commands.all)), .abort, Presentation()) }
        let command = Options.version.info.names.contains(first) ? Commands.version : try command(named: first)
        let rest = Options.version.info.names.contains(first) ? [] : Array(arguments.dropFirst())
        if ArgumentParser.asksForHelp(rest) { return (.print(HelpText.command(command)), .abort, Presentation()) }
        let parsed = try ArgumentParser(command: command, commands: Commands.all).parse(rest)
        return (try command.action(parsed), command.onInterrupt, Presentation(parsed))
    }

    static func command(named name: String) throws(UsageError) -> CommandSpec {
        guard let command = Commands.all.first(where: { $0.name == name }) else {
            let what = ArgumentParser.isOption(name) ? "option" : "command"
            let candidates = ArgumentParser.isOption(name) ? Program.options.flatMap(\.info.names)
                : Commands.all.filter { !$0.hidden }.map(\.name)
            let hint = Suggestion.hint(for: name, in: candidates)
            throw UsageError("unknown \(what) '\(name)'" + (hint.isEmpty ? "; see 'strata --help'" : hint))
        }
        return command
    }
}

/// How a command's diagnostics and failures are printed: `--diagnostics`
/// (text or JSON lines) and `--color`.
struct Presentation: Sendable {
    var format = DiagnosticFormat.text
    var color = ColorChoice.auto

    init() {}

    init(_ args: ParsedArguments) {
        color = args[Options.color] ?? .auto
        if let format = args.ifListed(Options.diagnosticFormat) { self.format = format }
    }

    /// What a command line that does not parse asks for: the last valid
    /// `--diagnostics` and `--color` before any `--`, wherever they are
    /// (after the bad option too), so that its error is printed as asked
    /// (`strata render s.yaml --bogus --diagnostics json` gives a JSON line).
    init(scanning arguments: [String]) {
        var words = arguments.prefix { $0 != "--" }[...]
        while let word = words.popFirst() {
            if let format = Self.value(of: Options.diagnosticFormat, in: word, next: &words) { self.format = format }
            if let color = Self.value(of: Options.color, in: word, next: &words) { self.color = color }
        }
    }

    /// The value of `option` if `word` names it (`--name VALUE` takes the next word, `--name=VALUE` its own).
    private static func value<Value>(of option: Option<Value>, in word: String,
                                     next words: inout ArraySlice<String>) -> Value? {
        if word == option.info.name, let text = words.first { return option.parse(text) }
        if word.hasPrefix(option.info.name + "=") { return option.parse(String(word.dropFirst(option.info.name.count + 1))) }
        return nil
    }
}
