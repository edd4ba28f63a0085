import Foundation
import XCTest

/// Issue #26: a reader that leaves early (`strata schema | head -1`) ends
/// strata as it ends any Unix tool: quietly, exit status 141 (128 + SIGPIPE),
/// never a `try!` crash or "Broken pipe".
final class ClosedPipeCLITests: XCTestCase {
    /// Runs strata with standard output a pipe whose read end is closed
    /// before the child starts: its first write fails with EPIPE, whatever the timing.
    func runIntoClosedPipe(_ args: [String]) throws -> (status: Int32, reason: Process.TerminationReason, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIHarness.binary)
        process.arguments = args
        let out = Pipe(), err = Pipe()
        try out.fileHandleForReading.close()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        try out.fileHandleForWriting.close()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason, String(decoding: stderr, as: UTF8.self))
    }

    /// `bash -c 'strata ARGS | head -c 1 >/dev/null; echo ${PIPESTATUS[0]}'`: strata's status behind a real early reader.
    func statusBehindHead(_ args: [String]) throws -> (status: String, stderr: String) {
        let quoted = ([CLIHarness.binary] + args).map { "'" + $0 + "'" }.joined(separator: " ")
        let r = try CLIHarness.run(["-c", quoted + " | head -c 1 >/dev/null; echo ${PIPESTATUS[0]}"], executable: "/bin/bash")
        return (r.stdout.trimmingCharacters(in: .whitespacesAndNewlines), r.stderr)
    }

    func smallScene() throws -> String {
        try CLIHarness.writeScene("""
            strata: 1
            canvas: {size: [64, 48], fps: 10, duration: 3s, background: white}
            layers:
              - {frame: [0, 0, 20, 20], backgroundColor: red}
            """, in: try CLIHarness.temporaryFolder(self))
    }

    func testPrintingCommandsIntoAClosedPipeExit141Quietly() throws {
        let scene = try smallScene()
        for args in [["schema"], ["help", "--man"], ["completion", "bash"], ["inspect", scene], ["plan", scene, "--chunks", "3"], ["--version"]] {
            let r = try runIntoClosedPipe(args)
            XCTAssertEqual(r.reason, .exit, "\(args)")
            XCTAssertEqual(r.status, 141, "\(args)")
            XCTAssertEqual(r.stderr, "", "\(args)")
        }
    }

    /// The schema is larger than a pipe holds (64 KiB), so `head` leaves while strata still writes.
    func testSchemaIntoHeadExits141() throws {
        let r = try statusBehindHead(["schema"])
        XCTAssertEqual(r.status, "141")
        XCTAssertEqual(r.stderr, "")
    }

    func testRawVideoStreamIntoAClosedPipeExits141Quietly() throws {
        let scene = try smallScene()
        for format in ["y4m", "nut"] {
            let r = try runIntoClosedPipe(["render", scene, "-o", "-", "--stream-format", format])
            XCTAssertEqual(r.reason, .exit, format)
            XCTAssertEqual(r.status, 141, format)
            XCTAssertEqual(r.stderr, "", format)
            // 30 frames of 64x48 are far more than a pipe holds.
            let behindHead = try statusBehindHead(["render", scene, "-o", "-", "--stream-format", format])
            XCTAssertEqual(behindHead.status, "141", format)
            XCTAssertEqual(behindHead.stderr, "", format)
        }
    }

    /// Another failure of standard output is said, exit 1, still no crash.
    func testAFullStandardOutputIsAFailure() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let r = try CLIHarness.run(["-c", "'\(CLIHarness.binary)' schema > /dev/full"], executable: "/bin/bash")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "strata: error: cannot write standard output: No space left on device\n")
    }
}
