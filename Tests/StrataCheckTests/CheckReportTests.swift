import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import StrataCheck
import StrataModel
import XCTest

final class CheckReportTests: XCTestCase {
    var strict: Tolerance {
        var t = Tolerance()
        t.psnr = 45
        return t
    }

    var failing: FrameComparison {
        FrameComparison(width: 1000, height: 206, expectedWidth: 1000, expectedHeight: 206, sizeMismatch: false,
                        maxChannelDelta: 37, differingPixels: 412, antialiasedPixels: 0, psnr: 38.2)
    }

    var passing: FrameComparison {
        FrameComparison(width: 1000, height: 206, expectedWidth: 1000, expectedHeight: 206, sizeMismatch: false,
                        maxChannelDelta: 0, differingPixels: 0, antialiasedPixels: 0, psnr: .infinity)
    }

    /// One frame of every status; the first scene's name needs escaping everywhere.
    var report: CheckReport {
        let odd = "scenes/<a&b>, \"c\":d.yaml"
        return CheckReport(frames: [
            FrameCheck(scene: "scenes/ok.yaml", line: 4, column: 5, frame: 0, time: 0, status: .pass,
                       comparison: passing, actualImage: "actual/ok/00000.png",
                       expectedImage: "golden/ok/00000.png", diffImage: "diff/ok/00000.png"),
            FrameCheck(scene: odd, line: 12, column: 9, frame: 15, time: 0.5, status: .fail,
                       comparison: failing, tolerance: strict, actualImage: "actual/a/00015.png",
                       expectedImage: "golden/a/00015.png", diffImage: "diff/a/00015.png"),
            FrameCheck(scene: odd, line: 12, column: 13, frame: 30, time: 1, status: .missing,
                       actualImage: "actual/a/00030.png", expectedImage: "golden/a/00030.png"),
            FrameCheck(scene: odd, line: 11, column: 1, frame: 45, time: 1.5, status: .orphan,
                       expectedImage: "golden/a/00045.png"),
            FrameCheck(scene: "scenes/ok.yaml", line: 4, column: 8, frame: 1, time: 1.0 / 30, status: .updated,
                       actualImage: "actual/ok/00001.png", expectedImage: "golden/ok/00001.png",
                       note: "100% new\nline"),
        ])
    }

    func testCountsVerdictAndOrder() {
        let r = report
        XCTAssertEqual(FrameCheck.Status.allCases.map(r.count), [1, 1, 1, 1, 1])
        XCTAssertTrue(r.failed)
        XCTAssertEqual(r.orderedFrames.map(\.status), [.fail, .missing, .orphan, .updated, .pass])
        XCTAssertEqual(r.scenes, ["scenes/ok.yaml", "scenes/<a&b>, \"c\":d.yaml"])
        let onlyOrphan = CheckReport(frames: [r.frames[3]])
        XCTAssertFalse(onlyOrphan.failed)
        XCTAssertTrue(CheckReport(frames: [r.frames[3]], orphansFail: true).failed)
        XCTAssertFalse(CheckReport(frames: [r.frames[0], r.frames[4]]).failed)
    }

    func testMessages() {
        let f = report.frames
        XCTAssertEqual(f[1].title, "frame 15 (0.5s)")
        XCTAssertEqual(f[4].title, "frame 1 (0.033s)")
        XCTAssertEqual(f[1].message, "412 pixels differ by more than 2 (0.20% > 0.10%); PSNR 38.2 dB < 45 dB")
        XCTAssertEqual(f[2].message, "no golden image at golden/a/00030.png; record it with --update")
        XCTAssertEqual(f[3].message, "orphan golden image golden/a/00045.png: the scene does not list frame 45")
        XCTAssertEqual(f[4].message, "golden image golden/ok/00001.png updated (100% new\nline)")
    }

    // MARK: HTML

