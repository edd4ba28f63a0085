import Foundation
import StrataRender

// The face of the compiler: arguments are parsed against the declarations in
// Declarations/, the command runs in StrataCompiler (or StrataPreview), and
// what it says is printed here.

// A write into a closed pipe fails with EPIPE instead of killing the process,
// which then ends itself quietly with exit status 141 (`ClosedPipe`).
signal(SIGPIPE, SIG_IGN)
// Fonts installed beside the binary (make install) are seen by fontconfig before any text is laid out.
if let executable = BundledFonts.executable { BundledFonts.register(folder: BundledFonts.folder(executable: executable)) }
exit(CommandLineInterface.main(Array(CommandLine.arguments.dropFirst()), console: TerminalConsole()))
