import Foundation
import XCTest

/// `strata check` end to end: a project folder with scenes/ and golden/.
final class CheckCommandTests: XCTestCase {
    let scene = """
    strata: 1
    canvas: {size: [40, 30], fps: 10, duration: 1s, background: white}
    layers:
      - {name: box, bounds: [0, 0, 10, 10], position: [10, 15], backgroundColor: "#0000ff"}
    golden:
      frames: [0, 5]
    """

    func project() throws -> String {
        let dir = try CLIHarness.temporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/scenes/ui", withIntermediateDirectories: true)
        _ = try CLIHarness.writeScene(scene, named: "scenes/ui/box.yaml", in: dir)
        return dir
    }

    func testRecordThenPass() throws {
        let dir = try project()
        let first = try CLIHarness.run(["check", "scenes"], cwd: dir)
        XCTAssertEqual(first.status, 1, first.stdout)
        XCTAssertTrue(first.stdout.contains("MISSING"), first.stdout)
        let record = try CLIHarness.run(["check", "scenes", "--update=missing"], cwd: dir)
        XCTAssertEqual(record.status, 0, record.stdout + record.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir + "/golden/ui/box"), ["00000.png", "00005.png"])
        let again = try CLIHarness.run(["check", "scenes"], cwd: dir)
        XCTAssertEqual(again.status, 0, again.stdout)
        XCTAssertTrue(again.stdout.hasSuffix("check: 2 passed, 0 failed\n"), again.stdout)
    }

    func testAChangedSceneFailsWithFiguresDiffsAndReport() throws {
        let dir = try project()
        XCTAssertEqual(try CLIHarness.run(["check", "scenes", "--update"], cwd: dir).status, 0)
        // Move the box 2 points right: 2 columns of 10 pixels appear, 2 vanish -> 40 of 1200 pixels differ.
        _ = try CLIHarness.writeScene(scene.replacingOccurrences(of: "position: [10, 15]", with: "position: [12, 15]"),
                                      named: "scenes/ui/box.yaml", in: dir)
        let r = try CLIHarness.run(["check", "scenes", "--junit", "out/junit.xml", "--format", "github"], cwd: dir)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("40 pixels differ"), r.stdout)
        XCTAssertTrue(r.stdout.contains("::error file=scenes/ui/box.yaml,line=6,col=12"), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("check: 0 passed, 2 failed\n"), r.stdout)
        for kind in ["actual", "expected", "diff"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/check/ui/box/00005-\(kind).png"), kind)
        }
        try assertReportIsWellFormed(dir + "/out/check/report.html")
        // The failing scene's timeline, as a contact sheet, in the report.
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/check/ui/box/timeline.png"))
        XCTAssertTrue(try String(contentsOfFile: dir + "/out/check/report.html", encoding: .utf8)
            .contains("<img src=\"ui/box/timeline.png\" alt=\"contact sheet of the scene\""))
        let junit = try String(contentsOfFile: dir + "/out/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("<failure"), junit)
        // A looser tolerance lets it pass.
        let loose = try CLIHarness.run(["check", "scenes", "--pixels", "0.05"], cwd: dir)
        XCTAssertEqual(loose.status, 0, loose.stdout)
    }

    func testCINeverRecords() throws {
        let dir = try project()
        let r = try CLIHarness.run(["check", "scenes", "--update"], cwd: dir, env: ["CI": "true"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("CI=true"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/golden"))
    }

    func testOrphansFail() throws {
        let dir = try project()
        XCTAssertEqual(try CLIHarness.run(["check", "scenes", "--update"], cwd: dir).status, 0)
        try FileManager.default.copyItem(atPath: dir + "/golden/ui/box/00005.png", toPath: dir + "/golden/ui/box/00099.png")
        try FileManager.default.createDirectory(atPath: dir + "/golden/ui/gone", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/golden/ui/box/00005.png", toPath: dir + "/golden/ui/gone/00000.png")
        let r = try CLIHarness.run(["check", "scenes"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("ORPHAN"), r.stdout)
        XCTAssertTrue(r.stdout.contains("golden/ui/gone"), r.stdout)
        XCTAssertTrue(r.stdout.contains("00099"), r.stdout)
    }

    func testBadSceneExitsTwoBeforeRendering() throws {
        let dir = try project()
        _ = try CLIHarness.writeScene("strata: 1\ncanvas: {size: [40, 30]}\nlayers: [{opacity: 3}]\n",
                                      named: "scenes/ui/bad.yaml", in: dir)
        let r = try CLIHarness.run(["check", "scenes"], cwd: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("scenes/ui/bad.yaml:3:"), r.stderr)
    }

    /// report.html parses as XML-ish markup and every image it references exists.
    func assertReportIsWellFormed(_ path: String) throws {
        let html = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>") || html.hasPrefix("<!doctype html>"))
        XCTAssertTrue(html.contains("</html>"))
        let base = (path as NSString).deletingLastPathComponent
        let regex = try NSRegularExpression(pattern: "src=\"([^\"]+)\"")
        let matches = regex.matches(in: html, range: NSRange(html.startIndex..., in: html))
        XCTAssertFalse(matches.isEmpty, "the report shows no images")
        for m in matches {
            let src = String(html[Range(m.range(at: 1), in: html)!])
            let file = base + "/" + (src.removingPercentEncoding ?? src)
            XCTAssertTrue(FileManager.default.fileExists(atPath: file), "report.html references missing \(src)")
        }
    }
}
