import XCTest
@testable import strata

/// `strata help --man` is a valid man page with every command and option.
final class ManPageTests: XCTestCase {
    func page() throws -> String {
        guard case .print(let text) = try CommandLineInterface.action(for: ["help", "--man"]) else { throw XCTSkip("no page") }
        return text
    }

    func testGroffRendersItWithoutWarningsAndEveryOptionIsThere() throws {
        let source = try page()
        XCTAssertTrue(source.hasPrefix(".TH STRATA 1 "))
        let path = try ExternalTool.file(source, named: "strata.1", for: self)
        let checked = try ExternalTool.run("groff", ["-man", "-Tutf8", "-ww", "-z", path])
        XCTAssertEqual(checked.status, 0)
        XCTAssertEqual(checked.stderr, "", "groff warnings")
        // Rendered without hyphenation or justification, so every name stays whole.
        let rendered = try ExternalTool.run("groff", ["-man", "-Tascii", "-rHY=0", "-dAD=l", "-P-c", "-P-b", "-P-u", path])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        let text = rendered.stdout
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "ENVIRONMENT"] {
            XCTAssertTrue(text.contains("\n" + section + "\n"), section)
        }
        for command in visibleCommands {
            XCTAssertTrue(text.contains(command.usage), command.usage)
            for option in command.allOptions {
                XCTAssertTrue(text.contains(HelpText.label(option.info).trimmingCharacters(in: .whitespaces)),
                              "\(command.name): \(option.info.name)")
            }
        }
        for variable in Program.environment { XCTAssertTrue(text.contains(variable.name)) }
    }

    func testManReadsIt() throws {
        let path = try ExternalTool.file(try page(), named: "strata.1", for: self)
        let r = try ExternalTool.run("man", ["-l", "-P", "cat", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("STRATA(1)"), r.stdout)
    }

    func testEscapesHyphensBackslashesAndLeadingDots() {
        XCTAssertEqual(ManPage.escape("--time \\n"), "\\-\\-time \\en")
        XCTAssertEqual(ManPage.escape(".png files"), "\\&.png files")
    }
}
