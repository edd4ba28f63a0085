import Foundation
import StrataCompiler
import StrataModel
import XCTest

/// The text of one diagnostic, in process: excerpts from the file on disk.
final class DiagnosticPrinterTests: XCTestCase {
    func file(_ text: String) throws -> String {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = dir + "/s.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testTabsStayTabsInFrontOfTheCaret() throws {
        let path = try file("a:\n\tb: [1, 2]\n")
        let d = Diagnostic(SourceLocation(file: path, line: 2, column: 5, end: SourcePosition(line: 2, column: 11)), "bad")
        XCTAssertEqual(DiagnosticPrinter(colour: false).text(d), "\(path):2:5: error: bad\n 2 | \tb: [1, 2]\n   | \t   ^~~~~~")
    }

    func testASpanOverSeveralLinesGetsACaretAlone() throws {
        let path = try file("key:\n  a: 1\n  b: 2\n")
        let d = Diagnostic(SourceLocation(file: path, line: 2, column: 3, end: SourcePosition(line: 4, column: 1)), "this mapping",
                           severity: .warning, suggestion: "x")
        XCTAssertEqual(DiagnosticPrinter(colour: false).text(d), "\(path):2:3: warning: this mapping\n 2 |   a: 1\n   |   ^")
    }

    func testNoPlaceReadsLikeTheProgram() throws {
        let d = Diagnostic(.wholeFile("gone.yaml"), "cannot open 'gone.yaml': No such file or directory")
        XCTAssertEqual(DiagnosticPrinter(colour: false).text(d), "strata: error: cannot open 'gone.yaml': No such file or directory")
        XCTAssertEqual(DiagnosticPrinter(colour: true).failure("x"), "\u{1B}[1mstrata:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m \u{1B}[1mx\u{1B}[0m")
        XCTAssertEqual(DiagnosticPrinter.json(d),
                       #"{"file":"gone.yaml","line":null,"column":null,"end":null,"severity":"error","message":"cannot open 'gone.yaml': No such file or directory","notes":[],"suggestion":null}"#)
    }

    func testColourFollowsTheChoiceTheTerminalAndNoColor() {
        XCTAssertTrue(ColorChoice.auto.resolved(isTerminal: true, environment: [:]))
        XCTAssertFalse(ColorChoice.auto.resolved(isTerminal: false, environment: [:]))
        XCTAssertFalse(ColorChoice.auto.resolved(isTerminal: true, environment: ["NO_COLOR": "1"]))
        XCTAssertTrue(ColorChoice.auto.resolved(isTerminal: true, environment: ["NO_COLOR": ""]), "an empty NO_COLOR is unset")
        XCTAssertFalse(ColorChoice.auto.resolved(isTerminal: true, environment: ["TERM": "dumb"]))
        XCTAssertTrue(ColorChoice.always.resolved(isTerminal: false, environment: ["NO_COLOR": "1"]))
        XCTAssertFalse(ColorChoice.never.resolved(isTerminal: true, environment: [:]))
    }
}
