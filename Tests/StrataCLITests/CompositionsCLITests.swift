import Foundation
import XCTest

/// Compositions from the command line: bad uses are located errors with
/// exit 2 before any output exists; inspect shows the used layers; check
/// checks the parts' goldens with an edit; a plan's digest covers every
/// used file; a used scene's sound is in the render.
final class CompositionsCLITests: XCTestCase {
    static let part = """
    strata: 1
    canvas: {size: [40, 20], duration: 1s}
    params:
      color: {type: color, default: red}
    layers:
      - {name: box, frame: [0, 0, 40, 20], backgroundColor: "${color}"}

    """

    /// A folder with `parts/box.yaml` (the part above) and `files` beside it.
    func folder(_ files: [String: String]) throws -> String {
        let dir = try CLIHarness.temporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/parts", withIntermediateDirectories: true)
        try Self.part.write(toFile: dir + "/parts/box.yaml", atomically: true, encoding: .utf8)
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }

    func testBadUsesAreLocatedErrorsWithExit2AndNothingWritten() throws {
        let head = "strata: 1\ncanvas: {size: [80, 40], duration: 1s}\n"
        let dir = try folder([
            "missing.yaml": head + "layers:\n  - scene: parts/nothing.yaml\n",
            "cycle.yaml": head + "layers:\n  - scene: loop.yaml\n",
            "loop.yaml": head + "layers:\n  - {name: again, scene: cycle.yaml}\n",
            "type.yaml": head + "layers:\n  - scene: parts/box.yaml\n    params: {color: 12}\n",
            "canvas.yaml": head + "layers:\n  - scene: parts/flat.yaml\n",
            "parts/flat.yaml": "strata: 1\ncanvas: {size: [40, 0]}\n",
        ])
        let expected = [
            "missing.yaml": ["missing.yaml:4:12: error: scene file 'parts/nothing.yaml' not found"],
            "cycle.yaml": ["loop.yaml:4:26: error: scene 'cycle.yaml' uses itself: ",
                           "cycle.yaml:4:12: note: 'loop.yaml' is used from here"],
            "type.yaml": ["type.yaml:5:21: error: param 'color' is a color: expected a color",
                          "parts/box.yaml:4:3: note: 'color' is declared here"],
            "canvas.yaml": ["parts/flat.yaml:2:21: error: expected a number greater than 0, found '0'",
                            "canvas.yaml:4:12: note: 'parts/flat.yaml' is used from here"],
        ]
        let before = CLIHarness.files(in: dir)
        for (scene, lines) in expected.sorted(by: { $0.key < $1.key }) {
            for command in [["render", scene, "-o", "out.mp4"], ["render", scene, "-o", "frames/"], ["validate", scene]] {
                let r = try CLIHarness.run(command + ["--color", "never"], cwd: dir)
                XCTAssertEqual(r.status, 2, "\(command): \(r.stderr)")
                for line in lines { XCTAssertTrue(r.stderr.contains(line), "\(command): \(line) in\n\(r.stderr)") }
            }
        }
        XCTAssertEqual(CLIHarness.files(in: dir), before, "nothing written")
    }

    func testInspectListsTheUsedScenesLayersWithTheirPathsAndTheirScene() throws {
        let r = try CLIHarness.run(["inspect", "scenes/compositions/lower-thirds.yaml", "--time", "1.2s", "--compact"],
                                   cwd: CLIHarness.packageRoot)
        XCTAssertEqual(r.status, 0, r.stderr)
        let layers = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])?["layers"] as? [[String: Any]])
        let byPath = Dictionary(uniqueKeysWithValues: layers.map { ($0["path"] as! String, $0) })
        XCTAssertNotNil(byPath["second/bar/title"], "\(byPath.keys.sorted())")
        let second = try XCTUnwrap(byPath["second"])
        let scene = try XCTUnwrap(second["scene"] as? [String: Any])
        XCTAssertEqual(scene["file"] as? String, "scenes/compositions/parts/lower-third.yaml")
        XCTAssertEqual((scene["params"] as? [String: String])?["title"], "Grace Hopper")
        XCTAssertEqual(second["active"] as? Bool, true)
        XCTAssertEqual(try XCTUnwrap(second["localTime"] as? Double), 0.3, accuracy: 1e-9, "(1.2 - 1) x 1.5")
        // Before its beginTime the third is there, not playing, without its layers.
        XCTAssertEqual(byPath["third"]?["active"] as? Bool, false)
        XCTAssertNil(byPath["third/bar"])
    }

    func testCheckingAnEditChecksThePartsGoldensToo() throws {
        let r = try CLIHarness.run(["check", "scenes/compositions/nested.yaml"], cwd: CLIHarness.packageRoot)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        // nested.yaml's 7 frames, then panel's, badge-row's and badge's 3 each.
        XCTAssertTrue(r.stdout.contains("16 passed"), r.stdout)
        XCTAssertTrue(r.stdout.contains("parts/badge") || r.stderr.contains("parts/badge"), r.stdout)
    }

    func testThePlansDigestCoversEveryUsedFile() throws {
        let dir = try folder(["edit.yaml": "strata: 1\ncanvas: {size: [80, 40], duration: 1s}\nlayers:\n  - {scene: parts/box.yaml, position: [40, 20]}\n"])
        func plan() throws -> String {
            let r = try CLIHarness.run(["plan", "edit.yaml", "--chunks", "2"], cwd: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout
        }
        let before = try plan()
        XCTAssertTrue(before.contains("\"file parts/box.yaml\""), before)
        try Self.part.replacingOccurrences(of: "default: red", with: "default: blue")
            .write(toFile: dir + "/parts/box.yaml", atomically: true, encoding: .utf8)
        func digest(_ text: String) -> String? { text.range(of: "sha256:[0-9a-f]{64}", options: .regularExpression).map { String(text[$0]) } }
        XCTAssertNotNil(digest(before))
        XCTAssertNotEqual(digest(try plan()), digest(before))
    }

    func testAUsedScenesSoundIsInTheRender() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let out = dir + "/sound.mp4"
        let r = try CLIHarness.run(["render", "scenes/compositions/sound.yaml", "-o", out, "--quiet"], cwd: CLIHarness.packageRoot)
        XCTAssertEqual(r.status, 0, r.stderr)
        // Mono 1 kHz samples of the soundtrack: the left sting plays from 0.2 s for 1 s, the right from 1.66 s for 0.8 s.
        let pcm = try CLIHarness.run(["-v", "error", "-i", out, "-f", "s16le", "-ac", "1", "-ar", "1000", "-"],
                                     executable: "/usr/bin/ffmpeg").stdoutData
        let samples = pcm.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        func loudest(_ from: Double, _ to: Double) -> Int { samples[Int(from * 1000)..<Int(to * 1000)].map { abs(Int($0)) }.max() ?? 0 }
        XCTAssertGreaterThanOrEqual(samples.count, 3000)
        XCTAssertEqual(loudest(0, 0.15), 0)
        XCTAssertGreaterThan(loudest(0.3, 0.8), 1000)
        XCTAssertEqual(loudest(1.25, 1.6), 0)
        XCTAssertGreaterThan(loudest(1.7, 2.2), 1000)
        XCTAssertEqual(loudest(2.5, 3), 0)
    }
}
