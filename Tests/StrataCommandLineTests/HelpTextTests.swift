import XCTest
@testable import strata

/// `--help` is made from the declarations: every option with its help line, every command.
final class HelpTextTests: XCTestCase {
    func testCommandHelpListsEveryOptionWithItsHelpLine() {
        for command in Commands.all {
            let text = HelpText.command(command)
            let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(text.hasPrefix("usage: " + command.usage + "\n"), text)
            for option in command.allOptions {
                XCTAssertTrue(text.contains("  " + HelpText.label(option.info)), "\(command.name): \(option.info.name)")
                XCTAssertTrue(flat.contains(HelpText.description(option.info)), "\(command.name): \(option.info.name)")
            }
        }
    }

    func testProgramHelpListsEveryVisibleCommandAndTheGlobalOptions() {
        let text = HelpText.program(Commands.all)
        for command in visibleCommands {
            XCTAssertTrue(text.contains("\n  \(command.name) "), command.name)
        }
        for option in Program.options { XCTAssertTrue(text.contains(option.info.name), option.info.name) }
    }

    func testHelpFitsIn80ColumnsAndHasNoStrayEscapes() {
        let texts = [HelpText.program(Commands.all)] + Commands.all.map(HelpText.command)
        for text in texts { XCTAssertFalse(text.contains("\\"), text) }
        for line in texts.joined(separator: "\n").split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, HelpText.width, String(line))
        }
    }

    func testDefaultsChoicesAndRepeatsAreShown() {
        XCTAssertEqual(HelpText.description(Options.crf.info),
                       "quality, lower is better; range (default) by codec: h264 0...51 (20), hevc 0...51 (22), av1 1...63 (32), vp9 0...63 (31)")
        XCTAssertEqual(HelpText.description(Options.loop.info), "GIF, APNG and WebP: how many times the animation plays; 0 forever (default: 0)")
        XCTAssertEqual(HelpText.description(Options.set.info), "override a param of the scene (repeatable)")
        XCTAssertTrue(HelpText.description(Options.preset.info).hasSuffix("(one of: ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo; default: veryfast)"))
        XCTAssertEqual(HelpText.label(Options.update.info), "    --update[=MODE]")
        XCTAssertEqual(HelpText.label(Options.output.info), "-o, --output OUT")
    }

    /// One command's options never share a spelling, and each option has a help line.
    func testDeclarationsAreConsistent() {
        for command in Commands.all {
            let names = command.allOptions.flatMap(\.info.names)
            XCTAssertEqual(names.count, Set(names).count, "\(command.name) spells two options the same: \(names)")
            for option in command.allOptions {
                XCTAssertTrue(option.info.name.hasPrefix("--"), option.info.name)
                XCTAssertFalse(option.info.help.isEmpty, option.info.name)
                XCTAssertFalse(option.info.help.hasSuffix("."), "help lines are phrases: \(option.info.name)")
            }
        }
        let commandNames = Commands.all.map(\.name)
        XCTAssertEqual(commandNames.count, Set(commandNames).count)
    }
}
