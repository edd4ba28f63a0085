import StrataCompiler

/// The shells `strata completion` writes scripts for.
enum Shell: String, Sendable, CaseIterable {
    case bash, zsh, fish
}

/// The program itself: what `strata --help` and the man page say around the commands.
enum Program {
    static let name = "strata"
    static let version = StrataVersion.current
    static let summary = "compiles Core Animation scenes written in YAML to video, PNGs and checked golden frames"
    /// Options before the command.
    static let options: [any AnyOption] = [Options.help, Options.version]
    static let exitStatus = "0 success, 1 a golden mismatch or an output/encoder failure, 2 bad input (the scene or the command line), 141 standard output was a pipe whose reader went away (as SIGPIPE would end it; nothing is said)."
    /// Environment variables the program reads, with what they do.
    static let environment: [(name: String, meaning: String)] = [
        ("CI", "when true (or 1, yes), check refuses --update: CI never records goldens"),
        ("NO_COLOR", "when set and not empty, diagnostics are not coloured (unless --color always)"),
        ("SLURM_ARRAY_TASK_ID", "with render --chunk env/N, the chunk to render (a Slurm job array's task)"),
        ("JOB_COMPLETION_INDEX", "with render --chunk env/N, the chunk to render (a Kubernetes Indexed Job's pod), when SLURM_ARRAY_TASK_ID is not set"),
    ]
}

extension Options {
    static let version = Flag("--version", help: "print the version")
}

extension Commands {
    static let completion = CommandSpec(
        name: "completion",
        summary: "print a shell completion script (bash, zsh or fish)",
        discussion: """
        Prints a script that completes strata's commands, options and their values. \
        bash: source <(strata completion bash), or save it as \
        /usr/share/bash-completion/completions/strata. zsh: save it as _strata in a \
        folder of $fpath. fish: save it as ~/.config/fish/completions/strata.fish.
        """,
        positional: Positional(placeholder: "SHELL", noun: "a shell: bash, zsh or fish", count: .one,
                               completion: .choices(Shell.allCases.map(\.rawValue))),
        options: []
    ) { args throws(UsageError) in
        switch Shell(rawValue: args.positional)! {
        case .bash: .print(BashCompletion.script(Commands.all))
        case .zsh: .print(ZshCompletion.script(Commands.all))
        case .fish: .print(FishCompletion.script(Commands.all))
        }
    }

    static let help = CommandSpec(
        name: "help",
        summary: "show the help of strata or of a command",
        positional: Positional(placeholder: "COMMAND", noun: "a command", count: .optional,
                               completion: .commands),
        options: [Options.man]
    ) { args throws(UsageError) in
        if args[Options.man] { return .print(ManPage.page(Commands.all)) }
        guard let topic = args.positionals.first else { return .print(HelpText.program(Commands.all)) }
        return .print(HelpText.command(try CommandLineInterface.command(named: topic)))
    }

    static let version = CommandSpec(
        name: "version",
        summary: "print the version",
        options: []
    ) { _ throws(UsageError) in .print("\(Program.name) \(Program.version)") }
}
