import Foundation
import XCTest

@testable import StrataCompiler

/// Issue #26: a long render in CI (standard error not a terminal) can show
/// how far it is: `--progress plain` prints whole lines; the bar stays the
/// default on a terminal and nothing shows elsewhere unless asked.
final class ProgressCLITests: XCTestCase {
    func scene() throws -> String {
        try CLIHarness.writeScene("""
            strata: 1
            canvas: {size: [64, 48], fps: 10, duration: 1.2s, background: white}
            layers:
              - {frame: [0, 0, 20, 20], backgroundColor: red}
            """, in: try CLIHarness.temporaryFolder(self))
    }

    func testPlainProgressIntoAPipePrintsWholeLinesWithTheFrameCount() throws {
        let path = try scene()
        let out = URL(fileURLWithPath: path).deletingLastPathComponent().path + "/out.mp4"
        let r = try CLIHarness.run(["render", path, "-o", out, "--progress", "plain"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("\r"), r.stderr)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        // The first frame and the last always print a line (the render is far shorter than the interval).
        XCTAssertTrue(lines.first?.hasPrefix("render frame 1/12  ") ?? false, r.stderr)
        XCTAssertTrue(lines.contains { $0.hasPrefix("render frame 12/12  ") && $0.contains(" fps  ETA ") }, r.stderr)
        // The summary line is printed off a terminal when progress is asked for.
        XCTAssertTrue(lines.last?.hasPrefix("wrote \(out): 12 frames") ?? false, r.stderr)
        XCTAssertEqual(r.stdout, "")
    }

    func testNothingOffATerminalUnlessAskedAndQuietSilencesEveryStyle() throws {
        let path = try scene()
        let out = URL(fileURLWithPath: path).deletingLastPathComponent().path + "/frames/"
        for extra in [[], ["--progress", "auto"], ["--progress", "none"], ["--progress", "plain", "-q"], ["-q", "--progress=bar"]] {
            let r = try CLIHarness.run(["render", path, "-o", out, "--frames", "0-4"] + extra)
            XCTAssertEqual(r.status, 0, "\(extra): \(r.stderr)")
            XCTAssertEqual(r.stderr, "", "\(extra)")
        }
        let bar = try CLIHarness.run(["render", path, "-o", out, "--frames", "0-4", "--progress", "bar"])
        XCTAssertTrue(bar.stderr.hasPrefix("\rrender frame 1/5  "), bar.stderr)
        XCTAssertTrue(bar.stderr.contains("\r\u{1B}[K"), "the bar is cleared at the end")
        let bad = try CLIHarness.run(["render", path, "-o", out, "--progress", "dots"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "strata: error: option '--progress' expects auto, bar, plain or none, found 'dots'\n")
    }

    func testCheckAndTheCompletionsKnowTheOption() throws {
        let r = try CLIHarness.run(["check", CLIHarness.packageRoot + "/scenes/animation/basic-position.yaml", "--progress", "plain"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("check animation/basic-position frame 5/5  "), r.stderr)
        for shell in ["bash", "zsh", "fish"] {
            XCTAssertTrue(try CLIHarness.run(["completion", shell]).stdout.contains("progress"), shell)
        }
    }

    func testChunkRendersAndConcatPrintPlainLines() throws {
        let path = try scene()
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
        XCTAssertEqual(try CLIHarness.run(["plan", path, "--chunks", "2", "-o", dir + "/m.json"]).status, 0)
        for i in 0..<2 {
            let chunk = try CLIHarness.run(["render", path, "--chunk", "\(i)/2", "-o", dir + "/", "--progress", "plain"])
            XCTAssertEqual(chunk.status, 0, chunk.stderr)
            XCTAssertTrue(chunk.stderr.contains(" frame 6/6  "), chunk.stderr)
        }
        let joined = try CLIHarness.run(["concat", dir + "/m.json", "-o", dir + "/joined.mp4", "--progress", "plain"])
        XCTAssertEqual(joined.status, 0, joined.stderr)
        XCTAssertTrue(joined.stderr.contains("concat frame 12/12  "), joined.stderr)
    }

    /// On a terminal the bar is the default; `none` drops it but keeps the summary line.
    func testOnATerminalTheBarIsTheDefault() throws {
        let path = try scene()
        let out = URL(fileURLWithPath: path).deletingLastPathComponent().path + "/out.mp4"
        guard let bar = try CLIHarness.runOnTerminal(["render", path, "-o", out]) else { throw XCTSkip("no 'script' for a pty") }
        XCTAssertTrue(bar.stdout.contains("\rrender frame 12/12  "), bar.stdout)
        let none = try XCTUnwrap(CLIHarness.runOnTerminal(["render", path, "-o", out, "--progress", "none"]))
        XCTAssertFalse(none.stdout.contains("render frame"), none.stdout)
        XCTAssertTrue(none.stdout.hasPrefix("wrote \(out): 12 frames"), none.stdout)
        let plain = try XCTUnwrap(CLIHarness.runOnTerminal(["render", path, "-o", out, "--progress", "plain"]))
        XCTAssertTrue(plain.stdout.hasPrefix("render frame 1/12  "), plain.stdout)
        XCTAssertFalse(plain.stdout.contains("\r\u{1B}[K"), plain.stdout)
    }

    /// The interval of `plain`, with a clock the test moves: a frame a second
    /// prints at the first frame, once 5 s have passed since the last line, and at the last.
    func testPlainPrintsAtTheFirstFrameEveryIntervalAndTheLast() {
        final class Clock: @unchecked Sendable { var now = 100.0 }
        let clock = Clock()
        let console = RecordingConsole()
        let reporter = ProgressReporter(total: 12, label: "render", quiet: false, style: .plain, console: console,
                                        clock: { clock.now })
        for _ in 1...12 {
            clock.now += 1
            reporter.frameDone()
        }
        reporter.finish()
        XCTAssertEqual(ProgressStyle.plainInterval, 5)
        XCTAssertEqual(console.outcome(status: .success).statuses, [
            "render frame 1/12  1.0 fps  ETA 11.0s",
            "render frame 6/12  1.0 fps  ETA 6.0s",
            "render frame 11/12  1.0 fps  ETA 1.0s",
            "render frame 12/12  1.0 fps  ETA 0.0s",
        ])
        // `auto` shows nothing on a console that is not a terminal; `none` and `quiet` nothing anywhere.
        for (style, quiet) in [(ProgressStyle.auto, false), (.none, false), (.plain, true)] {
            let silent = RecordingConsole()
            let quietReporter = ProgressReporter(total: 3, label: "render", quiet: quiet, style: style, console: silent, clock: { 0 })
            for _ in 1...3 { quietReporter.frameDone() }
            XCTAssertEqual(silent.outcome(status: .success).statuses, [], "\(style) quiet \(quiet)")
        }
    }
}
