import Foundation
import StrataCheck
import StrataModel

extension CheckCommand {
    /// One line per scene that passed, one per frame that did not, then the
    /// totals; the last line is `check: N passed, M failed`, which CI runners read.
    func summary(_ report: CheckReport) -> String {
        var lines: [String] = []
        for scene in report.scenes {
            let frames = report.frames.filter { $0.scene == scene }
            let notable = frames.filter { $0.status != .pass }
            if notable.isEmpty {
                lines.append("ok       \(scene) (\(frames.count) frame\(frames.count == 1 ? "" : "s"))")
            }
            for check in notable {
                let status = check.status.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0)
                let what = check.frame >= 0 ? check.title + ": " : ""
                var line = "\(status) \(scene):\(check.line):\(check.column): \(what)\(textMessage(check))"
                if let diff = check.diffImage { line += " [\(artifacts)/\(diff)]" }
                lines.append(line)
            }
        }
        if format == .github { lines += report.githubAnnotations() }
        let failed = report.frames.filter(report.isFailure).count
        var extra: [String] = []
        if report.count(.missing) > 0 { extra.append("\(report.count(.missing)) missing") }
        if report.count(.orphan) > 0 { extra.append("\(report.count(.orphan)) orphan") }
        if report.count(.updated) > 0 { extra.append("\(report.count(.updated)) golden(s) written") }
        if failed > 0 { extra.append("report: \(artifacts)/report.html") }
        if !extra.isEmpty { lines.append(extra.joined(separator: ", ")) }
        lines.append("check: \(report.count(.pass) + report.count(.updated)) passed, \(failed) failed")
        return lines.joined(separator: "\n")
    }

    /// The message with paths relative to the working directory (the report's are relative to the artifacts).
    func textMessage(_ check: FrameCheck) -> String {
        var c = check
        if check.status != .fail, let image = check.expectedImage {
            c.expectedImage = Self.normalized(artifacts + "/" + image)
        }
        return c.message
    }

    /// Removes `.` and `name/..` pairs from a relative or absolute path.
    static func normalized(_ path: String) -> String {
        var parts: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            if part == "." || (part.isEmpty && !parts.isEmpty) { continue }
            if part == "..", let last = parts.last, last != "..", !last.isEmpty { parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// report.html (always, when something failed or with --update) and JUnit XML (with --junit).
    func writeReports(_ report: CheckReport) throws {
        if report.failed || report.count(.updated) > 0 {
            try write(report.html(), to: artifacts + "/report.html")
        }
        if let junit { try write(report.junitXML(), to: junit) }
    }

    func write(_ text: String, to path: String) throws {
        let writer = RenderCommand(scenePath: "", output: path)
        try writer.writeAtomically(path) { temp in
            do { try text.write(toFile: temp, atomically: false, encoding: .utf8) } catch {
                throw CompileError("cannot write '\(path)': \(error.localizedDescription)", status: .failure)
            }
        }
    }
}
