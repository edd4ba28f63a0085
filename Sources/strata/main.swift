import Foundation

// The face of the compiler: arguments are parsed against the declarations in
// Declarations/, the command runs in StrataCompiler (or StrataPreview), and
// what it says is printed here.
exit(CommandLineInterface.main(Array(CommandLine.arguments.dropFirst()), console: TerminalConsole()))
