import StrataModel

extension CheckReport {
    /// JUnit XML (the dialect CI servers read): one `testsuite` per scene in
    /// first-seen order, one `testcase` per frame in checked order.
    /// Mismatches and missing goldens are `failure`s (type `mismatch`,
    /// `missing-golden`) whose message has the figures; orphans are
    /// `failure`s of type `orphan-golden` when `orphansFail`, else `skipped`;
    /// updated and passing frames pass, their figures in `system-out`.
    /// Every text is XML-escaped; no timestamps, so the output is reproducible.
    public func junitXML() -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let all = tally(frames)
        xml += "<testsuites name=\"\(Escape.xml(title, attribute: true))\" tests=\"\(frames.count)\""
            + " failures=\"\(all.failures)\" errors=\"0\" skipped=\"\(all.skipped)\">\n"
        for scene in scenes {
            let cases = frames.filter { $0.scene == scene }
            let counts = tally(cases)
            let name = Escape.xml(scene, attribute: true)
            xml += "  <testsuite name=\"\(name)\" tests=\"\(cases.count)\" failures=\"\(counts.failures)\""
                + " errors=\"0\" skipped=\"\(counts.skipped)\" file=\"\(name)\">\n"
            for check in cases { xml += testcase(check) }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    private func tally(_ checks: [FrameCheck]) -> (failures: Int, skipped: Int) {
        var failures = 0, skipped = 0
        for check in checks {
            if isFailure(check) { failures += 1 } else if check.status == .orphan { skipped += 1 }
        }
        return (failures, skipped)
    }

    private func testcase(_ check: FrameCheck) -> String {
        let scene = Escape.xml(check.scene, attribute: true)
        var xml = "    <testcase name=\"\(Escape.xml(check.title, attribute: true))\" classname=\"\(scene)\""
            + " file=\"\(scene)\" line=\"\(check.line)\">\n"
        let body = Escape.xml(check.junitDetails)
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
}

extension FrameCheck {
    /// Multi-line detail: message, figures, tolerance and image paths.
    var junitDetails: String {
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
