import XCTest
@testable import strata

/// The completion scripts parse in their shells, name every option, and complete what they should.
final class CompletionTests: XCTestCase {
    func script(_ shell: Shell) throws -> String {
        guard case .print(let text) = try CommandLineInterface.action(for: ["completion", shell.rawValue]) else {
            throw XCTSkip("no script")
        }
        return text
    }

    func assertMentionsEveryCommandAndOption(_ text: String, _ shell: Shell) {
        for command in visibleCommands {
            XCTAssertTrue(text.contains(command.name), "\(shell): \(command.name)")
            for option in command.allOptions {
                let long = shell == .fish ? "-l " + option.info.name.dropFirst(2) : option.info.name
                XCTAssertTrue(text.contains(long), "\(shell): \(command.name) \(option.info.name)")
                if let short = option.info.short {
                    XCTAssertTrue(text.contains(shell == .fish ? "-s \(short)" : "-\(short)"), "\(shell): -\(short)")
                }
            }
        }
    }

    func testBashScriptParsesAndCompletes() throws {
        let text = try script(.bash)
        assertMentionsEveryCommandAndOption(text, .bash)
        let path = try ExternalTool.file(text, named: "strata.bash", for: self)
        let syntax = try ExternalTool.run("bash", ["-n", path])
        XCTAssertEqual(syntax.status, 0, syntax.stderr)
        // Completes as bash would: COMP_WORDS holds the words, bash splits `--name=` at `=`.
        let probe = """
        source '\(path)'
        c() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _strata; echo "${COMPREPLY[*]}"; }
        c strata re
        c strata render --pre
        c strata render --preset very
        c strata check --update = mi
        c strata completion ""
        c strata help in
        c strata check --for
        """
        let r = try ExternalTool.run("bash", ["-c", probe])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                       ["render", "--preset", "veryfast veryslow", "missing", "bash zsh fish", "inspect", "--format", ""])
    }

    func testZshScriptParses() throws {
        let text = try script(.zsh)
        XCTAssertTrue(text.hasPrefix("#compdef strata\n"))
        assertMentionsEveryCommandAndOption(text, .zsh)
        let path = try ExternalTool.file(text, named: "_strata", for: self)
        let syntax = try ExternalTool.run("zsh", ["-n", path])
        XCTAssertEqual(syntax.status, 0, syntax.stderr)
        XCTAssertTrue(text.contains("'--preset=[speed, fastest first (x264 and x265 presets; SVT-AV1 and libvpx get the speed of the same rank) (one of\\: ultrafast"), "colons in help are escaped")
        XCTAssertTrue(text.contains(":NAME:(ultrafast superfast veryfast faster fast medium slow slower veryslow placebo)'"))
    }

    func testFishScriptParsesAndCompletes() throws {
        let text = try script(.fish)
        assertMentionsEveryCommandAndOption(text, .fish)
        let path = try ExternalTool.file(text, named: "strata.fish", for: self)
        let syntax = try ExternalTool.run("fish", ["--no-execute", path])
        XCTAssertEqual(syntax.status, 0, syntax.stderr)
        let r = try ExternalTool.run("fish", ["--no-config", "-c", """
            source '\(path)'
            complete -C 'strata re'; echo ==
            complete -C 'strata render --pre'; echo ==
            complete -C 'strata render --preset very'; echo ==
            complete -C 'strata check --update=mi'; echo ==
            complete -C 'strata inspect --fr'
            """])
        XCTAssertEqual(r.status, 0, r.stderr)
        let words = r.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        XCTAssertEqual(words, ["render", "==", "--preset", "==", "veryfast", "veryslow", "==", "--update=missing", "==",
                               "--frame"])
    }
}
