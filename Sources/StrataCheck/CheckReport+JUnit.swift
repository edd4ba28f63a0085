import StrataModel

extension CheckReport {
    /// JUnit XML, valid against the Jenkins xUnit plugin's `junit-10.xsd`
    /// (the dialect CI servers read; Tests/Schemas/ has it): one `testsuite`
    /// per scene in first-seen order, one `testcase` per frame in checked
    /// order. Mismatches and missing goldens are `failure`s (type `mismatch`,
    /// `missing-golden`) whose message has the figures; orphans are
    /// `failure`s of type `orphan-golden` when `orphansFail`, else `skipped`;
    /// a scene that could not be checked is one testcase `load` with an
    /// `error` (type `scene-error`) per diagnostic; updated and passing frames
    /// pass, their figures in `system-out`. Every testcase and suite has a
    /// `time` (seconds); suites have the run's `timestamp`. Paths are relative
    /// to `paths.root`; every text is XML-escaped.
    public func junitXML() -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let all = tally(frames)
        let errors = sceneErrors.count
        xml += "<testsuites name=\"\(Escape.xml(title, attribute: true))\" tests=\"\(frames.count + errors)\""
            + " failures=\"\(all.failures)\" errors=\"\(errors)\" time=\"\(Self.seconds(totalSeconds))\">\n"
        for scene in scenes {
            let cases = frames.filter { $0.scene == scene }
            let failure = sceneErrors.first { $0.scene == scene }
            let counts = tally(cases)
            let name = Escape.xml(paths.fromRoot(scene), attribute: true)
            let time = cases.reduce(0) { $0 + $1.seconds }
            xml += "  <testsuite name=\"\(name)\" tests=\"\(cases.count + (failure == nil ? 0 : 1))\""
                + " failures=\"\(counts.failures)\" errors=\"\(failure == nil ? 0 : 1)\" skipped=\"\(counts.skipped)\""
                + " time=\"\(Self.seconds(time))\"" + (timestamp.map { " timestamp=\"\($0)\"" } ?? "") + " file=\"\(name)\">\n"
            if let failure { xml += testcase(failure) }
            for check in cases { xml += testcase(check.withImages(paths.image)) }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    private var totalSeconds: Double { frames.reduce(0) { $0 + $1.seconds } }

    /// `0.125`: at most three decimals, as the schema's SUREFIRE_TIME allows.
    static func seconds(_ t: Double) -> String {
        let ms = Int((max(0, t) * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private func tally(_ checks: [FrameCheck]) -> (failures: Int, skipped: Int) {
        var failures = 0, skipped = 0
        for check in checks {
            if isFailure(check) { failures += 1 } else if check.status == .orphan { skipped += 1 }
        }
        return (failures, skipped)
    }

    private func testcase(_ check: FrameCheck) -> String {
        let scene = Escape.xml(paths.fromRoot(check.scene), attribute: true)
        var xml = "    <testcase name=\"\(Escape.xml(check.title, attribute: true))\" classname=\"\(scene)\""
            + " time=\"\(Self.seconds(check.seconds))\">\n"
        let body = Escape.xml(check.junitDetails(at: paths.fromRoot(check.scene)))
        let message = Escape.xml(check.annotationMessage, attribute: true)
        if isFailure(check) {
            let type = check.status == .fail ? "mismatch" : "\(check.status.rawValue)-golden"
            xml += "      <failure message=\"\(message)\" type=\"\(type)\">\(body)</failure>\n"
        } else if check.status == .orphan {
            xml += "      <skipped message=\"\(message)\"/>\n"
        } else {
            xml += "      <system-out>\(body)</system-out>\n"
        }
        xml += "    </testcase>\n"
        return xml
    }

    /// The scene's `load` testcase: one `error` per error diagnostic, located.
    private func testcase(_ failure: SceneError) -> String {
        let scene = Escape.xml(paths.fromRoot(failure.scene), attribute: true)
        var xml = "    <testcase name=\"load\" classname=\"\(scene)\" time=\"0.000\">\n"
        for d in failure.diagnostics where d.severity == .error {
            let place = d.location.hasPosition ? "\(paths.fromRoot(d.location.file)):\(d.location.line):\(d.location.column)"
                : paths.fromRoot(d.location.file)
            let notes = d.notes.map { "\n\(paths.fromRoot($0.location.file)):\($0.location.line):\($0.location.column): note: \($0.message)" }
            xml += "      <error message=\"\(Escape.xml(d.message, attribute: true))\" type=\"scene-error\">"
                + Escape.xml("\(place): error: \(d.message)" + notes.joined()) + "</error>\n"
        }
        xml += "    </testcase>\n"
        return xml
    }
}

extension FrameCheck {
    /// Multi-line detail: message, figures, tolerance and image paths; `scene` as the reader names it.
    func junitDetails(at scene: String) -> String {
        var lines = ["\(title): \(message)"]
        if let comparison { lines.append("figures: \(comparison.summary)") }
        lines.append("tolerance: \(tolerance.summary)")
        if let expectedImage { lines.append("expected: \(expectedImage)") }
        if let actualImage { lines.append("actual: \(actualImage)") }
        if let diffImage { lines.append("diff: \(diffImage)") }
        lines.append("at: \(scene):\(line):\(column)")
        return lines.joined(separator: "\n")
    }
}

extension Tolerance {
    /// `"channel 2, pixels 0.10%, PSNR >= 45 dB, anti-aliasing ignored"`.
    var summary: String {
        var parts = ["channel \(channel)"]
        if let pixelCount { parts.append("pixels \(pixelCount)") } else { parts.append("pixels \(Format.percent(pixels))") }
        if let psnr { parts.append("PSNR >= \(Format.number(psnr)) dB") }
        if antialiasing { parts.append("anti-aliasing ignored") }
        return parts.joined(separator: ", ")
    }
}
