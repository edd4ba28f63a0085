import Foundation

// The face of the compiler: arguments are parsed against the declarations in
// Declarations/, the command runs in StrataCompiler, and its words are printed here.
Interrupts.install()
exit(CommandLineInterface.main(Array(CommandLine.arguments.dropFirst()), console: TerminalConsole()))
