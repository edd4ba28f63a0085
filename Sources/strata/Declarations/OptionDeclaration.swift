import StrataParse

/// What a shell offers when it completes an option's value or a positional argument.
enum ValueCompletion: Sendable, Hashable {
    /// Free text (a number, a time): nothing to offer.
    case none
    /// File names; with extensions, only those files (and folders to go into).
    case files(extensions: [String])
    case directories
    /// One of these words.
    case choices([String])
    /// The name of a command (`strata help COMMAND`).
    case commands
}

/// What follows an option's name on the command line.
enum OptionArity: Sendable, Hashable {
    /// Nothing: the option is a switch.
    case flag
    /// A value: `--name VALUE`, `--name=VALUE`, `-x VALUE` or `-xVALUE`.
    case value(placeholder: String)
    /// A value that may be left out; given only as `--name=VALUE`.
    /// `--name` alone means `implied`.
    case optionalValue(placeholder: String, implied: String)
}

/// Everything the parser, the help texts, the man page and the shell
/// completions know about one option. Declared once, in `Options`.
struct OptionInfo: Sendable, Hashable {
    /// The long name with its dashes: `--output`.
    var name: String
    /// The one-letter name without its dash (`o` for `-o`), if any.
    var short: Character?
    var arity: OptionArity
    var completion: ValueCompletion
    /// One line for `--help` (the man page and completions use it too).
    var help: String
    /// What applies when the option is not given, as shown in help.
    var defaultValue: String?
    /// Whether the option may be given more than once (each value counts).
    var repeatable: Bool

    /// `-o` for a short name.
    var shortName: String? { short.map { "-\($0)" } }
    /// Every spelling of the option: `--output`, `-o`.
    var names: [String] { [name] + (shortName.map { [$0] } ?? []) }
    var takesValue: Bool { arity != .flag }
}

/// An option of any value type, as commands list them.
protocol AnyOption: Sendable {
    var info: OptionInfo { get }
    /// The typed value of one occurrence (`text` is empty for a switch).
    func value(from text: String) throws(UsageError) -> any Sendable
}

/// An option whose value becomes a `Value` as the command line is read, so
/// that a bad value is reported with the option that carries it.
struct Option<Value: Sendable>: AnyOption {
    let info: OptionInfo
    /// The value a text stands for, or nil when it stands for none.
    let parse: @Sendable (String) -> Value?
    /// What a value is, for "option '--crf' expects a CRF in 0...51, found 'x'".
    let expected: String

    func value(from text: String) throws(UsageError) -> any Sendable {
        guard let value = parse(text) else {
            var hint = ""
            if case .choices(let words) = info.completion { hint = Suggestion.hint(for: text, in: words) }
            throw UsageError("option '\(info.name)' expects \(expected), found '\(text)'\(hint)")
        }
        return value
    }
}

/// A switch: present or not.
struct Flag: AnyOption {
    let info: OptionInfo

    init(_ name: String, short: Character? = nil, help: String) {
        info = OptionInfo(name: name, short: short, arity: .flag, completion: .none, help: help,
                          defaultValue: nil, repeatable: false)
    }

    func value(from text: String) throws(UsageError) -> any Sendable { true }
}

extension Option {
    /// An option with a value of its own kind.
    init(_ name: String, short: Character? = nil, placeholder: String, completion: ValueCompletion = .none,
         help: String, default defaultValue: String? = nil, repeatable: Bool = false, expected: String,
         parse: @escaping @Sendable (String) -> Value?) {
        info = OptionInfo(name: name, short: short, arity: .value(placeholder: placeholder), completion: completion,
                          help: help, defaultValue: defaultValue, repeatable: repeatable)
        self.parse = parse
        self.expected = expected
    }

    /// An option whose value is one of a closed set of words.
    static func choice(_ name: String, placeholder: String, _ words: [String], help: String,
                       default defaultValue: String? = nil,
                       parse: @escaping @Sendable (String) -> Value?) -> Option {
        Option(name, placeholder: placeholder, completion: .choices(words), help: help, default: defaultValue,
               expected: Self.oneOf(words), parse: parse)
    }

    /// `a, b or c`.
    static func oneOf(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}

extension Option where Value == String {
    /// An option whose value is taken as written (a path, a name).
    init(_ name: String, short: Character? = nil, placeholder: String, completion: ValueCompletion = .none,
         help: String, default defaultValue: String? = nil) {
        self.init(name, short: short, placeholder: placeholder, completion: completion, help: help,
                  default: defaultValue, expected: "a value", parse: { $0 })
    }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// An option whose value is a case of `Value`, named by its raw value.
    static func choice(_ name: String, placeholder: String, help: String, default defaultValue: Value? = nil) -> Option {
        choice(name, placeholder: placeholder, Value.allCases.map(\.rawValue), help: help,
               default: defaultValue?.rawValue, parse: { Value(rawValue: $0) })
    }

    /// An option that may be given bare (`--update`) or with a case (`--update=missing`).
    static func optionalChoice(_ name: String, placeholder: String, implied: Value, help: String) -> Option {
        let words = Value.allCases.map(\.rawValue)
        let info = OptionInfo(name: name, short: nil, arity: .optionalValue(placeholder: placeholder, implied: implied.rawValue),
                              completion: .choices(words), help: help, defaultValue: nil, repeatable: false)
        return Option(info: info, parse: { Value(rawValue: $0) }, expected: oneOf(words))
    }
}

extension Option where Value == Int {
    /// A whole number in `range`.
    static func integer(_ name: String, short: Character? = nil, placeholder: String = "N", in range: ClosedRange<Int>,
                        expected: String, help: String, default defaultValue: String? = nil) -> Option {
        Option(name, short: short, placeholder: placeholder, help: help, default: defaultValue,
               expected: "\(expected) \(range.lowerBound)...\(range.upperBound)",
               parse: { Int($0).flatMap { range.contains($0) ? $0 : nil } })
    }
}
