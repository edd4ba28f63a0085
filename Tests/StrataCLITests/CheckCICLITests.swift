import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `strata check` as CI runs it (issue 16): a scene that fails to load does
/// not stop the run, a green run leaves no red report behind, orphans are
/// named, paths are relative to the repository root, JUnit is valid against
/// the Jenkins xUnit schema (Tests/Schemas/junit-10.xsd).
final class CheckCICLITests: XCTestCase {
    let good = """
    strata: 1
    canvas: {size: [32, 24], fps: 10, duration: 1s, background: "#203040"}
    layers:
      - name: box
        bounds: [0, 0, 8, 8]
        position: [16, 12]
        backgroundColor: "#ff0000"
    golden:
      frames: [0, 5]
    """

    /// A repository: scenes/good.yaml with its goldens recorded, scenes/bad.yaml that does not load.
    func repository() throws -> String {
        let dir = try CLIHarness.temporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        _ = try CLIHarness.writeScene(good, named: "scenes/good.yaml", in: dir)
        XCTAssertEqual(try CLIHarness.run(["check", "scenes", "--update=missing"], cwd: dir).status, 0)
        _ = try CLIHarness.writeScene(good.replacingOccurrences(of: "\"#ff0000\"", with: "#ff0000"), named: "scenes/bad.yaml", in: dir)
        return dir
    }

