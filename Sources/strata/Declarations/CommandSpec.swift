import StrataCompiler

/// The positional arguments of a command.
struct Positional: Sendable, Hashable {
    enum Count: Sendable, Hashable { case one, oneOrMore, optional }

    /// As usage shows it: `SCENE.yaml`, `PATH`.
    var placeholder: String
    /// What is missing, for "render needs a scene file": `a scene file`.
    var noun: String
    var count: Count
    var completion: ValueCompletion

    /// `SCENE.yaml`, `PATH...`, `[COMMAND]`.
    var usage: String {
        switch count {
        case .one: placeholder
        case .oneOrMore: placeholder + "..."
        case .optional: "[" + placeholder + "]"
        }
    }
}

/// What a command line asks for once it is parsed.
enum Action: Sendable {
    /// Run a command of the compiler.
    case run(any StrataCommand)
    /// Print text on standard output and succeed (help, completions, the version).
    case print(String)
}

/// One command, declared once: its words for help and the man page, its
/// arguments, and how its parsed arguments become an `Action`.
struct CommandSpec: Sendable {
    var name: String
    /// One line for `strata --help`.
    var summary: String
    /// Paragraphs shown under the usage line (`--help`, the man page).
    var discussion: String = ""
    var positional: Positional?
    /// Options in the order help lists them (`Options.everyCommand` follow).
    var options: [any AnyOption]
    /// Options that must be given, with the message when one is not.
    var required: [(option: any AnyOption, missing: String)] = []
    /// Not listed in `strata --help` or the completions' command list.
    var hidden = false
    /// The command's own exit statuses, when they say more than the program's.
    var exitStatus: String?
    /// What Ctrl-C and SIGTERM do while the command runs.
    var onInterrupt = InterruptBehaviour.abort
    let action: @Sendable (ParsedArguments) throws(UsageError) -> Action

    /// `strata render SCENE.yaml -o OUT [options]`.
    var usage: String {
        var parts = ["strata", name]
        if let positional { parts.append(positional.usage) }
        for (option, _) in required {
            if case .value(let placeholder) = option.info.arity {
                parts.append("\(option.info.shortName ?? option.info.name) \(placeholder)")
            }
        }
        if !options.isEmpty { parts.append("[options]") }
        return parts.joined(separator: " ")
    }

    /// The command's own options, then those every command takes.
    var allOptions: [any AnyOption] { options + Options.everyCommand }
}
