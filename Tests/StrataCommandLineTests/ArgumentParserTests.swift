import StrataCompiler
import StrataEncode
import StrataModel
import XCTest
@testable import strata

final class ArgumentParserTests: XCTestCase {
    func command<T>(_ arguments: [String], as type: T.Type = T.self, file: StaticString = #filePath,
                    line: UInt = #line) throws -> T {
        guard case .run(let command) = try CommandLineInterface.action(for: arguments) else {
            throw XCTSkip("not a command")
        }
        return try XCTUnwrap(command as? T, file: file, line: line)
    }

    func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try CommandLineInterface.action(for: arguments)
            return nil
        } catch {
            return error.message
        }
    }

    func testRenderOptionsBecomeTypedValues() throws {
        let render: RenderCommand = try command([
            "render", "s.yaml", "-o", "x.mp4", "--time=1.5s", "-j3", "--set", "a=1", "--set=b=x=y", "--crf", "18",
            "--preset", "slow", "--threads", "1", "-q", "--size", "640x360", "--fps", "24", "--scale", "2",
        ])
        XCTAssertEqual(render.scenePath, "s.yaml")
        XCTAssertEqual(render.output, "x.mp4")
        XCTAssertEqual(render.time, 1.5)
        XCTAssertEqual(render.jobs, 3)
        XCTAssertEqual(render.load.paramOverrides.map { "\($0.name)=\($0.value)" }, ["a=1", "b=x=y"])
        XCTAssertEqual(render.video.crf, 18)
        XCTAssertEqual(render.video.preset, "slow")
        XCTAssertEqual(render.video.threads, 1)
        XCTAssertTrue(render.quiet)
        XCTAssertEqual(render.overrides.size?.width, 640)
        XCTAssertEqual(render.overrides.frameRate, FrameRate(24))
        XCTAssertEqual(render.overrides.scale, 2)
        XCTAssertEqual(render.frames, nil)
        let frames: RenderCommand = try command(["render", "s.yaml", "--frames", "3-5", "--output=out/"])
        XCTAssertEqual(frames.frames, 3...5)
        XCTAssertEqual(frames.output, "out/")
        XCTAssertEqual(frames.video, VideoOptions(), "options not given keep the library's defaults")
    }

    func testInspectTakesATimeOrAFrame() throws {
        let atTime: InspectCommand = try command(["inspect", "s.yaml", "--time", "500ms"])
        XCTAssertEqual(atTime.instant, .seconds(0.5))
        let atFrame: InspectCommand = try command(["inspect", "s.yaml", "--frame", "12", "--compact"])
        XCTAssertEqual(atFrame.instant, .frame(12))
        XCTAssertTrue(atFrame.compact)
        let atStart: InspectCommand = try command(["inspect", "s.yaml"])
        XCTAssertEqual(atStart.instant, .seconds(0))
        XCTAssertEqual(usageError(["inspect", "s.yaml", "--time", "1s", "--frame", "2"]), "give --time or --frame, not both")
        XCTAssertEqual(usageError(["inspect", "s.yaml", "--frame", "-2"]), "option '--frame' expects a frame number from 0 to 864000, found '-2'")
        XCTAssertEqual(usageError(["inspect", "s.yaml", "--time", "-1s"]), "option '--time' expects a time from 0 to 3600s like 1.5s, found '-1s'")
        // Issue #13: numbers past what any scene has are refused where they are parsed, before an Int conversion traps.
        XCTAssertEqual(usageError(["inspect", "s.yaml", "--frame", "9223372036854775807"]),
                       "option '--frame' expects a frame number from 0 to 864000, found '9223372036854775807'")
        XCTAssertEqual(usageError(["render", "s.yaml", "-o", "x.png", "--time", "1e300"]),
                       "option '--time' expects a time from 0 to 3600s like 1.5s, found '1e300'")
        XCTAssertEqual(usageError(["render", "s.yaml", "-o", "x.png", "--time", "3600.5"]),
                       "option '--time' expects a time from 0 to 3600s like 1.5s, found '3600.5'")
        XCTAssertEqual(usageError(["render", "s.yaml", "-o", "x.mp4", "--frames", "0-864001"]),
                       "option '--frames' expects frames like 0-119 (at most 864000), found '0-864001'")
        let atLimit: InspectCommand = try command(["inspect", "s.yaml", "--frame", "864000"])
        XCTAssertEqual(atLimit.instant, .frame(864000))
    }

    func testCheckUpdateTakesItsModeOnlyAfterAnEqualsSign() throws {
        let bare: CheckCommand = try command(["check", "scenes", "--update"])
        XCTAssertEqual(bare.update, .all)
        let missing: CheckCommand = try command(["check", "scenes", "--update=missing", "--format", "github", "--pixels", "0.5"])
        XCTAssertEqual(missing.update, .missing)
        XCTAssertEqual(missing.format, .github)
        XCTAssertEqual(missing.toleranceOverride.pixels, 0.5)
        let separate: CheckCommand = try command(["check", "scenes", "--update", "failed"])
        XCTAssertEqual(separate.update, .all)
        XCTAssertEqual(separate.paths, ["scenes", "failed"])
        XCTAssertEqual(usageError(["check", "s", "--update=some"]), "option '--update' expects all, failed or missing, found 'some'")
    }

    func testDoubleDashEndsTheOptions() throws {
        let validate: ValidateCommand = try command(["validate", "a.yaml", "--", "-odd.yaml", "--help"])
        XCTAssertEqual(validate.paths, ["a.yaml", "-odd.yaml", "--help"])
    }

    func testUsageErrorsNameTheOptionAndWhatWasExpected() {
        XCTAssertEqual(usageError(["render", "s.yaml", "-o", "x.mp4", "--quiet=yes"]),
                       "option '--quiet' does not take a value ('yes')")
        XCTAssertEqual(usageError(["render", "s.yaml", "-o", "x.mp4", "-qv"]), "option '-q' takes no value; unexpected '-qv'")
        XCTAssertEqual(usageError(["render", "s.yaml", "-o"]), "option '-o' needs a value")
        XCTAssertEqual(usageError(["render", "s.yaml", "-o", "a.mp4", "-o", "b.mp4"]),
                       "option '--output' is given twice; it takes one value")
        XCTAssertEqual(usageError(["render", "s.yaml", "-o", "x.mp4", "--fraems", "1"]),
                       "unknown option '--fraems' for render; did you mean '--frames'?")
        XCTAssertEqual(usageError(["check", "s.yaml", "--crf", "3"]),
                       "unknown option '--crf' for check (an option of render, watch or plan); see 'strata check --help'")
        XCTAssertEqual(usageError(["render", "s.yaml", "-o", "x.mp4", "-x"]),
                       "unknown option '-x' for render; see 'strata render --help'")
        XCTAssertEqual(usageError(["render", "s.yaml", "-o", "x.mp4", "--preset", "fats"]),
                       "option '--preset' expects ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow or placebo, found 'fats'; did you mean 'fast'?")
        XCTAssertEqual(usageError(["render", "s.yaml", "-o", "x.mp4", "-j", "0"]),
                       "option '--jobs' expects a render thread count 1...256, found '0'")
        XCTAssertEqual(usageError(["render", "s.yaml", "-o", "x.mp4", "--set", "=1"]),
                       "option '--set' expects name=value, found '=1'")
        XCTAssertEqual(usageError(["render", "s.yaml"]),
                       "render needs an output: -o out.mp4, -o frames/, -o still.png, -o sheet.png with --contact-sheet, or -o out/ with --all-variants")
        XCTAssertEqual(usageError(["render", "-o", "x.mp4"]), "render needs a scene file; see 'strata render --help'")
        XCTAssertEqual(usageError(["render", "a.yaml", "b.yaml", "-o", "x.mp4"]), "render takes one SCENE.yaml; unexpected 'b.yaml'")
        XCTAssertEqual(usageError(["schema", "extra"]), "schema takes no arguments; unexpected 'extra'")
        XCTAssertEqual(usageError(["completion", "tcsh"]), "completion takes bash, zsh or fish, not 'tcsh'")
        XCTAssertEqual(usageError(["rendr"]), "unknown command 'rendr'; did you mean 'render'?")
        XCTAssertEqual(usageError(["--verison"]), "unknown option '--verison'; did you mean '--version'?")
        XCTAssertEqual(usageError(["help", "chek"]), "unknown command 'chek'; did you mean 'check'?")
    }

    func testHelpWinsOverEverythingElseBeforeDoubleDash() throws {
        for arguments in [["check", "--help"], ["check", "-h"], ["check", "--bogus", "--help"], ["help", "check"]] {
            guard case .print(let text) = try CommandLineInterface.action(for: arguments) else {
                return XCTFail("\(arguments) does not print help")
            }
            XCTAssertEqual(text, HelpText.command(Commands.check), "\(arguments)")
        }
        for arguments in [["--help"], ["-h"], ["help"]] {
            guard case .print(let text) = try CommandLineInterface.action(for: arguments) else {
                return XCTFail("\(arguments) does not print help")
            }
            XCTAssertEqual(text, HelpText.program(Commands.all), "\(arguments)")
        }
    }

    func testEveryCommandAnswersHelp() throws {
        for command in Commands.all {
            guard case .print(let text) = try CommandLineInterface.action(for: [command.name, "--help"]) else {
                return XCTFail("\(command.name) --help does not print help")
            }
            XCTAssertTrue(text.hasPrefix("usage: strata \(command.name)"), text)
        }
    }
}

extension ArgumentParserTests {
    /// `--memory-limit` sizes (issue #13): a unit is required, powers of 1024, bounded.
    func testByteSizes() {
        XCTAssertEqual(CommandLineValue.bytes("8G"), 8 << 30)
        XCTAssertEqual(CommandLineValue.bytes("512M"), 512 << 20)
        XCTAssertEqual(CommandLineValue.bytes("1.5GiB"), 3 << 29)
        XCTAssertEqual(CommandLineValue.bytes("64mb"), 64 << 20)
        for bad in ["12", "G", "-1G", "1e300G", "nanG", "infG", "8X", ""] { XCTAssertNil(CommandLineValue.bytes(bad), bad) }
    }
}