    func testHTMLLinksEveryImageAndEscapesText() {
        let html = report.html()
        for f in report.frames {
            for path in [f.actualImage, f.status == .missing ? nil : f.expectedImage, f.diffImage].compactMap({ $0 }) {
                XCTAssertTrue(html.contains("src=\"\(path)\""), path)
            }
        }
        // A missing golden is named in the message but not shown as an image.
        XCTAssertTrue(html.contains("no golden image at golden/a/00030.png"))
        XCTAssertFalse(html.contains("src=\"golden/a/00030.png\""))
        XCTAssertTrue(html.contains("scenes/&lt;a&amp;b&gt;, &quot;c&quot;:d.yaml:12:9"))
        XCTAssertFalse(html.contains("<a&b>"))
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("<title>strata check: FAILED</title>"))
        XCTAssertTrue(html.contains(">1 fail</span>"))
        XCTAssertTrue(html.contains(">5 frames</span>"))
        XCTAssertTrue(html.contains("<td>412 (0.20%; 206 allowed)</td>"))
        XCTAssertTrue(html.contains("<td>38.2 dB</td>"))
        XCTAssertTrue(html.contains("<td>inf dB</td>"))
        XCTAssertTrue(html.contains("<td>37</td>"))
    }

    func testHTMLPutsFailuresFirstOpenAndPassesCollapsed() throws {
        let html = report.html()
        let fail = try XCTUnwrap(html.range(of: "<details class=\"frame s-fail\" open>"))
        let missing = try XCTUnwrap(html.range(of: "<details class=\"frame s-missing\" open>"))
        let pass = try XCTUnwrap(html.range(of: "<details class=\"frame s-pass\">"))
        XCTAssertLessThan(fail.lowerBound, missing.lowerBound)
        XCTAssertLessThan(missing.lowerBound, pass.lowerBound)
    }

    func testHTMLIsSelfContainedWithAnOverlaySlider() {
        let html = report.html()
        XCTAssertFalse(html.contains("http:"))
        XCTAssertFalse(html.contains("https:"))
        XCTAssertFalse(html.contains("src=\"//"))
        XCTAssertFalse(html.contains("<link"))
        XCTAssertTrue(html.contains("<style>"))
        XCTAssertTrue(html.contains("<script>"))
        XCTAssertTrue(html.contains("type=\"range\""))
        XCTAssertTrue(html.contains("clipPath"))
        // The overlay exists for frames with both images and the same size: pass and fail.
        XCTAssertEqual(html.components(separatedBy: "class=\"overlay\"").count - 1, 2)
        XCTAssertEqual(html.components(separatedBy: "<details").count - 1, 5)
        XCTAssertEqual(html.components(separatedBy: "</details>").count - 1, 5)
    }

    func testHTMLPercentEncodesImageURLs() {
        let r = CheckReport(frames: [FrameCheck(scene: "s.yaml", frame: 0, time: 0, status: .pass,
                                                comparison: passing, actualImage: "out/my frame#1?&ü.png",
                                                expectedImage: "c:golden.png")])
        let html = r.html()
        XCTAssertTrue(html.contains("src=\"out/my%20frame%231%3F%26%C3%BC.png\""))
        XCTAssertTrue(html.contains("src=\"c%3Agolden.png\""))
        XCTAssertTrue(html.contains("<div class=\"path\">out/my frame#1?&amp;ü.png</div>"))
        XCTAssertTrue(html.contains("<title>strata check: passed</title>"))
    }

    func testEmptyReport() {
        let r = CheckReport(frames: [])
        XCTAssertFalse(r.failed)
        XCTAssertTrue(r.html().contains("No golden frames were checked."))
        XCTAssertEqual(r.githubAnnotations(), [])
        XCTAssertTrue(r.junitXML().contains("<testsuites name=\"strata check\" tests=\"0\" failures=\"0\" errors=\"0\" time=\"0.000\">"))
    }

    // MARK: JUnit

    func testJUnitXMLStructure() {
        let xml = report.junitXML()
        XCTAssertTrue(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"strata check\" tests=\"5\" failures=\"2\" errors=\"0\" time=\"0.000\">"))
        XCTAssertTrue(xml.contains("<testsuite name=\"scenes/&lt;a&amp;b&gt;, &quot;c&quot;:d.yaml\" tests=\"3\" failures=\"2\" errors=\"0\" skipped=\"1\""))
        XCTAssertTrue(xml.contains("<testsuite name=\"scenes/ok.yaml\" tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"0\""))
        XCTAssertEqual(xml.components(separatedBy: "<testcase ").count - 1, 5)
        XCTAssertTrue(xml.contains("type=\"mismatch\""))
        XCTAssertTrue(xml.contains("type=\"missing-golden\""))
        XCTAssertTrue(xml.contains("<skipped message=\"frame 45 (1.5s): orphan golden image"))
        XCTAssertFalse(xml.contains("<a&b>"))
        let orphansFail = CheckReport(frames: report.frames, orphansFail: true).junitXML()
        XCTAssertTrue(orphansFail.contains("type=\"orphan-golden\""))
        XCTAssertTrue(orphansFail.contains("failures=\"3\" errors=\"0\" skipped=\"0\""))
    }

    #if canImport(FoundationXML) || os(macOS)
    func testJUnitXMLParsesAndRoundTripsText() throws {
        let doc = try XMLDocument(xmlString: report.junitXML(), options: [])
        let root = try XCTUnwrap(doc.rootElement())
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "5")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.map { $0.attribute(forName: "name")?.stringValue }, ["scenes/ok.yaml", "scenes/<a&b>, \"c\":d.yaml"])
        let cases = suites[1].elements(forName: "testcase")
        XCTAssertEqual(cases.map { $0.attribute(forName: "name")?.stringValue }, ["frame 15 (0.5s)", "frame 30 (1s)", "frame 45 (1.5s)"])
        // junit-10.xsd has no file or line on a testcase: the place is in the body ("at: ...").
        XCTAssertNil(cases[0].attribute(forName: "line"))
        XCTAssertEqual(cases[0].attribute(forName: "time")?.stringValue, "0.000")
        let failure = try XCTUnwrap(cases[0].elements(forName: "failure").first)
        let message = try XCTUnwrap(failure.attribute(forName: "message")?.stringValue)
        XCTAssertEqual(message, "frame 15 (0.5s): 412 pixels differ by more than 2 (0.20% > 0.10%); PSNR 38.2 dB < 45 dB"
                       + " [max delta 37, 412 pixels differ (0.20%), PSNR 38.2 dB]; diff: diff/a/00015.png")
        let body = try XCTUnwrap(failure.stringValue)
        XCTAssertTrue(body.contains("\nexpected: golden/a/00015.png\nactual: actual/a/00015.png\ndiff: diff/a/00015.png\n"))
        XCTAssertTrue(body.contains("tolerance: channel 2, pixels 0.10%, PSNR >= 45 dB"))
        XCTAssertTrue(body.hasSuffix("at: scenes/<a&b>, \"c\":d.yaml:12:9"))
        // A newline inside a message survives as a character reference.
        let updated = suites[0].elements(forName: "testcase")[1]
        XCTAssertTrue(try XCTUnwrap(updated.elements(forName: "system-out").first?.stringValue).contains("(100% new\nline)"))
        XCTAssertEqual(updated.elements(forName: "failure").count, 0)
    }
    #endif

    func testXMLDropsCharactersXMLCannotHold() {
        let r = CheckReport(frames: [FrameCheck(scene: "a\u{1}b\u{0}.yaml", frame: 0, time: 0, status: .missing,
                                                note: "tab\there\r")])
        let xml = r.junitXML()
        XCTAssertTrue(xml.contains("name=\"a\u{FFFD}b\u{FFFD}.yaml\""))
        XCTAssertTrue(xml.contains("tab&#9;here&#13;"))
        XCTAssertFalse(xml.contains("\u{1}"))
    }

    // MARK: GitHub

    func testGitHubAnnotations() {
        let lines = report.githubAnnotations()
        XCTAssertEqual(lines.count, 4)  // no line for the pass
        let file = "scenes/<a&b>%2C \"c\"%3Ad.yaml"
        XCTAssertEqual(lines[0], "::error file=\(file),line=12,col=9,title=strata check%3A fail frame 15 (0.5s)::"
                       + "frame 15 (0.5s): 412 pixels differ by more than 2 (0.20%25 > 0.10%25); PSNR 38.2 dB < 45 dB"
                       + " [max delta 37, 412 pixels differ (0.20%25), PSNR 38.2 dB]; diff: diff/a/00015.png")
        XCTAssertEqual(lines[1], "::error file=\(file),line=12,col=13,title=strata check%3A missing frame 30 (1s)::"
                       + "frame 30 (1s): no golden image at golden/a/00030.png; record it with --update")
        XCTAssertTrue(lines[2].hasPrefix("::warning file=\(file),line=11,col=1,"))
        XCTAssertEqual(lines[3], "::notice file=scenes/ok.yaml,line=4,col=8,title=strata check%3A updated frame 1 (0.033s)::"
                       + "frame 1 (0.033s): golden image golden/ok/00001.png updated (100%25 new%0Aline)")
        XCTAssertTrue(CheckReport(frames: report.frames, orphansFail: true).githubAnnotations()[2].hasPrefix("::error "))
    }

    func testGitHubEscapingOfCarriageReturnsInProperties() {
        let r = CheckReport(frames: [FrameCheck(scene: "a\r\nb%.yaml", frame: 2, time: 0, status: .missing, note: "x\ry")],
                            title: "t")
        XCTAssertEqual(r.githubAnnotations(),
                       ["::error file=a%0D%0Ab%25.yaml,line=1,col=1,title=t%3A missing frame 2 (0s)::frame 2 (0s): no golden image; record it with --update (x%0Dy)"])
    }
}
