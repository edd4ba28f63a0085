import Foundation
import StrataCompiler
import XCTest

/// The command line as a user meets it: help for every command, usage errors
/// as exit 2 before anything is read or written.
final class CommandLineTests: XCTestCase {
    let scene = """
    strata: 1
    canvas: {size: [40, 30], fps: 10, duration: 1s}
    layers:
      - name: box
        bounds: [0, 0, 10, 10]
        position: [0, 15]
        animations:
          - {keyPath: position.x, from: 0, to: 40, duration: 1s}
    """

    func testEveryCommandAnswersHelpWithItsUsage() throws {
        for command in ["render", "preview", "watch", "check", "inspect", "validate", "schema", "completion", "help", "version"] {
            for flag in ["--help", "-h"] {
                let r = try CLIHarness.run([command, flag])
                XCTAssertEqual(r.status, 0, "\(command) \(flag): \(r.stderr)")
                XCTAssertTrue(r.stdout.hasPrefix("usage: strata \(command)"), "\(command) \(flag): \(r.stdout)")
                XCTAssertEqual(r.stderr, "")
            }
        }
        let check = try CLIHarness.run(["check", "--help"])
        XCTAssertTrue(check.stdout.contains("--update[=MODE]"), check.stdout)
        XCTAssertEqual(try CLIHarness.run(["help", "check"]).stdout, check.stdout)
    }

    func testABadPresetIsBadInputBeforeAnythingIsWritten() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/out.mp4", "--preset", "veryfats"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("strata: error: option '--preset' expects ultrafast,"), r.stderr)
        XCTAssertTrue(r.stderr.contains("did you mean 'veryfast'?"), r.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
    }

    /// Callers of the library get the same answer as the command line.
    func testABadPresetThroughTheLibraryIsBadInputToo() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        var command = RenderCommand(scenePath: try CLIHarness.writeScene(scene, in: dir), output: dir + "/out.mp4")
        command.video.preset = "veryfats"
        let outcome = CommandRunner.outcome(of: command)
        XCTAssertEqual(outcome.status, .badInput)
        XCTAssertEqual(outcome.failures.count, 1)
        XCTAssertTrue(outcome.failures[0].contains("unknown preset 'veryfats'"), outcome.failures[0])
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
    }

    func testInspectAtAFrameUsesTheScenesFrameRate() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["inspect", path, "--frame", "5", "--compact"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(json["time"] as? Double, 0.5)
        let box = (json["layers"] as! [[String: Any]])[1]
        XCTAssertEqual(box["position"] as? [Double], [20, 15])
        // The same through the library: a frame is a value of its own, not a negative time.
        var command = InspectCommand(scenePath: path)
        command.instant = .frame(5)
        command.compact = true
        let outcome = CommandRunner.outcome(of: command)
        XCTAssertEqual(outcome.status, .success)
        XCTAssertEqual(outcome.output, r.stdout)
    }

    func testUsageErrorsExitTwoWithOneLine() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        for (arguments, message) in [
            (["render", path, "-o", dir + "/x.mp4", "--fraems", "1"], "unknown option '--fraems' for render; did you mean '--frames'?"),
            (["check", path, "--crf", "20"], "unknown option '--crf' for check (an option of render, watch or plan); see 'strata check --help'"),
            (["inspect", path, "--time", "1s", "--frame", "2"], "give --time or --frame, not both"),
            (["render", path, "-o", dir + "/x.mp4", "--jobs", "0"], "option '--jobs' expects a render thread count 1...256, found '0'"),
            (["rendr"], "unknown command 'rendr'; did you mean 'render'?"),
        ] {
            let r = try CLIHarness.run(arguments)
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertEqual(r.stderr, "strata: error: \(message)\n")
            XCTAssertEqual(r.stdout, "")
        }
        let none = try CLIHarness.run([])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.hasPrefix("strata: error: no command given\n"), none.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
    }

    func testANoteFollowsItsErrorOnALineOfItsOwn() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [40, 30]}
        layers:
          - name: card
          - name: card
        """, in: dir)
        let r = try CLIHarness.run(["validate", path])
        XCTAssertEqual(r.status, 2)
        // Each place with its source line and a caret under the name; not a terminal, so no colour.
        XCTAssertEqual(r.stderr, """
        \(path):5:11: error: duplicate layer name 'card' among siblings
         5 |   - name: card
           |           ^~~~
        \(path):4:11: note: the first layer named 'card'
         4 |   - name: card
           |           ^~~~

        """)
    }

    func testCompletionAndManPageComeFromTheBinary() throws {
        for shell in ["bash", "zsh", "fish"] {
            let r = try CLIHarness.run(["completion", shell])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("all-variants"), shell)
        }
        let man = try CLIHarness.run(["help", "--man"])
        XCTAssertEqual(man.status, 0, man.stderr)
        XCTAssertTrue(man.stdout.hasPrefix(".TH STRATA 1"), man.stdout)
    }
}
