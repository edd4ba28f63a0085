import Foundation
import StrataCompiler
import StrataEncode
import StrataModel
import XCTest

/// The manifest, the cuts, and every mistake a user or a farm can make, at the CLI.
final class ChunkedRenderErrorTests: XCTestCase {
    func testPlanPrintsTheManifest() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Farm.scene, in: dir)
        let r = try CLIHarness.run(["plan", scene, "--chunks", "5", "--set", "tint=#00ff00", "--crf", "18", "--size", "384x216"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["frameRate"] as? [String: Int], ["numerator": 24, "denominator": 1])
        XCTAssertEqual(json["width"] as? Int, 384)
        XCTAssertEqual(json["height"] as? Int, 216)
        XCTAssertEqual((json["frames"] as? [String: Int])?["count"], 96)
        XCTAssertEqual((json["split"] as? [String: Int])?["chunks"], 5)
        XCTAssertTrue((json["digest"] as? String)?.hasPrefix("sha256:") ?? false)
        let video = try XCTUnwrap(json["video"] as? [String: Any])
        XCTAssertEqual(video["container"] as? String, "mp4")
        XCTAssertEqual(video["codec"] as? String, "h264")
        XCTAssertEqual((video["options"] as? [String: Any])?["crf"] as? Double, 18)
        XCTAssertNil(video["audio"], "segments have no sound")
        XCTAssertNil(json["audio"], "the scene has none")
        let chunks = try XCTUnwrap(json["chunks"] as? [[String: Any]])
        XCTAssertEqual(chunks.map { $0["output"] as? String }, (0..<5).map { "chunk-000\($0).mp4" })
        XCTAssertEqual(chunks.map { ($0["frames"] as? [String: Int])?["count"] }, [19, 19, 19, 19, 20])
        XCTAssertEqual(json["renderArguments"] as? [String],
                       ["--set", "tint=#00ff00", "--size", "384x216", "--format", "mp4", "--crf", "18", "--preset", "veryfast", "--threads", "2"])
        let settings = try XCTUnwrap(json["settings"] as? [String: Any])
        XCTAssertEqual(settings["crf"] as? Double, 18)
        XCTAssertEqual(settings["size"] as? [Double], [384, 216])
        XCTAssertEqual((settings["set"] as? [[String: String]])?.first, ["name": "tint", "value": "#00ff00"])
        let facts = try XCTUnwrap(json["facts"] as? [String: String])
        XCTAssertEqual(facts["set tint"], "#00ff00")
        XCTAssertEqual(facts["canvas.pixels"], "384x216")
        XCTAssertEqual(facts["encoder.options.crf"], "18")
        XCTAssertEqual(facts["encoder.codec"], "h264")
        XCTAssertEqual(facts["scene"]?.count, 64)
        // The same plan prints the same bytes; another option another digest.
        XCTAssertEqual(try CLIHarness.run(["plan", scene, "--chunks", "5", "--set", "tint=#00ff00", "--crf", "18", "--size", "384x216"]).stdout, r.stdout)
        let other = try CLIHarness.run(["plan", scene, "--chunks", "5", "--set", "tint=#00ff00", "--crf", "19", "--size", "384x216"])
        let otherJSON = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(other.stdout.utf8)) as? [String: Any])
        XCTAssertNotEqual(otherJSON["digest"] as? String, json["digest"] as? String)
    }

    func testTheDigestCoversTheFilesTheSceneReads() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let image = Pixmap(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))
        try PNGCodec.write(image, to: dir + "/dot.png")
        let scene = try CLIHarness.writeScene(Farm.scene.replacingOccurrences(of: "    cornerRadius: 6\n", with: "    contents: dot.png\n"), in: dir)
        func digest() throws -> String {
            let r = try CLIHarness.run(["plan", scene, "--chunks", "2"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return String(try XCTUnwrap(r.stdout.range(of: "sha256:[0-9a-f]{64}", options: .regularExpression).map { r.stdout[$0] }))
        }
        let before = try digest()
        XCTAssertTrue(try CLIHarness.run(["plan", scene, "--chunks", "2"]).stdout.contains("\"file dot.png\""))
        var changed = image
        changed.pixels[0] = 0
        try PNGCodec.write(changed, to: dir + "/dot.png")
        XCTAssertNotEqual(try digest(), before)
    }

    func testChunkCutsCoverTheFramesOnce() throws {
        for (frames, split) in [(0...95, ChunkSplit.count(4)), (10...95, .count(7)), (0...0, .count(1)),
                                (0...95, .framesPerChunk(25)), (5...9, .framesPerChunk(100)), (0...99, .count(100))] {
            let ranges = try split.ranges(of: frames)
            XCTAssertEqual(ranges.first?.lowerBound, frames.lowerBound)
            XCTAssertEqual(ranges.last?.upperBound, frames.upperBound)
            for (a, b) in zip(ranges, ranges.dropFirst()) { XCTAssertEqual(a.upperBound + 1, b.lowerBound) }
            if case .count(let n) = split {
                XCTAssertEqual(ranges.count, n)
                XCTAssertLessThanOrEqual(Set(ranges.map(\.count)).count, 2)
                XCTAssertLessThanOrEqual(ranges.map(\.count).max()! - ranges.map(\.count).min()!, 1)
            }
        }
        XCTAssertEqual(try ChunkSplit.framesPerChunk(25).ranges(of: 0...95).map(\.count), [25, 25, 25, 21])
        XCTAssertThrowsError(try ChunkSplit.count(97).ranges(of: 0...95))
        XCTAssertThrowsError(try ChunkSplit.count(0).ranges(of: 0...95))
        XCTAssertThrowsError(try ChunkSplit.framesPerChunk(1).ranges(of: 0...100_000))
        XCTAssertEqual(ChunkSelector(parsing: "3/8"), ChunkSelector(index: .number(3), count: 8))
        XCTAssertEqual(ChunkSelector(parsing: "env"), ChunkSelector(index: .environment, count: nil))
        for bad in ["", "-1/4", "3/0", "3/x", "a", "1/2/3", "env/"] { XCTAssertNil(ChunkSelector(parsing: bad), bad) }
    }

    func testPlanAndChunkMistakesAreErrorsBeforeAnyOutput() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Farm.scene, in: dir)
        let cases: [([String], String)] = [
            (["plan", scene], "plan needs --chunks N or --chunk-frames K"),
            (["plan", scene, "--chunks", "2", "--chunk-frames", "10"], "not both"),
            (["plan", scene, "--chunks", "0"], "expects a chunk count 1...10000"),
            (["plan", scene, "--chunks", "97"], "--chunks 97 is more chunks than frames: the render has 96 frames"),
            (["plan", scene, "--chunks", "2", "--format", "gif"], "option '--format' expects mp4, mov, webm or png, found 'gif'"),
            (["plan", scene, "--chunks", "2", "--size", "191x108"], "even"),
            (["plan", scene, "--chunks", "2", "--time", "1s"], "unknown option '--time' for plan"),
            (["render", scene, "--chunk", "0/2", "--time", "1s", "-o", dir + "/c/"], "--time, --contact-sheet, --every and --all-variants do not apply"),
            (["plan", scene, "--chunks", "2", "--frames", "90-99"], "outside the scene's frames 0-95"),
            (["plan", dir + "/missing.yaml", "--chunks", "2"], "missing.yaml"),
            (["render", scene, "--chunk", "1/4", "-o", dir + "/out.mp4"], "--chunk writes its segment into a folder: give -o DIR/"),
            (["render", scene, "--chunk", "4/4", "-o", dir + "/c/"], "chunk 4 does not exist: the render has 4 chunks, 0-3"),
            (["render", scene, "--chunk", "1", "-o", dir + "/c/"], "--chunk needs the number of chunks"),
            (["render", scene, "--chunk", "1/3", "--chunk-frames", "10", "-o", dir + "/c/"], "which cuts the render into 10 chunks"),
            (["render", scene, "--chunk", "one", "-o", dir + "/c/"], "expects a chunk like 3/8"),
            (["render", scene, "--chunk-frames", "10", "-o", dir + "/out.mp4"], "add --chunk I/N"),
        ]
        for (args, message) in cases {
            let r = try CLIHarness.run(args)
            XCTAssertEqual(r.status, 2, args.joined(separator: " ") + "\n" + r.stderr)
            XCTAssertTrue(r.stderr.contains(message), args.joined(separator: " ") + "\n" + r.stderr)
            XCTAssertEqual(r.stdout, "")
            XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"], args.joined(separator: " "))
        }
    }

    func testConcatNamesEveryChunkItCannotJoin() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Farm.scene, in: dir)
        let farm = dir + "/farm"
        XCTAssertEqual(try CLIHarness.run(["plan", scene, "--chunks", "6", "-o", farm + "/m.json"]).status, 0)
        func render(_ chunk: String, _ extra: [String] = [], into folder: String? = nil) throws {
            let r = try CLIHarness.run(["render", scene, "--chunk", chunk, "-o", (folder ?? farm) + "/"] + extra)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        try render("0/6")                           // fine
        try render("1/6", ["--crf", "30"])          // other settings
        try render("2/6", ["--set", "tint=#0000ff"])         // another --set
        try render("0/3", into: dir + "/three")     // another cut
        try FileManager.default.moveItem(atPath: dir + "/three/chunk-0000.mp4", toPath: farm + "/chunk-0003.mp4")
        let plain = try CLIHarness.run(["render", scene, "--frames", "64-79", "-o", farm + "/chunk-0004.mp4"])
        XCTAssertEqual(plain.status, 0, plain.stderr)   // an MP4, but not a chunk
        try Data("not a video".utf8).write(to: URL(fileURLWithPath: farm + "/chunk-0005.mp4"))
        let before = CLIHarness.files(in: farm)

        let r = try CLIHarness.run(["concat", farm + "/m.json", "-o", dir + "/out.mp4"])
        XCTAssertEqual(r.status, 2)
        let lines = r.stderr
        XCTAssertTrue(lines.contains("strata: error: 5 of 6 chunks cannot be joined:"), lines)
        XCTAssertFalse(lines.contains("chunk 0 ("), lines)
        XCTAssertTrue(lines.contains("chunk 1 (\(farm)/chunk-0001.mp4) was rendered from another scene or other settings"), lines)
        XCTAssertTrue(lines.contains("encoder.options.crf (30 in the chunk, 20 in the manifest)"), lines)
        XCTAssertTrue(lines.contains("set tint (#0000ff in the chunk, none in the manifest)"), lines)
        XCTAssertTrue(lines.contains("chunk 3 (\(farm)/chunk-0003.mp4) holds chunk 0 of 3 (frames 0-31), but the manifest's chunk 3 is frames 48-63"), lines)
        XCTAssertTrue(lines.contains("chunk 4 (\(farm)/chunk-0004.mp4) is not a strata chunk"), lines)
        XCTAssertTrue(lines.contains("chunk 5 (\(farm)/chunk-0005.mp4) cannot be read"), lines)
        XCTAssertTrue(lines.contains("--array=1,2,3,4,5"), lines)
        XCTAssertEqual(CLIHarness.files(in: dir), ["farm", "scene.yaml", "three"])
        XCTAssertEqual(CLIHarness.files(in: farm), before)
    }

    func testConcatChecksTheManifestAndTheOutputFirst() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Farm.scene, in: dir)
        XCTAssertEqual(try CLIHarness.run(["plan", scene, "--chunks", "2", "-o", dir + "/m.json"]).status, 0)
        try Data("{\"manifestVersion\": 1}".utf8).write(to: URL(fileURLWithPath: dir + "/partial.json"))
        try Data("[1, 2".utf8).write(to: URL(fileURLWithPath: dir + "/broken.json"))
        let cases: [([String], String)] = [
            (["concat", dir + "/m.json"], "concat needs an output"),
            (["concat", "-o", dir + "/out.mp4"], "concat needs a manifest"),
            (["concat", dir + "/none.json", "-o", dir + "/out.mp4"], "cannot read the manifest '\(dir)/none.json': no such file"),
            (["concat", dir + "/broken.json", "-o", dir + "/out.mp4"], "broken.json is not a strata manifest (made by 'strata plan'): not valid JSON"),
            (["concat", dir + "/partial.json", "-o", dir + "/out.mp4"], "partial.json is not a strata manifest (made by 'strata plan'): 'strata' is missing"),
            (["concat", dir + "/m.json", "-o", dir + "/out.mov"], "give a .mp4 or .m4v output"),
            (["concat", dir + "/m.json", "-o", dir + "/frames/"], "give a .mp4 or .m4v output"),
            (["concat", dir + "/m.json", "-o", dir + "/out.mp4", "--segment", "x"], "unknown option '--segment' for concat; did you mean '--segments'?"),
        ]
        let files = CLIHarness.files(in: dir)
        for (args, message) in cases {
            let r = try CLIHarness.run(args)
            XCTAssertEqual(r.status, 2, args.joined(separator: " ") + "\n" + r.stderr)
            XCTAssertTrue(r.stderr.contains(message), args.joined(separator: " ") + "\n" + r.stderr)
            XCTAssertEqual(CLIHarness.files(in: dir), files)
        }
    }
}
