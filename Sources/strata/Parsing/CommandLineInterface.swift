import StrataCompiler
import StrataParse

/// The command line from arguments to an exit status: parse against the
/// declarations, then print, or install the command's interrupt handling and run.
enum CommandLineInterface {
    /// Runs `arguments` (without the program name); returns the exit status.
    static func main(_ arguments: [String], console: any Console) -> Int32 {
        do {
            let (action, onInterrupt) = try resolve(arguments)
            switch action {
            case .print(let text):
                console.write(text)
                return ExitStatus.success.rawValue
            case .run(let command):
                Interrupts.install(onInterrupt)
                return CommandRunner.run(command, console: console).rawValue
            }
        } catch {
            console.fail(error.message)
            return ExitStatus.badInput.rawValue
        }
    }

    /// What the arguments ask for; a usage problem is thrown.
    static func action(for arguments: [String]) throws(UsageError) -> Action {
        try resolve(arguments).action
    }

    /// The action and what an interrupt does while it runs.
    static func resolve(_ arguments: [String]) throws(UsageError) -> (action: Action, onInterrupt: InterruptBehaviour) {
        guard let first = arguments.first else {
            throw UsageError("no command given\n\n" + HelpText.program(Commands.all))
        }
        if Options.help.info.names.contains(first) { return (.print(HelpText.program(Commands.all)), .abort) }
        let command = Options.version.info.names.contains(first) ? Commands.version : try command(named: first)
        let rest = Options.version.info.names.contains(first) ? [] : Array(arguments.dropFirst())
        if ArgumentParser.asksForHelp(rest) { return (.print(HelpText.command(command)), .abort) }
        let parsed = try ArgumentParser(command: command, commands: Commands.all).parse(rest)
        return (try command.action(parsed), command.onInterrupt)
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
