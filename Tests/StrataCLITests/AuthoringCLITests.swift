import Foundation
import XCTest

/// `strata watch` and `strata preview` as a user runs them: real processes, loopback only.
final class AuthoringCLITests: XCTestCase {
    let scene = """
    strata: 1
    canvas: {size: [32, 24], fps: 10, duration: 1s, background: "#101820"}
    layers:
      - {name: box, bounds: [0, 0, 8, 8], position: [16, 12], backgroundColor: "#f2aa4c"}

    """

    func testWatchRendersAgainOnSaveAndKeepsTheLastGoodOutput() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let out = dir + "/still.png"
        let watch = try Spawned(["watch", path, "-o", out, "--time", "0.5"])
        defer { watch.stop() }
        try watch.waitForStderr("waiting for changes")
        let first = try Data(contentsOf: URL(fileURLWithPath: out))

        try scene.replacingOccurrences(of: "#f2aa4c", with: "#2ec4b6").write(toFile: path, atomically: true, encoding: .utf8)
        try watch.waitForStderr("scene.yaml changed; rendering again")
        try watch.waitForStderr("wrote \(out)", count: 1)
        let second = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertNotEqual(first, second)

        try scene.replacingOccurrences(of: "fps: 10", with: "fps: ten").write(toFile: path, atomically: false, encoding: .utf8)
        try watch.waitForStderr("not updated; waiting for changes")
        XCTAssertTrue(watch.stderr.contains("scene.yaml:2:31: error:"), watch.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), second, "the last good output stays")

        XCTAssertEqual(watch.interrupt(), 0)
        XCTAssertTrue(watch.stderr.contains("strata watch: stopped"))
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml", "still.png"], "no temporary file left")
    }

    func testWatchStopsAtOnceOnABadCommandLine() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let result = try CLIHarness.run(["watch", path, "-o", dir + "/out.txt"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("cannot tell the output format of"), result.stderr)
        XCTAssertEqual(try CLIHarness.run(["watch", path]).status, 2)
    }

    func testPreviewServesUntilInterrupted() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let preview = try Spawned(["preview", path, "--port", "0"])
        defer { preview.stop() }
        try preview.waitForStdout("(Ctrl-C stops)")
        let port = try XCTUnwrap(preview.stdout.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//).map { String($0.1) })

        // A second preview on the same port says so.
        let second = try CLIHarness.run(["preview", path, "--port", port])
        XCTAssertEqual(second.status, 2)
        XCTAssertTrue(second.stderr.contains("strata: error: port \(port) on 127.0.0.1 is already in use"), second.stderr)

        XCTAssertEqual(preview.interrupt(), 0)
        XCTAssertTrue(preview.stderr.contains("strata preview: stopped"), preview.stderr)
    }

    func testPreviewCommandLineMistakes() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let missing = try CLIHarness.run(["preview", dir + "/none.yaml", "--port", "0"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("strata: error: cannot open '\(dir)/none.yaml': No such file or directory"), missing.stderr)
        let badPort = try CLIHarness.run(["preview", dir + "/none.yaml", "--port", "70000"])
        XCTAssertEqual(badPort.status, 2)
        XCTAssertTrue(badPort.stderr.contains("option '--port' expects a port number 0...65535"), badPort.stderr)
        let unknown = try CLIHarness.run(["preview", "x.yaml", "--prot", "1"])
        XCTAssertTrue(unknown.stderr.contains("unknown option '--prot' for preview; did you mean '--port'?"), unknown.stderr)
        XCTAssertTrue(try CLIHarness.run(["preview", "--help"]).stdout.contains("usage: strata preview SCENE.yaml"))
        XCTAssertTrue(try CLIHarness.run(["watch", "--help"]).stdout.contains("usage: strata watch SCENE.yaml -o OUT"))
    }
}

/// A `strata` process running in the background, its output collected as it comes.
final class Spawned: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var out = "", err = ""

    init(_ args: [String]) throws {
        process.executableURL = URL(fileURLWithPath: CLIHarness.binary)
        process.arguments = args
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        process.environment = environment
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        outPipe.fileHandleForReading.readabilityHandler = { [weak self] h in self?.append(h.availableData, toErr: false) }
        errPipe.fileHandleForReading.readabilityHandler = { [weak self] h in self?.append(h.availableData, toErr: true) }
        try process.run()
    }

    private func append(_ data: Data, toErr: Bool) {
        lock.lock()
        if toErr { err += String(decoding: data, as: UTF8.self) } else { out += String(decoding: data, as: UTF8.self) }
        lock.unlock()
    }

    var stdout: String { lock.lock(); defer { lock.unlock() }; return out }
    var stderr: String { lock.lock(); defer { lock.unlock() }; return err }

    /// Waits (20 s at most) until stderr holds `text` more than `count` times.
    func waitForStderr(_ text: String, count: Int = 0) throws {
        try wait { $0.stderr.components(separatedBy: text).count - 1 > count }
    }

    func waitForStdout(_ text: String) throws { try wait { $0.stdout.contains(text) } }

    private func wait(_ condition: (Spawned) -> Bool) throws {
        let deadline = Date().addingTimeInterval(20)
        while !condition(self) {
            guard Date() < deadline, process.isRunning else {
                throw TestFailure("gave up waiting; stdout: \(stdout) stderr: \(stderr)")
            }
            usleep(20_000)
        }
    }

    /// Ctrl-C, then the exit status.
    func interrupt() -> Int32 {
        process.interrupt()
        process.waitUntilExit()
        usleep(50_000)
        return process.terminationStatus
    }

    func stop() { if process.isRunning { process.terminate(); process.waitUntilExit() } }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
