import StrataModel

extension CheckReport {
    /// GitHub Actions workflow commands: first one per diagnostic of a scene
    /// that could not be checked (`::error`) and per warning of the others
    /// (`::warning`), at the diagnostic's place; then one per frame that needs
    /// attention, in report order: `::error file=SCENE,line=L,col=C,title=TITLE::MESSAGE`
    /// for mismatches and missing goldens (and orphans when `orphansFail`),
    /// `::warning` for orphans otherwise, `::notice` for updated goldens;
    /// passing frames give none. Paths are relative to `paths.root` (the
    /// repository, where GitHub resolves them). Property values and the
    /// message are escaped as @actions/core does (`%`, CR, LF; plus `:` and
    /// `,` in properties).
    public func githubAnnotations() -> [String] {
        let problems = sceneErrors.flatMap(\.diagnostics) + warnings
        return problems.map(annotation) + orderedFrames.compactMap { check in
            let command: String
            switch check.status {
            case .pass: return nil
            case .updated: command = "notice"
            case .orphan: command = orphansFail ? "error" : "warning"
            case .fail, .missing: command = "error"
            }
            let properties = [
                "file=" + Escape.githubProperty(paths.fromRoot(check.scene)),
                "line=\(check.line)",
                "col=\(check.column)",
                "title=" + Escape.githubProperty("\(title): \(check.status.rawValue) \(check.title)"),
            ].joined(separator: ",")
            return "::\(command) \(properties)::" + Escape.githubData(check.withImages(paths.image).annotationMessage)
        }
    }

    /// `::error file=...,line=...,col=...,endColumn=...::message` for one diagnostic.
    private func annotation(_ d: Diagnostic) -> String {
        var properties: [String] = []
        if d.location.file != SourceLocation.commandLineName {
            properties.append("file=" + Escape.githubProperty(paths.fromRoot(d.location.file)))
        }
        if d.location.hasPosition {
            properties.append("line=\(d.location.line)")
            properties.append("col=\(d.location.column)")
            if let end = d.location.end, end.line == d.location.line { properties.append("endColumn=\(end.column)") }
        }
        properties.append("title=" + Escape.githubProperty("\(title): scene \(d.severity.rawValue)"))
        let notes = d.notes.map { "\n\(paths.fromRoot($0.location.file)):\($0.location.line):\($0.location.column): note: \($0.message)" }
        return "::\(d.severity.rawValue) \(properties.joined(separator: ","))::" + Escape.githubData(d.message + notes.joined())
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
