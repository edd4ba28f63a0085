import Foundation
import StrataCheck
import StrataModel

extension CheckCommand {
    /// One line per scene that passed, one per frame that did not, then the
    /// totals; the last line is `check: N passed, M failed`, which CI runners read.
    func summary(_ report: CheckReport) -> String {
        var lines: [String] = []
        for failure in report.sceneErrors {
            let first = failure.first.map { d in
                (d.location.hasPosition ? "\(d.location): " : "") + d.message
            } ?? "does not load"
            let more = failure.diagnostics.filter { $0.severity == .error }.count - 1
            lines.append("ERROR    \(failure.scene): not checked: \(first)" + (more > 0 ? " (and \(more) more)" : ""))
        }
        for scene in report.scenes where !report.sceneErrors.contains(where: { $0.scene == scene }) {
            let frames = report.frames.filter { $0.scene == scene }
            let notable = frames.filter { $0.status != .pass }
            if notable.isEmpty {
                lines.append("ok       \(scene) (\(frames.count) frame\(frames.count == 1 ? "" : "s"))")
            }
            for check in notable {
                let status = check.status.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0)
                let what = check.frame >= 0 || check.subject != nil ? check.title + ": " : ""
                var line = "\(status) \(scene):\(check.line):\(check.column): \(what)\(textMessage(check))"
                if let diff = check.diffImage { line += " [\(artifacts)/\(diff)]" }
                lines.append(line)
            }
        }
        if format == .github { lines += report.githubAnnotations() }
        let failed = report.frames.filter(report.isFailure).count + report.sceneErrors.count
        var extra: [String] = []
        if !report.sceneErrors.isEmpty { extra.append("\(report.sceneErrors.count) scene(s) not loaded") }
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

    /// report.html (every run: a green run writes a green report over a red
    /// one) and JUnit XML (with --junit).
    func writeReports(_ report: CheckReport) throws {
        try write(report.html(), to: artifacts + "/report.html")
        if let junit { try write(report.junitXML(), to: junit) }
    }

    func write(_ text: String, to path: String) throws {
        let writer = RenderCommand(scenePath: "", output: path)
        try writer.writeAtomically(path) { temp in
            do { try SystemFiles.store(Array(text.utf8), to: temp) } catch { throw CompileError("\(error)", status: .failure) }
        }
    }

    /// What an earlier run left in the artifacts folder (its report and the
    /// images it names: `*-actual.png`, `*-expected.png`, `*-diff.png`,
    /// `timeline.png`) is removed before this run writes its own, so a green
    /// run leaves no red artifacts behind. Only those files, and folders they
    /// leave empty, are removed: anything else there is kept.
    func removeEarlierArtifacts() throws {
        let fm = FileManager.default
        guard SystemFiles.isFolder(artifacts) else { return }
        let items = (fm.enumerator(atPath: artifacts)?.allObjects as? [String]) ?? []
        let ours = items.filter { item in
            let name = (item as NSString).lastPathComponent
            return item == "report.html" || name == "timeline.png"
                || ["-actual.png", "-expected.png", "-diff.png"].contains { name.hasSuffix($0) }
        }
        for item in ours { try? fm.removeItem(atPath: artifacts + "/" + item) }
        // Deepest folders first, so that a parent emptied by its children goes too.
        let folders = Set(ours.map { ($0 as NSString).deletingLastPathComponent }.flatMap { path in
            var chain: [String] = []
            var p = path
            while !p.isEmpty { chain.append(p); p = (p as NSString).deletingLastPathComponent }
            return chain
        })
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            let path = artifacts + "/" + folder
            if (try? fm.contentsOfDirectory(atPath: path))?.isEmpty == true { try? fm.removeItem(atPath: path) }
        }
    }
}