    func testASceneThatFailsToLoadIsReportedAndTheOthersAreChecked() throws {
        let dir = try repository()
        let r = try CLIHarness.run(["check", "scenes", "--junit", "out/junit.xml", "--format", "github"], cwd: dir)
        XCTAssertEqual(r.status, 2, "a scene could not be checked")
        XCTAssertTrue(r.stderr.hasPrefix("scenes/bad.yaml:7:22: error: '#ff0000' starts a YAML comment here"), r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("ERROR    scenes/bad.yaml: not checked: scenes/bad.yaml:7:22: '#ff0000' starts a YAML comment") }, r.stdout)
        XCTAssertTrue(lines.contains("ok       scenes/good.yaml (2 frames)"), r.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("::error file=scenes/bad.yaml,line=7,col=22,endColumn=29,title=strata check%3A scene error::") }, r.stdout)
        XCTAssertEqual(lines.last, "check: 2 passed, 1 failed")
        let junit = try String(contentsOfFile: dir + "/out/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("<testsuite name=\"scenes/bad.yaml\" tests=\"1\" failures=\"0\" errors=\"1\""), junit)
        XCTAssertTrue(junit.contains("<error message=\"&apos;#ff0000&apos; starts a YAML comment here"), junit)
        XCTAssertTrue(junit.contains("type=\"scene-error\">scenes/bad.yaml:7:22: error: "), junit)
        XCTAssertFalse(junit.contains("golden/bad"), "a scene that did not load owns no orphans")
        try assertValidJUnit(dir + "/out/junit.xml")
    }

    func testAGreenRunLeavesNoRedReportBehind() throws {
        let dir = try repository()
        try FileManager.default.removeItem(atPath: dir + "/scenes/bad.yaml")
        let red = good.replacingOccurrences(of: "#ff0000", with: "#00ff00")
        _ = try CLIHarness.writeScene(red, named: "scenes/good.yaml", in: dir)
        let failing = try CLIHarness.run(["check", "scenes"], cwd: dir)
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(CLIHarness.files(in: dir + "/out/check/good").contains("00000-diff.png"))
        try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/out/check/mine.txt"))
        _ = try CLIHarness.writeScene(good, named: "scenes/good.yaml", in: dir)
        let green = try CLIHarness.run(["check", "scenes"], cwd: dir)
        XCTAssertEqual(green.status, 0, green.stdout)
        XCTAssertEqual(CLIHarness.files(in: dir + "/out/check"), ["mine.txt", "report.html"], "the red images are gone, other files stay")
        let html = try String(contentsOfFile: dir + "/out/check/report.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<title>strata check: passed</title>"), "a green run writes a green report")
    }

    func testOrphanFoldersAreNamedAndPathsAreRelativeToTheRepository() throws {
        let dir = try repository()
        try FileManager.default.removeItem(atPath: dir + "/scenes/bad.yaml")
        try FileManager.default.createDirectory(atPath: dir + "/golden/gone", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir + "/golden/good/00000.png", toPath: dir + "/golden/gone/00000.png")
        try FileManager.default.copyItem(atPath: dir + "/golden/good/00000.png", toPath: dir + "/golden/good/extra.png")
        _ = try CLIHarness.writeScene(good.replacingOccurrences(of: "#ff0000", with: "#00ff00"), named: "scenes/good.yaml", in: dir)
        // Run from a subfolder, as a CI step with a working-directory would, with GitHub's workspace at the repository.
        try FileManager.default.createDirectory(atPath: dir + "/tools", withIntermediateDirectories: true)
        let r = try CLIHarness.run(["check", "../scenes", "--artifacts", "../out/check", "--junit", "../out/junit.xml", "--format", "github"],
                                   cwd: dir + "/tools", env: ["GITHUB_WORKSPACE": dir])
        XCTAssertEqual(r.status, 1)
        let annotations = r.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }.map(String.init)
        XCTAssertTrue(annotations.contains { $0.hasPrefix("::error file=scenes/good.yaml,line=9,col=12,") && $0.contains("diff: out/check/good/00000-diff.png") }, r.stdout)
        XCTAssertTrue(annotations.contains { $0.contains("title=strata check%3A orphan golden file 'extra.png'") }, r.stdout)
        XCTAssertTrue(annotations.contains { $0.hasPrefix("::error file=golden/gone,") && $0.contains("orphan golden folder 'golden/gone'") }, r.stdout)
        XCTAssertFalse(r.stdout.contains("frame -1"), r.stdout)
        XCTAssertFalse(annotations.joined().contains("../"), "paths from the repository root: \(annotations)")
        let junit = try String(contentsOfFile: dir + "/out/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("<testcase name=\"golden folder &apos;golden/gone&apos;\""), junit)
        XCTAssertTrue(junit.contains("expected: out/check/good/00000-expected.png"), junit)
        XCTAssertFalse(junit.contains("frame -1"), junit)
        XCTAssertFalse(junit.contains("../"), junit)
        try assertValidJUnit(dir + "/out/junit.xml")
    }

    func testJUnitHasTimesAndATimestamp() throws {
        let dir = try repository()
        try FileManager.default.removeItem(atPath: dir + "/scenes/bad.yaml")
        XCTAssertEqual(try CLIHarness.run(["check", "scenes", "--junit", "junit.xml"], cwd: dir).status, 0)
        let doc = try XMLDocument(contentsOf: URL(fileURLWithPath: dir + "/junit.xml"))
        let suites = try doc.nodes(forXPath: "//testsuite") as! [XMLElement]
        let cases = try doc.nodes(forXPath: "//testcase") as! [XMLElement]
        XCTAssertEqual(cases.count, 2)
        for element in suites + cases + [doc.rootElement()!] {
            let time = try XCTUnwrap(element.attribute(forName: "time")?.stringValue, element.name ?? "")
            XCTAssertNotNil(time.wholeMatch(of: /[0-9]+\.[0-9]{3}/), time)
        }
        let stamp = try XCTUnwrap(suites.first?.attribute(forName: "timestamp")?.stringValue)
        XCTAssertNotNil(stamp.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}/), stamp)
        try assertValidJUnit(dir + "/junit.xml")
    }

    /// `xmllint --schema Tests/Schemas/junit-10.xsd` accepts the file (libxml2-utils, from `make deps-test`).
    func assertValidJUnit(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") else {
            throw XCTSkip("xmllint is missing: make deps-test installs libxml2-utils")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout", "--schema", CLIHarness.packageRoot + "/Tests/Schemas/junit-10.xsd", path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, message, file: file, line: line)
    }
}
