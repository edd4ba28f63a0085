import Foundation
import XCTest
@testable import strata

/// docs/cli.md documents every option of every command, and no option that does not exist.
final class DocsTests: XCTestCase {
    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// The text of each `## command` section.
    func sections() throws -> [String: String] {
        let text = try String(contentsOfFile: Self.packageRoot + "/docs/cli.md", encoding: .utf8)
        var result: [String: String] = [:]
        for part in text.components(separatedBy: "\n## ").dropFirst() {
            let name = String(part.prefix { !$0.isWhitespace })
            result[name] = part
        }
        return result
    }

    func testEveryOptionIsDocumentedInItsCommandsSection() throws {
        let sections = try sections()
        for command in visibleCommands {
            var section = try XCTUnwrap(sections[command.name], "docs/cli.md has no '## \(command.name)' section")
            // `watch` takes render's options, and its synopsis says so: they are documented once, under render.
            if section.contains("[render options]"), let render = sections["render"] { section += render }
            for option in command.options {
                // `-j, --jobs N` for an option with a short name, `--time T` for the others.
                let spelling = "`" + (option.info.shortName.map { $0 + ", " } ?? "") + option.info.name
                XCTAssertTrue(section.contains(spelling), "docs/cli.md, \(command.name): \(spelling)")
            }
        }
    }

    /// An option in a section's table that the command does not take is a stale line.
    func testTablesNameOnlyOptionsTheCommandTakes() throws {
        for (name, section) in try sections() {
            guard let command = Commands.all.first(where: { $0.name == name }) else { continue }
            let declared = Set(command.allOptions.flatMap(\.info.names))
            for row in section.split(separator: "\n") where row.hasPrefix("| `-") {
                let cell = row.dropFirst(2).prefix { $0 != "|" }
                for match in cell.matches(of: /`(-{1,2}[a-z][a-z-]*)/) {
                    XCTAssertTrue(declared.contains(String(match.1)), "docs/cli.md, \(name): \(match.1) is not an option of \(name)")
                }
            }
        }
    }
}

extension DocsTests {
    /// Issue #13: docs/cli.md's limits table names every limit `Limits` declares.
    func testEveryLimitIsListed() throws {
        let sections = try sections()
        let table = try XCTUnwrap(sections["Limits"], "docs/cli.md has no '## Limits' section")
        let source = try String(contentsOfFile: Self.packageRoot + "/Sources/StrataModel/Limits.swift", encoding: .utf8)
        let names = source.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard let at = words.firstIndex(where: { $0 == "let" || $0 == "var" }), words.contains("static"),
                  at + 1 < words.count else { return nil }
            return String(words[at + 1].prefix { $0.isLetter || $0.isNumber })
        }
        XCTAssertGreaterThan(names.count, 25)
        for name in names { XCTAssertTrue(table.contains("| `\(name)` |"), "docs/cli.md's limits table lacks Limits.\(name)") }
    }
}
