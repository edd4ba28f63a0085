import Foundation
import XCTest

/// Diagnostics as a compiler prints them: the source line, a caret and a
/// `~~~` underline of the value, the suggestion, notes with their own lines;
/// JSON lines with `--diagnostics json`; colour on a terminal only.
final class DiagnosticsCLITests: XCTestCase {
    let scene = """
    strata: 1
    canvas: {size: [64, 48], fps: 10, duration: 1s}
    layers:
      - name: card
        animations:
          - {keyPath: opacity, from: 0, to: 1, timingFunction: easeInOut}
      - name: card
    """

    func testTheSourceLineWithACaretUnderTheValueAndTheSuggestion() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["validate", path])
        XCTAssertEqual(r.status, 2)
        let lead = String(repeating: " ", count: 59)
        XCTAssertEqual(r.stderr, """
        \(path):6:60: error: unknown timing function 'easeInOut'; did you mean 'easeInEaseOut'?
         6 |       - {keyPath: opacity, from: 0, to: 1, timingFunction: easeInOut}
           | \(lead)^~~~~~~~~
           | \(lead)easeInEaseOut
        \(path):7:11: error: duplicate layer name 'card' among siblings
         7 |   - name: card
           |           ^~~~
        \(path):4:11: note: the first layer named 'card'
         4 |   - name: card
           |           ^~~~

        """)
    }

    func testJSONLinesCarryTheSpanNotesAndSuggestion() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["validate", path, "--diagnostics", "json"])
        XCTAssertEqual(r.status, 2)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, r.stderr)
        let objects = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(objects[0]["file"] as? String, path)
        XCTAssertEqual(objects[0]["line"] as? Int, 6)
        XCTAssertEqual(objects[0]["column"] as? Int, 60)
        XCTAssertEqual(objects[0]["end"] as? [String: Int], ["line": 6, "column": 69])
        XCTAssertEqual(objects[0]["severity"] as? String, "error")
        XCTAssertEqual(objects[0]["suggestion"] as? String, "easeInEaseOut")
        XCTAssertEqual((objects[0]["notes"] as? [Any])?.count, 0)
        XCTAssertTrue(objects[1]["suggestion"] is NSNull)
        let note = try XCTUnwrap((objects[1]["notes"] as? [[String: Any]])?.first)
        XCTAssertEqual(note["line"] as? Int, 4)
        XCTAssertEqual(note["column"] as? Int, 11)
        XCTAssertEqual(note["message"] as? String, "the first layer named 'card'")
        // A failure without a place has the same shape, its place null.
        let missing = try CLIHarness.run(["render", dir + "/nope.yaml", "-o", dir + "/x.png", "--diagnostics", "json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(missing.stderr.utf8)) as? [String: Any])
        XCTAssertEqual(object["file"] as? String, dir + "/nope.yaml")
        XCTAssertTrue(object["line"] is NSNull)
        XCTAssertEqual(object["message"] as? String, "cannot open '\(dir)/nope.yaml': No such file or directory")
    }

    func testColourOnATerminalOnlyAndNeverWithNoColor() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let escape = "\u{1B}["
        XCTAssertFalse(try CLIHarness.run(["validate", path]).stderr.contains(escape), "a pipe gets no colour")
        let always = try CLIHarness.run(["validate", path, "--color", "always"])
        XCTAssertTrue(always.stderr.contains("\u{1B}[1;31merror:\u{1B}[0m"), always.stderr)
        XCTAssertTrue(always.stderr.contains("\u{1B}[1;36mnote:\u{1B}[0m"), always.stderr)
        XCTAssertTrue(try CLIHarness.run(["validate", path, "--color", "always"], env: ["NO_COLOR": "1"]).stderr.contains(escape),
                      "--color always wins over NO_COLOR")
        let bad = try CLIHarness.run(["validate", path, "--color", "sometimes"])
        XCTAssertEqual(bad.stderr, "strata: error: option '--color' expects auto, always or never, found 'sometimes'\n")
        guard let terminal = try CLIHarness.runOnTerminal(["validate", path]) else {
            throw XCTSkip("util-linux 'script' is missing: no pty to test colour on a terminal")
        }
        XCTAssertTrue(terminal.stdout.contains("\u{1B}[1;31merror:"), terminal.stdout)
        XCTAssertFalse(try XCTUnwrap(CLIHarness.runOnTerminal(["validate", path], env: ["NO_COLOR": "1"])).stdout.contains(escape))
        XCTAssertFalse(try XCTUnwrap(CLIHarness.runOnTerminal(["validate", path, "--color", "never"])).stdout.contains(escape))
        XCTAssertFalse(try XCTUnwrap(CLIHarness.runOnTerminal(["validate", path], env: ["TERM": "dumb"])).stdout.contains(escape))
    }

    func testAMissingSceneFileSaysWhatTheSystemSaid() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let r = try CLIHarness.run(["render", "nope.yaml", "-o", "out.mp4"], cwd: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "strata: error: cannot open 'nope.yaml': No such file or directory\n")
        let folder = try CLIHarness.run(["validate", dir])
        XCTAssertEqual(folder.status, 2)
        XCTAssertEqual(folder.stderr, "strata: error: cannot read '\(dir)': it is a folder; give a scene file (a folder is for 'strata check')\n")
        XCTAssertEqual(CLIHarness.files(in: dir), [])
    }

    func testDashReadsTheSceneFromStandardInput() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let good = """
        strata: 1
        canvas: {size: [64, 48], fps: 10, duration: 1s, background: "#203040"}
        layers:
          - {name: card, bounds: [0, 0, 20, 20], position: [32, 24], backgroundColor: "#ff0000",
             animations: [{keyPath: opacity, from: 0, to: 1, duration: 1s}]}
        """
        let path = try CLIHarness.writeScene(good, in: dir)
        let piped = try CLIHarness.run(["render", "-", "-o", dir + "/piped.png", "--time", "0.5s"], stdin: Data(good.utf8))
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/file.png", "--time", "0.5s"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/piped.png")),
                       try Data(contentsOf: URL(fileURLWithPath: dir + "/file.png")))
        let inspected = try CLIHarness.run(["inspect", "-", "--compact"], stdin: Data(good.utf8))
        XCTAssertEqual(inspected.stdout, try CLIHarness.run(["inspect", path, "--compact"]).stdout)
        // Diagnostics name it <stdin> and show its lines.
        let bad = try CLIHarness.run(["validate", "-"], stdin: Data(scene.utf8))
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("<stdin>:6:60: error: unknown timing function 'easeInOut'"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains(" 6 |       - {keyPath: opacity"), bad.stderr)
        // What needs a file says so.
        for (args, message) in [(["check", "-"], "check finds a scene's goldens by its path"),
                                (["watch", "-", "-o", dir + "/w.png"], "watch reloads the scene file when it changes"),
                                (["render", "-", "--all-variants", "-o", dir + "/v/"], "--all-variants names its files after the scene file")] {
            let r = try CLIHarness.run(args, stdin: Data(good.utf8))
            XCTAssertEqual(r.status, 2, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
    }
}
