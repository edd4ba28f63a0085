import Foundation
import StrataCompiler
import StrataPreview

// The executable is thin: everything lives in StrataCompiler (and the
// authoring loop in StrataPreview) so that tests can call it.
let authoring = AuthoringCommands(preview: { try PreviewCommand($0).run() },
                                  watch: { try WatchCommand(render: $0).run() })
exit(CLI.run(Array(CommandLine.arguments.dropFirst()), authoring: authoring))
