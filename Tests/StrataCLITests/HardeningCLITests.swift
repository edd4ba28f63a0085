import Foundation
import StrataEncode
import XCTest

/// Issue #13 at the command line, case by case: each input of the issue
/// either is an error at its place in the scene (`FILE:LINE:COLUMN`, exit 2,
/// no output left) or renders correctly. The scenes are in Tests/Inputs/hardening/.
final class HardeningCLITests: XCTestCase {
    static let inputs = CLIHarness.packageRoot + "/Tests/Inputs/hardening/"

    /// Renders `Tests/Inputs/hardening/NAME.yaml` into a fresh folder as `output`
    /// (`x.png` is a still of frame 0); checks exit 2, the error at
    /// LINE:COLUMN saying `says`, and an output folder left empty.
    func assertLocatedError(_ name: String, _ line: Int, _ column: Int, says: String, output: String = "x.png",
                            extra: [String] = [], file: StaticString = #filePath, at: UInt = #line) throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = Self.inputs + name + ".yaml"
        let still = output.hasSuffix(".png") ? ["--frames", "0"] : []
        let r = try CLIHarness.run(["render", scene, "-o", dir + "/" + output, "-q"] + still + extra)
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: at)
        XCTAssertTrue(r.stderr.hasPrefix("\(scene):\(line):\(column): error: "), r.stderr, file: file, line: at)
        XCTAssertTrue(r.stderr.contains(says), r.stderr, file: file, line: at)
        XCTAssertEqual(CLIHarness.files(in: dir), [], file: file, line: at)
    }

    // MARK: Crashes

    func testHugeTextSizesAreLocatedErrors() throws {
        try assertLocatedError("text-width-1e19", 4, 32, says: "at most 10000000 in magnitude")
        try assertLocatedError("text-width-1e18", 4, 32, says: "found '1e18'")
        try assertLocatedError("text-height-wrapped", 4, 37, says: "found '1e19'")
        try assertLocatedError("text-width-animated", 8, 53, says: "found '1e300'", output: "out.mp4")
    }

    func testHugeShadowRadiiAreLocatedErrors() throws {
        try assertLocatedError("shadow-radius-1e300", 4, 85, says: "found '1e300'")
        try assertLocatedError("shadow-radius-1e12", 4, 85, says: "found '1e12'")
        // Animated to 1e300: checked where the animation is read, before any frame (no .tmp file or folder).
        try assertLocatedError("shadow-radius-animated", 8, 46, says: "found '1e300'", output: "out.mp4")
        try assertLocatedError("shadow-radius-animated", 8, 46, says: "found '1e300'", output: "frames/")
    }

    func testHugeCommandLineNumbersAreUsageErrors() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = Self.inputs + "plain.yaml"
        for args in [["--time", "1e300"], ["--time", "9223372036854775807"], ["--size", "1e300x1"],
                     ["--frames", "9223372036854775807"], ["--memory-limit", "1e300G"], ["--memory-limit", "12"]] {
            let r = try CLIHarness.run(["render", scene, "-o", dir + "/x.png"] + args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(args[0]) || r.stderr.contains("output size 1e+300x1"), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("Fatal error"), r.stderr)
        }
        XCTAssertEqual(CLIHarness.files(in: dir), [])
    }

    // MARK: Hangs and near-hangs

    func testHugeCornerRadiiAreLocatedErrorsAndLargeOnesClamp() throws {
        try assertLocatedError("corner-radius-1e300", 4, 20, says: "found '1e300'")
        try assertLocatedError("corner-radius-1e30", 4, 20, says: "found '1e30'")
        // Within the limit, a radius far past half the size draws as half the size (a circle).
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene("""
            strata: 1
            canvas: {size: [100, 100], fps: 10, duration: 1s}
            layers:
              - {frame: [0, 0, 100, 100], cornerRadius: 1e7, backgroundColor: red}
            """, in: dir)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/x.png", "--frames", "0"]).status, 0)
        let image = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/x.png"))))
        XCTAssertEqual(image.pixel(2, 2).a, 0, "the corner is cut")
        XCTAssertEqual(image.pixel(50, 50).a, 255)
    }

    func testParticlesWhoseScaleOverflowsAreLimitedOrCulled() throws {
        try assertLocatedError("emitter-scale-speed", 8, 97, says: "found '1e300'")
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene("""
            strata: 1
            canvas: {size: [100, 100], fps: 10, duration: 1s}
            layers:
              - type: emitter
                frame: [0, 0, 100, 100]
                beginTime: -1s
                emitterPosition: [50, 50]
                emitterCells:
                  - {name: c, contents: {circle: 4}, birthRate: 50, lifetime: 2s, velocity: 10, scaleSpeed: 1e7}
            """, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/x.png", "--frames", "5"])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testDidYouMeanOnHugeNamesStaysBounded() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let name = String(repeating: "q", count: 100_000)
        let colour = try CLIHarness.writeScene("""
            strata: 1
            canvas: {size: [100, 100], fps: 10, duration: 1s}
            layers:
              - {backgroundColor: \(name)}
            """, named: "colour.yaml", in: dir)
        var r = try CLIHarness.run(["validate", colour])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("\(colour):4:23: error: unknown color name 'qqqq"), String(r.stderr.prefix(300)))
        XCTAssertLessThan(r.stderr.count, 1_000, "the name is clipped in the message and the excerpt")
        let keyPath = try CLIHarness.writeScene("""
            strata: 1
            canvas: {size: [100, 100], fps: 10, duration: 1s}
            layers:
              - animations: [{keyPath: \(name), from: 0, to: 1, duration: 1s}]
            """, named: "keypath.yaml", in: dir)
        r = try CLIHarness.run(["validate", keyPath])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("\(keyPath):4:28: error: unknown key path"), String(r.stderr.prefix(300)))
        XCTAssertLessThan(r.stderr.count, 1_000, "the name is clipped in the message and the excerpt")
        // 2,000 params and 2,000 references to unknown ones.
        let params = (0..<2000).map { "  p\($0)x: 1\n" }.joined()
        let layers = (0..<2000).map { "  - {opacity: \"${q\($0)y}\"}\n" }.joined()
        let many = try CLIHarness.writeScene("strata: 1\ncanvas: {size: [100, 100], fps: 10, duration: 1s}\nparams:\n"
                                             + params + "layers:\n" + layers, named: "params.yaml", in: dir)
        r = try CLIHarness.run(["validate", many])
        XCTAssertEqual(r.status, 2)
        let errors = r.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        XCTAssertEqual(errors.filter { $0.contains(": error: unknown param 'q") }.count, 2000)
        XCTAssertTrue(errors.contains { $0.hasPrefix("\(many):2005:16: error: unknown param 'q0y'") }, "\(errors.prefix(2))")
    }

    func testReplicatedEmittersAndCombiningMarksAreLocatedErrors() throws {
        try assertLocatedError("replicator-emitter", 6, 5, says: "at most 50000")
        let dir = try CLIHarness.temporaryFolder(self)
        let marks = "e" + String(repeating: "\u{301}", count: 99_997)
        let path = try CLIHarness.writeScene("""
            strata: 1
            canvas: {size: [200, 120], fps: 10, duration: 1s}
            layers:
              - {type: text, frame: [0, 0, 200, 120], string: "ab\(marks)"}
            """, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/x.png", "--frames", "0"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("\(path):4:"), String(r.stderr.prefix(300)))
        XCTAssertTrue(r.stderr.contains("99997 combining marks in a row"), String(r.stderr.prefix(300)))
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"])
    }

    // MARK: Fuzz findings

    /// Every scene a fuzz target once failed on (Tests/Inputs/fuzz/scene,
    /// .../frame) validates and renders a small frame, or is a located
    /// error: never a crash (docs/fuzzing.md).
    func testFuzzFindingsStayFixed() throws {
        let root = CLIHarness.packageRoot + "/Tests/Inputs/fuzz/"
        let inputs = ["scene", "frame"].flatMap { target in CLIHarness.files(in: root + target).map { root + target + "/" + $0 } }
        XCTAssertFalse(inputs.isEmpty)
        for input in inputs {
            for args in [["validate", input], ["render", input, "-o", "/dev/null", "--frames", "0", "--size", "64x64", "-q"]] {
                let r = try CLIHarness.run(args)
                XCTAssertTrue([0, 2].contains(r.status), "\(args): \(r.status) \(r.stderr.prefix(500))")
                XCTAssertFalse(r.stderr.contains("crashed") || r.stderr.contains("Fatal error"), "\(args)")
            }
        }
    }

    /// A scene saved as UTF-16 (found by the values fuzz target): an error
    /// at 1:1 saying so, not a scene read from text its diagnostics cannot show.
    func testAUTF16SceneIsAnErrorAtItsStart() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = CLIHarness.packageRoot + "/Tests/Inputs/fuzz/scene/utf16-byte-order-mark.yaml"
        for args in [["validate", scene], ["render", scene, "-o", dir + "/x.png", "--frames", "0"]] {
            let r = try CLIHarness.run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.hasPrefix(scene + ":1:1: error: the scene file is not valid UTF-8 text: "), r.stderr)
            XCTAssertTrue(r.stderr.contains("(it starts with a UTF-16 byte-order mark: save it as UTF-8)"), r.stderr)
        }
        XCTAssertEqual(CLIHarness.files(in: dir), [])
    }
}

