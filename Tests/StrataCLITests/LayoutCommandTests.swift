import Foundation
import StrataEncode
import XCTest

/// Layout from the command line: --size, --variant, --all-variants, inspect, and variant goldens in check.
final class LayoutCommandTests: XCTestCase {
    /// A 64x48 canvas with a red 16x8 box centred by constraints and a blue
    /// bar along the bottom (autoresizing: width and top margin flexible).
    let scene = """
    strata: 1
    canvas:
      size: [64, 48]
      fps: 10
      duration: 0.3s
      background: white
      variants:
        tall: [32, 64]
        wide: [96, 32]
    layers:
      - name: box
        bounds: [0, 0, 16, 8]
        backgroundColor: "#ff0000"
        constraints:
          - {attribute: midX, relativeTo: superlayer, target: midX}
          - {attribute: midY, relativeTo: superlayer, target: midY}
      - {name: bar, frame: [0, 44, 64, 4], backgroundColor: "#0000ff", autoresizingMask: [widthSizable, minYMargin]}
    golden:
      frames: [0]
    """

    func testAVariantStillIsLaidOutAtItsSize() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["render", path, "-o", dir + "/tall.png", "--variant", "tall", "--frames", "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNGCodec.read(path: dir + "/tall.png")
        XCTAssertEqual([image.width, image.height], [32, 64])
        // The box spans x 8..<24, y 28..<36; the bar the last 4 rows, full width.
        XCTAssertEqual(image.pixel(8, 28).r, 255)
        XCTAssertEqual(image.pixel(23, 35).g, 0)
        XCTAssertEqual(image.pixel(7, 28).g, 255)
        XCTAssertEqual(image.pixel(8, 27).g, 255)
        XCTAssertEqual(image.pixel(24, 35).g, 255)
        XCTAssertEqual(image.pixel(0, 60).b, 255)
        XCTAssertEqual(image.pixel(31, 63).r, 0)
        XCTAssertEqual(image.pixel(31, 59).r, 255)
    }

