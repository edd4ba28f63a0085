import Foundation
import StrataEncode
import StrataModel
import XCTest

/// `strata plan`, `render --chunk` and `concat` end to end, with separate processes.
final class ChunkedRenderTests: XCTestCase {
    func testChunksInAnyOrderOneKilledAndRetriedJoinToTheExactFrames() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Farm.scene, in: dir)
        let farm = dir + "/farm"
        let plan = try CLIHarness.run(["plan", scene, "--chunks", "4", "-o", farm + "/manifest.json"] + Farm.scale)
        XCTAssertEqual(plan.status, 0, plan.stderr)
        func chunk(_ i: Int) -> [String] { ["render", scene, "--chunk", "\(i)/4", "-o", farm + "/", "-q", "--jobs", "1"] + Farm.scale }

        // Chunks 3, 0 and 2 at once, in that order; chunk 1 is killed half-way.
        let running = try [3, 0, 2].map { try Farm.start(chunk($0)) }
        XCTAssertTrue(try Farm.renderAndKill(chunk(1), folder: farm, segment: "chunk-0001.mp4"), "chunk 1 always finished before it could be killed")
        for process in running { process.waitUntilExit(); XCTAssertEqual(process.terminationStatus, 0) }

        let early = try CLIHarness.run(["concat", farm + "/manifest.json", "-o", dir + "/out.mp4"])
        XCTAssertEqual(early.status, 2)
        XCTAssertTrue(early.stderr.contains("1 of 4 chunks cannot be joined"), early.stderr)
        XCTAssertTrue(early.stderr.contains("chunk 1 (\(farm)/chunk-0001.mp4) is missing"), early.stderr)
        XCTAssertTrue(early.stderr.contains("--array=1"), early.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.mp4"))

        // The killed render's temporary file is left (SIGKILL allows no clean-up);
        // the retry on this machine removes it (its process is gone).
        XCTAssertEqual(CLIHarness.files(in: farm).filter { $0.hasPrefix(".chunk-0001.mp4.strata-") }.count, 1)
        XCTAssertEqual(try CLIHarness.run(chunk(1)).status, 0, "the retry")
        XCTAssertEqual(CLIHarness.files(in: farm).filter { $0.hasSuffix(".tmp") }, [])
        // One another machine's killed render left stays (its processes cannot be seen from here); concat says so.
        let foreign = ".chunk-0002.mp4.strata-12345@elsewhere-1.tmp"
        try Data().write(to: URL(fileURLWithPath: farm + "/" + foreign))
        let joined = try CLIHarness.run(["concat", farm + "/manifest.json", "-o", dir + "/out.mp4"])
        XCTAssertEqual(joined.status, 0, joined.stderr)
        XCTAssertTrue(joined.stderr.contains("of interrupted chunk renders in \(farm) (\(foreign))"), joined.stderr)

        // Every frame once, at exactly i / 24 s, a key frame first.
        let facts = try SegmentReader.read(path: dir + "/out.mp4", frameRate: FrameRate(24)!)
        XCTAssertEqual(facts.frameCount, Farm.frameCount)
        XCTAssertNil(facts.timestampGap)
        XCTAssertTrue(facts.startsWithKeyFrame)
        let info = try VideoReader.probe(path: dir + "/out.mp4")
        XCTAssertEqual(info.fps, 24)
        XCTAssertEqual(info.duration, 4, accuracy: 1e-9)
        XCTAssertEqual(info.codec, "h264")
        XCTAssertEqual(info.colorMatrix, "bt709")

        // Each decoded frame is its own PNG render within the codec's error,
        // and nearer to it than to either neighbour (none doubled or dropped at a join).
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/png/", "-q"] + Farm.scale).status, 0)
        let pngs = try Farm.pngFrames(dir + "/png")
        let decoded = try VideoReader.decodeFrames(path: dir + "/out.mp4", indices: Set(0..<Farm.frameCount))
        XCTAssertEqual(pngs.count, Farm.frameCount)
        for i in 0..<Farm.frameCount {
            let frame = try XCTUnwrap(decoded[i])
            XCTAssertGreaterThan(Farm.psnr(frame, pngs[i]), 32, "frame \(i)")
            let own = Farm.meanDifference(frame, pngs[i])
            for j in [i - 1, i + 1] where pngs.indices.contains(j) {
                XCTAssertLessThan(own, Farm.meanDifference(frame, pngs[j]), "frame \(i) looks like frame \(j)")
            }
        }
    }

    func testLosslessChunksDecodeToTheSingleProcessRenderByteForByte() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Farm.scene, in: dir)
        let options = ["--crf", "0"] + Farm.scale
        XCTAssertEqual(try CLIHarness.run(["plan", scene, "--chunk-frames", "25", "-o", dir + "/m.json"] + options).status, 0)
        for i in [2, 0, 3, 1] {
            let r = try CLIHarness.run(["render", scene, "--chunk", "\(i)", "--chunk-frames", "25", "-o", dir + "/c/"] + options)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        XCTAssertEqual(try CLIHarness.run(["concat", dir + "/m.json", "--segments", dir + "/c", "-o", dir + "/joined.mp4"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/single.mp4"] + options).status, 0)
        let all = Set(0..<Farm.frameCount)
        let joined = try VideoReader.decodeFrames(path: dir + "/joined.mp4", indices: all)
        let single = try VideoReader.decodeFrames(path: dir + "/single.mp4", indices: all)
        for i in 0..<Farm.frameCount { XCTAssertEqual(joined[i], single[i], "frame \(i)") }
        XCTAssertEqual(try SegmentReader.read(path: dir + "/joined.mp4", frameRate: FrameRate(24)!).timestampGap, nil)
    }

    func testPNGChunksAssembleTheSingleProcessSequenceByteForByte() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Farm.scene, in: dir)
        let options = ["--format", "png", "--frames", "10-95"]
        XCTAssertEqual(try CLIHarness.run(["plan", scene, "--chunk-frames", "30", "-o", dir + "/c/m.json"] + options).status, 0)
        for i in [2, 1, 0] {
            let r = try CLIHarness.run(["render", scene, "--chunk", "\(i)/3", "--chunk-frames", "30", "-o", dir + "/c/"] + options)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        XCTAssertEqual(CLIHarness.files(in: dir + "/c"), ["chunk-0000", "chunk-0001", "chunk-0002", "m.json"])
        XCTAssertEqual(CLIHarness.files(in: dir + "/c/chunk-0002").first, "00070.png", "numbered as in the whole sequence")
        let r = try CLIHarness.run(["concat", dir + "/c/m.json", "-o", dir + "/frames/"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try CLIHarness.run(["render", scene, "--frames", "10-95", "-o", dir + "/single/"]).status, 0)
        let names = CLIHarness.files(in: dir + "/single")
        XCTAssertEqual(names.count, 86)
        XCTAssertEqual(CLIHarness.files(in: dir + "/frames"), names)
        for name in names {
            XCTAssertEqual(FileManager.default.contents(atPath: dir + "/frames/" + name),
                           FileManager.default.contents(atPath: dir + "/single/" + name), name)
        }
    }

    func testARetriedChunkIsTheSameSegment() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Farm.scene, in: dir)
        // Run again, into another folder and over the first segment: the same frames.
        let args = ["render", scene, "--chunk", "2/4", "-o"]
        XCTAssertEqual(try CLIHarness.run(args + [dir + "/a/"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(args + [dir + "/b/"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(args + [dir + "/b/"]).status, 0, "over the first one")
        XCTAssertEqual(CLIHarness.files(in: dir + "/b"), ["chunk-0002.mp4"], "no temporary file left")
        let frames = Set(0..<24)
        XCTAssertEqual(try VideoReader.decodeFrames(path: dir + "/a/chunk-0002.mp4", indices: frames),
                       try VideoReader.decodeFrames(path: dir + "/b/chunk-0002.mp4", indices: frames))
    }

    func testChunkIndexFromSlurmOrKubernetes() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(Farm.scene, in: dir)
        let args = ["render", scene, "--chunk", "env/4", "-o", dir + "/c/"]
        XCTAssertEqual(try CLIHarness.run(args, env: ["JOB_COMPLETION_INDEX": "2"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(args, env: ["SLURM_ARRAY_TASK_ID": "3"]).status, 0)
        XCTAssertEqual(CLIHarness.files(in: dir + "/c"), ["chunk-0002.mp4", "chunk-0003.mp4"])
        let facts = try SegmentReader.read(path: dir + "/c/chunk-0003.mp4", frameRate: FrameRate(24)!)
        XCTAssertEqual(facts.frameCount, 24)
        XCTAssertTrue(facts.metadata["strata_segment"]?.contains("\"chunk\":3") ?? false)

        let unset = try CLIHarness.run(args)
        XCTAssertEqual(unset.status, 2)
        XCTAssertTrue(unset.stderr.contains("SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX"), unset.stderr)
        let outside = try CLIHarness.run(args, env: ["JOB_COMPLETION_INDEX": "4"])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("chunk 4 (from JOB_COMPLETION_INDEX) does not exist: the render has 4 chunks, 0-3"), outside.stderr)
        let garbage = try CLIHarness.run(args, env: ["SLURM_ARRAY_TASK_ID": "x1"])
        XCTAssertEqual(garbage.status, 2)
        XCTAssertTrue(garbage.stderr.contains("SLURM_ARRAY_TASK_ID is 'x1', not a chunk index"), garbage.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir + "/c"), ["chunk-0002.mp4", "chunk-0003.mp4"])
    }
}
