import Foundation
import XCTest

/// Issue #26: `--diagnostics json` holds for the command line's own errors
/// too (an unknown option, a bad value), wherever it stands on the line.
final class CommandLineDiagnosticsCLITests: XCTestCase {
    /// The one JSON object on stderr, with a failure's shape: no file, no place.
    func commandLineFailure(_ r: CLIResult, file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: line)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, r.stderr, file: file, line: line)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any],
                                   r.stderr, file: file, line: line)
        XCTAssertEqual(Set(object.keys), ["file", "line", "column", "end", "severity", "message", "notes", "suggestion"],
                       file: file, line: line)
        for key in ["file", "line", "column", "end", "suggestion"] {
            XCTAssertTrue(object[key] is NSNull, "\(key): \(r.stderr)", file: file, line: line)
        }
        XCTAssertEqual(object["severity"] as? String, "error", file: file, line: line)
        XCTAssertEqual((object["notes"] as? [Any])?.count, 0, file: file, line: line)
        return object["message"] as? String
    }

    func testAnUnknownOptionIsJSONBeforeAndAfterDiagnosticsJSON() throws {
        let message = "unknown option '--bogus' for render; see 'strata render --help'"
        for args in [["render", "s.yaml", "-o", "x.png", "--bogus", "--diagnostics", "json"],
                     ["render", "--diagnostics", "json", "s.yaml", "-o", "x.png", "--bogus"],
                     ["render", "s.yaml", "--bogus", "-o", "x.png", "--diagnostics=json"]] {
            XCTAssertEqual(try commandLineFailure(try CLIHarness.run(args)), message, "\(args)")
        }
    }

    func testABadValueIsJSONBeforeAndAfterDiagnosticsJSON() throws {
        for args in [["inspect", "s.yaml", "--size", "big", "--diagnostics", "json"],
                     ["inspect", "--diagnostics=json", "s.yaml", "--size", "big"]] {
            let message = try XCTUnwrap(try commandLineFailure(try CLIHarness.run(args)), "\(args)")
            XCTAssertTrue(message.hasPrefix("option '--size' expects"), message)
        }
        // A problem found once the options are read (here: -o - with another format's option) too.
        let late = try CLIHarness.run(["render", "s.yaml", "-o", "x.mp4", "--stream-format", "nut", "--diagnostics", "json"])
        XCTAssertEqual(try commandLineFailure(late),
                       "--stream-format is the format of -o - (raw video on standard output); 'x.mp4' is a file")
    }

    /// Without it, or with a bad value of its own, the error stays text; `--` ends the scan as it ends the options.
    func testTextUnlessAskedForJSON() throws {
        let text = "strata: error: unknown option '--bogus' for render; see 'strata render --help'\n"
        XCTAssertEqual(try CLIHarness.run(["render", "s.yaml", "-o", "x.png", "--bogus"]).stderr, text)
        let bad = try CLIHarness.run(["render", "s.yaml", "-o", "x.png", "--diagnostics", "yaml"])
        XCTAssertTrue(bad.stderr.hasPrefix("strata: error: option '--diagnostics' expects text or json, found 'yaml'"), bad.stderr)
        let afterDashes = try CLIHarness.run(["render", "-o", "x.png", "--bogus", "--", "--diagnostics", "json"])
        XCTAssertEqual(afterDashes.stderr, text)
    }
}
