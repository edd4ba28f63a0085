import Foundation
import StrataModel
import StrataParse

/// How diagnostics are printed on standard error (`--diagnostics`).
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// `FILE:LINE:COLUMN: error: message`, the source line, a caret under
    /// the value, notes and suggestions; coloured on a terminal.
    case text
    /// One JSON object per diagnostic per line (`DiagnosticPrinter.json`), for editors and CI.
    case json
}

/// When diagnostics are coloured (`--color`).
public enum ColorChoice: String, Sendable, CaseIterable {
    /// On a terminal (standard error), unless `NO_COLOR` is set or `TERM` is `dumb`.
    case auto
    case always
    case never

    /// Whether to colour, given whether standard error is a terminal and the environment.
    public func resolved(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            // no-color.org: NO_COLOR set to anything but the empty string turns colour off.
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            return isTerminal && environment["TERM"] != "dumb"
        }
    }
}

/// Turns diagnostics into what a compiler prints: the headline, the source
/// line with a caret and a `~~~` underline of the value's span, the
/// suggested replacement under it, then each note with its own excerpt.
/// Problems without a place (the command line, a file that cannot be
/// opened) read `strata: error: message`.
public struct DiagnosticPrinter: Sendable {
    public var colour: Bool
    private let sources = SourceLines()

    public init(colour: Bool) {
        self.colour = colour
    }

    /// The lines for one diagnostic, without a final newline.
    public func text(_ d: Diagnostic) -> String {
        var lines: [String] = []
        lines.append(headline(d.location, d.severity.rawValue, d.message))
        let width = gutterWidth([d.location] + d.notes.map(\.location))
        lines += excerpt(d.location, suggestion: d.suggestion, width: width)
        for note in d.notes {
            lines.append(headline(note.location, "note", note.message))
            lines += excerpt(note.location, suggestion: nil, width: width)
        }
        return lines.joined(separator: "\n")
    }

    /// `strata: error: message`.
    public func failure(_ message: String) -> String {
        "\(paint("strata:", .bold)) \(paint("error:", .error)) \(paint(message, .bold))"
    }

    // MARK: - Pieces

    private func headline(_ at: SourceLocation, _ level: String, _ message: String) -> String {
        let style: Style = level == "error" ? .error : level == "warning" ? .warning : .note
        let place = at.hasPosition ? "\(at):" : "strata:"
        return "\(paint(place, .bold)) \(paint(level + ":", style)) \(paint(message, .bold))"
    }

    /// Characters of a source line an excerpt shows (a window around the caret).
    static let maxExcerptLength = 160

    /// `  12 | text`, then `     | ^~~~`, then the suggestion under the caret.
    private func excerpt(_ at: SourceLocation, suggestion: String?, width: Int) -> [String] {
        guard at.hasPosition, let line = sources.line(at.line, of: at.file) else { return [] }
        var scalars = Array(line.unicodeScalars)
        var start = min(max(0, at.column - 1), scalars.count)
        // Underline to the span's end when it ends on the same line; a caret alone otherwise.
        var length = 1
        if let end = at.end, end.line == at.line, end.column - 1 > start {
            length = min(end.column - 1, scalars.count) - start
        }
        // A long line shows a window of it around the caret, cut with `...`.
        if scalars.count > Self.maxExcerptLength {
            let from = max(0, min(start - Self.maxExcerptLength / 3, scalars.count - Self.maxExcerptLength))
            let to = min(scalars.count, from + Self.maxExcerptLength)
            let dots: [Unicode.Scalar] = [".", ".", "."]
            scalars = (from > 0 ? dots : []) + scalars[from..<to] + (to < scalars.count ? dots : [])
            length = min(length, to - start)
            start = start - from + (from > 0 ? 3 : 0)
        }
        length = max(1, length)
        let source = String(String.UnicodeScalarView(scalars))
        // Tabs stay tabs in front of the caret, so that it lines up under any tab width.
        let lead = String(String.UnicodeScalarView(scalars[..<start].map { $0 == "\t" ? "\t" : " " }))
        let gutter = String(repeating: " ", count: width)
        var lines = [
            paint(pad(String(at.line), width) + " |", .gutter) + " " + source,
            paint(gutter + " |", .gutter) + " " + lead + paint("^" + String(repeating: "~", count: length - 1), .caret),
        ]
        if let suggestion, !suggestion.contains("\n"), at.end.map({ $0.line == at.line }) ?? true {
            lines.append(paint(gutter + " |", .gutter) + " " + lead + paint(suggestion, .fix))
        }
        return lines
    }

    private func gutterWidth(_ places: [SourceLocation]) -> Int {
        // One column of margin, as rustc has it.
        1 + (places.filter(\.hasPosition).map { String($0.line).count }.max() ?? 1)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    // MARK: - Colour (the terminal's SGR codes, as clang and gcc use them)

    private enum Style: String {
        case bold = "1", error = "1;31", warning = "1;35", note = "1;36", caret = "1;32", fix = "32", gutter = "34"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        colour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

/// The lines of the files diagnostics point into, read once each (standard
/// input from what the scene load read).
final class SourceLines: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [String]?] = [:]

    /// Line `number` (1-based) without its line break, or nil.
    func line(_ number: Int, of file: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if files[file] == nil { files[file] = Self.read(file) }
        guard let lines = files[file] ?? nil, number >= 1, number <= lines.count else { return nil }
        var text = lines[number - 1].unicodeScalars
        if number == 1, text.first == "\u{FEFF}" { text.removeFirst() }
        if text.last == "\r" { text.removeLast() }
        return String(text)
    }

    private static func read(_ file: String) -> [String]? {
        let bytes: [UInt8]?
        if file == SceneLoader.standardInputName {
            bytes = try? StandardInput.contents.get()
        } else {
            bytes = try? SystemFiles.contents(of: file, limit: Limits.maxSceneBytes)
        }
        guard let bytes else { return nil }
        return bytes.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}
