extension CheckReport {
    /// GitHub Actions workflow commands, one per frame that needs attention,
    /// in report order:
    /// `::error file=SCENE,line=L,col=C,title=TITLE::MESSAGE` for mismatches
    /// and missing goldens (and orphans when `orphansFail`), `::warning` for
    /// orphans otherwise, `::notice` for updated goldens; passing frames give
    /// none. Property values and the message are escaped as @actions/core
    /// does (`%`, CR, LF; plus `:` and `,` in properties).
    public func githubAnnotations() -> [String] {
        orderedFrames.compactMap { check in
            let command: String
            switch check.status {
            case .pass: return nil
            case .updated: command = "notice"
            case .orphan: command = orphansFail ? "error" : "warning"
            case .fail, .missing: command = "error"
            }
            let properties = [
                "file=" + Escape.githubProperty(check.scene),
                "line=\(check.line)",
                "col=\(check.column)",
                "title=" + Escape.githubProperty("\(title): \(check.status.rawValue) \(check.title)"),
            ].joined(separator: ",")
            return "::\(command) \(properties)::" + Escape.githubData(check.annotationMessage)
        }
    }
}

extension FrameCheck {
    /// The message of an annotation or a JUnit failure: what happened, the
    /// figures when the frame was compared, and where the diff image is.
    var annotationMessage: String {
        var text = "\(title): \(message)"
        if status == .fail, let comparison {
            text += " [\(comparison.summary)]"
        }
        if status == .fail, let diffImage { text += "; diff: \(diffImage)" }
        return text
    }
}
