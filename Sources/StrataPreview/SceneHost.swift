import Foundation
import StrataCompiler
import StrataModel
import StrataParse

/// The scene the preview serves: the last version that compiled, and the
/// diagnostics of the last attempt when it did not. `reload` swaps the
/// version under a lock, so a request sees the old or the new scene, never a mix.
final class SceneHost: @unchecked Sendable {
    /// What the page shows about the scene right now.
    struct Status: Sendable {
        /// The last version that compiled (frames come from it), if any.
        var version: SceneVersion?
        /// The errors (and warnings) of the last attempt when it failed; empty when it compiled.
        var problems: [DiagnosticView]
        /// Reload attempts so far, failed ones included (1 after the first load).
        var attempt: Int
        var ok: Bool { problems.allSatisfy { $0.severity != "error" } && version != nil }
    }

    let path: String
    let options: SceneLoadOptions
    private let lock = NSLock()
    private var status = Status(version: nil, problems: [], attempt: 0)

    init(path: String, options: SceneLoadOptions) {
        self.path = path
        self.options = options
    }

    var current: Status {
        lock.lock()
        defer { lock.unlock() }
        return status
    }

    /// Loads the file again and, if it compiles, makes it the current
    /// version. Returns the new status and the diagnostics (warnings, or errors).
    @discardableResult
    func reload() -> (status: Status, diagnostics: [Diagnostic]) {
        var warnings: [Diagnostic] = []
        let outcome: Result<(Scene, CompiledScene), DiagnosticList>
        do {
            let (loaded, loadWarnings) = try SceneLoader.load(file: path, options: options)
            warnings = loadWarnings
            let compiled = try CompiledScene.compile(loaded, overrides: SceneOverrides(), warn: { warnings.append($0) })
            outcome = .success((loaded, compiled))
        } catch let list as DiagnosticList {
            outcome = .failure(list)
        } catch {
            outcome = .failure(DiagnosticList([Diagnostic(.commandLine(), "\(error)")]))
        }
        lock.lock()
        defer { lock.unlock() }
        status.attempt += 1
        switch outcome {
        case .success(let (loaded, compiled)):
            let number = (status.version?.number ?? 0) + 1
            status.version = SceneVersion(number: number, loaded: loaded, authored: compiled,
                                          warnings: warnings, inputs: SceneInputs.files(of: loaded))
            status.problems = DiagnosticView.views(of: warnings)
            return (status, warnings)
        case .failure(let list):
            status.problems = DiagnosticView.views(of: list.items)
            return (status, list.items)
        }
    }

    /// The files to watch: the current version's inputs, and the scene file
    /// itself in any case (it may not have loaded yet).
    var inputs: [String] {
        let version = current.version
        return Array(Set((version?.inputs ?? []) + [path])).sorted()
    }
}

/// A diagnostic as the page shows it: the place, the message, and the
/// source line with a caret under the column.
struct DiagnosticView: Sendable {
    var file: String
    var line: Int
    var column: Int
    var severity: String
    var message: String
    /// The text of the line (tabs kept), or nil when the file cannot be read.
    var source: String?
    /// What goes before the caret: the line's text up to the column with
    /// every character but a tab replaced by a space, so it lines up.
    var caretPrefix: String?
    /// `FILE:LINE:COLUMN: error: message`.
    var text: String

    static func views(of diagnostics: [Diagnostic]) -> [DiagnosticView] {
        var lines: [String: [Substring]] = [:]
        return diagnostics.map { d in
            let file = d.location.file
            if lines[file] == nil, !file.hasPrefix("<"), let text = try? String(contentsOfFile: file, encoding: .utf8) {
                lines[file] = text.split(separator: "\n", omittingEmptySubsequences: false)
            }
            var view = DiagnosticView(file: file, line: d.location.line, column: d.location.column,
                                      severity: d.severity.rawValue, message: d.message, source: nil,
                                      caretPrefix: nil, text: d.description)
            if let fileLines = lines[file], d.location.line >= 1, d.location.line <= fileLines.count {
                let source = String(fileLines[d.location.line - 1].drop { $0 == "\u{FEFF}" })
                    .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
                view.source = source
                let before = source.unicodeScalars.prefix(max(0, d.location.column - 1))
                view.caretPrefix = String(String.UnicodeScalarView(before.map { $0 == "\t" ? "\t" : " " }))
            }
            return view
        }
    }

    var json: JSON {
        .object([("file", .string(file)), ("line", .number(Double(line))), ("column", .number(Double(column))),
                 ("severity", .string(severity)), ("message", .string(message)),
                 ("source", source.map(JSON.string) ?? .null), ("caretPrefix", caretPrefix.map(JSON.string) ?? .null),
                 ("text", .string(text))])
    }
}