    func testInspectShowsResolvedFramesAtAnotherSize() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let r = try CLIHarness.run(["inspect", path, "--size", "100x40", "--compact"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let layers = try XCTUnwrap(json["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.map { $0["path"] as? String }, ["", "box", "bar"])
        XCTAssertEqual(layers[1]["frame"] as? [Double], [42, 16, 16, 8])
        XCTAssertEqual(layers[2]["frame"] as? [Double], [0, 36, 100, 4])
        let layout = try XCTUnwrap(layers[2]["layout"] as? [String: Any])
        XCTAssertEqual(layout["autoresizingMask"] as? [String], ["widthSizable", "minYMargin"])
        let constraints = try XCTUnwrap((layers[1]["layout"] as? [String: Any])?["constraints"] as? [[String: Any]])
        XCTAssertEqual(constraints.first?["attribute"] as? String, "midX")
        XCTAssertEqual(constraints.first?["relativeTo"] as? String, "superlayer")
    }

    func testAllVariantsWritesOneVideoPerVariant() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, named: "card.yaml", in: dir)
        let r = try CLIHarness.run(["render", path, "--all-variants", "-o", dir + "/out/", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir + "/out"), ["card-tall.mp4", "card-wide.mp4"])
        let tall = try VideoReader.probe(path: dir + "/out/card-tall.mp4")
        XCTAssertEqual([tall.width, tall.height, tall.frameCount], [32, 64, 3])
        let wide = try VideoReader.probe(path: dir + "/out/card-wide.mp4")
        XCTAssertEqual([wide.width, wide.height], [96, 32])
        let frames = try VideoReader.decodeFrames(path: dir + "/out/card-wide.mp4", indices: [0])
        let f = try XCTUnwrap(frames[0])
        XCTAssertGreaterThan(Int(f.pixel(48, 16).r), 200, "the box is centred in the wide variant")
        XCTAssertLessThan(Int(f.pixel(48, 16).b), 60)
    }

    func testAllVariantsWithATimeWritesStills() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, named: "card.yaml", in: dir)
        let r = try CLIHarness.run(["render", path, "--all-variants", "-o", dir + "/stills/", "--time", "0.1s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir + "/stills"), ["card-tall.png", "card-wide.png"])
        XCTAssertEqual(try PNGCodec.read(path: dir + "/stills/card-wide.png").width, 96)
    }

    func testAllVariantsRefusesBadCombinationsBeforeWritingAnything() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, named: "card.yaml", in: dir)
        let notFolder = try CLIHarness.run(["render", path, "--all-variants", "-o", dir + "/x.mp4"])
        XCTAssertEqual(notFolder.status, 2)
        XCTAssertEqual(notFolder.stderr, "strata: error: --all-variants writes one file per variant: give a folder, e.g. -o out/\n")
        let withVariant = try CLIHarness.run(["render", path, "--all-variants", "--variant", "tall", "-o", dir + "/out/"])
        XCTAssertEqual(withVariant.status, 2)
        XCTAssertTrue(withVariant.stderr.contains("does not combine with --variant or --size"), withVariant.stderr)
        let plain = try CLIHarness.writeScene(scene.replacingOccurrences(of: "  variants:\n    tall: [32, 64]\n    wide: [96, 32]\n", with: ""),
                                              named: "plain.yaml", in: dir)
        let none = try CLIHarness.run(["render", plain, "--all-variants", "-o", dir + "/out/"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("defines no canvas.variants"), none.stderr)
        // An odd pixel size in the second variant: nothing is written, not even the first variant.
        let odd = try CLIHarness.writeScene(scene.replacingOccurrences(of: "wide: [96, 32]", with: "wide: [95, 32]"),
                                            named: "odd.yaml", in: dir)
        let r = try CLIHarness.run(["render", odd, "--all-variants", "-o", dir + "/out/"])
        XCTAssertEqual(r.status, 2)
        // Located at the variant's size, with its line.
        XCTAssertEqual(r.stderr.split(separator: "\n").first.map(String.init),
                       "\(odd):9:11: error: H.264 (libx264) 4:2:0 needs an even width and height, but variant 'wide' is 95x32 pixels; change the size (or render at another --size or --scale)")
        XCTAssertTrue(r.stderr.contains("    wide: [95, 32]\n   |           ^~~~~~~~\n"), r.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir + "/out"), [])
        XCTAssertEqual(CLIHarness.files(in: dir), ["card.yaml", "odd.yaml", "plain.yaml"])
    }

    func testValidateReportsACycleWithItsPlaces() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [64, 48]}
        layers:
          - name: a
            constraints: [{attribute: minX, relativeTo: b, target: maxX}]
          - name: b
            constraints: [{attribute: minX, relativeTo: a, target: maxX}]
        """, in: dir)
        let r = try CLIHarness.run(["validate", path])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr.split(separator: "\n").filter { !$0.hasPrefix(" ") }, [
            "\(path):5:19: error: constraints form a cycle among 'a' and 'b': a.minX reads b.maxX, b.minX reads a.maxX; no order lays them out",
            "\(path):7:19: note: this constraint of 'b' is part of the cycle",
        ])
    }

    func testCheckRecordsAndComparesEveryVariant() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        _ = try CLIHarness.writeScene(scene, named: "scenes/card.yaml", in: dir)
        let first = try CLIHarness.run(["check", "scenes"], cwd: dir)
        XCTAssertEqual(first.status, 1)
        XCTAssertTrue(first.stdout.contains("MISSING  scenes/card.yaml:19:12: frame 0 (0s) @tall: no golden image at golden/card@tall/00000.png"), first.stdout)
        let record = try CLIHarness.run(["check", "scenes", "--update=missing"], cwd: dir)
        XCTAssertEqual(record.status, 0, record.stdout + record.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir + "/golden"), ["card", "card@tall", "card@wide"])
        XCTAssertEqual(try PNGCodec.read(path: dir + "/golden/card@tall/00000.png").height, 64)
        XCTAssertEqual(try PNGCodec.read(path: dir + "/golden/card@wide/00000.png").width, 96)
        let again = try CLIHarness.run(["check", "scenes"], cwd: dir)
        XCTAssertEqual(again.status, 0, again.stdout)
        XCTAssertTrue(again.stdout.hasSuffix("ok       scenes/card.yaml (3 frames)\ncheck: 3 passed, 0 failed\n"), again.stdout)

        // A changed layout fails at the variant, with artifacts under <scene>@<variant>.
        _ = try CLIHarness.writeScene(scene.replacingOccurrences(of: "target: midY}", with: "target: midY, offset: 3}"),
                                      named: "scenes/card.yaml", in: dir)
        let changed = try CLIHarness.run(["check", "scenes"], cwd: dir)
        XCTAssertEqual(changed.status, 1)
        XCTAssertTrue(changed.stdout.contains("FAIL     scenes/card.yaml:19:12: frame 0 (0s) @wide:"), changed.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/check/card@wide/00000-diff.png"))
        _ = try CLIHarness.writeScene(scene, named: "scenes/card.yaml", in: dir)

        // Only the listed variants are checked: the others' goldens become orphans.
        _ = try CLIHarness.writeScene(scene.replacingOccurrences(of: "frames: [0]", with: "frames: [0]\n  variants: [wide]"),
                                      named: "scenes/card.yaml", in: dir)
        let listed = try CLIHarness.run(["check", "scenes"], cwd: dir)
        XCTAssertEqual(listed.status, 1)
        XCTAssertTrue(listed.stdout.contains("golden folder 'golden/card@tall': orphan golden folder (no checked scene has this folder's path)"), listed.stdout)
        try FileManager.default.removeItem(atPath: dir + "/golden/card@tall")
        let wideOnly = try CLIHarness.run(["check", "scenes"], cwd: dir)
        XCTAssertEqual(wideOnly.status, 0, wideOnly.stdout)
        XCTAssertTrue(wideOnly.stdout.hasSuffix("check: 2 passed, 0 failed\n"), wideOnly.stdout)
    }
}
