import Foundation
import StrataCompiler

// The executable is thin: everything lives in StrataCompiler so that tests can call it.
exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
