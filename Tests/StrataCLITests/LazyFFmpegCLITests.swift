import Foundation
import XCTest

/// Issue 11: libavcodec, libavformat, libavfilter and libswresample are opened on
/// first use (CAVLoader), so runs that never encode or decode video, images or
/// audio do not pay for loading them. Seen through the dynamic loader's own log
/// (LD_DEBUG=files names every shared object it opens).
final class LazyFFmpegCLITests: XCTestCase {
    static let lazyLibraries = ["libavcodec.so.", "libavformat.so.", "libavfilter.so.", "libswresample.so."]

    /// The lazily loaded libraries the dynamic loader opened while strata ran `args`.
    func loadedLibraries(_ args: [String], cwd: String) throws -> [String] {
        let r = try CLIHarness.run(args, cwd: cwd, env: ["LD_DEBUG": "files"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return Self.lazyLibraries.filter { r.stderr.contains("file=" + $0) }
    }

    func scene(in dir: String) throws -> String {
        let path = dir + "/scene.yaml"
        try """
        strata: 1
        canvas: {size: [32, 24], background: "#204060", duration: 0.2s, fps: 10}
        layers:
          - {bounds: [0, 0, 16, 12], position: [12, 10], backgroundColor: "#ffcc00"}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testPNGFramesValidateInspectAndVersionLoadNoneOfThem() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try scene(in: dir)
        XCTAssertEqual(try loadedLibraries(["--version"], cwd: dir), [])
        XCTAssertEqual(try loadedLibraries(["validate", scene], cwd: dir), [])
        XCTAssertEqual(try loadedLibraries(["inspect", scene], cwd: dir), [])
        XCTAssertEqual(try loadedLibraries(["render", scene, "-o", "/dev/null", "--quiet"], cwd: dir), [])
        XCTAssertEqual(try loadedLibraries(["render", scene, "-o", dir + "/frames/", "--quiet"], cwd: dir), [])
        XCTAssertEqual(CLIHarness.files(in: dir + "/frames").count, 2)
    }

    func testVideoOutputLoadsThemOnFirstUse() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try scene(in: dir)
        let loaded = try loadedLibraries(["render", scene, "-o", dir + "/out.mp4", "--quiet"], cwd: dir)
        XCTAssertTrue(loaded.contains("libavcodec.so."), "\(loaded)")
        XCTAssertTrue(loaded.contains("libavformat.so."), "\(loaded)")
        XCTAssertGreaterThan((try? Data(contentsOf: URL(fileURLWithPath: dir + "/out.mp4")))?.count ?? 0, 0)
    }
}
