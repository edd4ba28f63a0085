import Foundation
import XCTest

/// Runs the built `strata` binary as a user would and captures what it prints.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Standard output as bytes (a video stream with `-o -`).
    var stdoutData = Data()
}

enum CLIHarness {
    /// The `strata` executable next to the test bundle.
    static var binary: String {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("strata").path,
            Bundle.main.bundleURL.appendingPathComponent("strata").path,
            packageRoot + "/.build/debug/strata",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
    }

    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// Runs `strata` (or `executable`, a program that runs it) with `args`.
    @discardableResult
    static func run(_ args: [String], cwd: String? = nil, env: [String: String] = [:], stdin: Data? = nil,
                    executable: String? = nil) throws -> CLIResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = args
        if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        for (k, v) in env { environment[k] = v }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = stdin.map { _ in Pipe() }
        if let input { process.standardInput = input }
        try process.run()
        if let input, let stdin {
            // From another thread: the child may write before it has read everything.
            // A child that exits without reading all of it (an error) must not
            // kill the tests with SIGPIPE: the write then fails with EPIPE, ignored.
            signal(SIGPIPE, SIG_IGN)
            Thread.detachNewThread {
                try? input.fileHandleForWriting.write(contentsOf: stdin)
                try? input.fileHandleForWriting.close()
            }
        }
        // Read both pipes at once, before waiting, so a large output on either cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
    }

    /// Runs the binary with standard output and error on a terminal (a pty
    /// made by util-linux's `script`), as a user at a shell would see it:
    /// both streams together, lines ending in CR LF. Nil when `script` is missing.
    static func runOnTerminal(_ args: [String], cwd: String? = nil, env: [String: String] = [:]) throws -> CLIResult? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return nil }
        let quoted = ([binary] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", quoted.joined(separator: " "), "/dev/null"]
        if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        environment["NO_COLOR"] = nil
        environment["TERM"] = "xterm"
        for (k, v) in env { environment[k] = v }
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return CLIResult(status: process.terminationStatus, stdout: text, stderr: text, stdoutData: data)
    }

    /// A fresh temporary folder, removed at the end of the test.
    static func temporaryFolder(_ test: XCTestCase) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// Writes a scene file into `dir` and returns its path.
    static func writeScene(_ yaml: String, named name: String = "scene.yaml", in dir: String) throws -> String {
        let path = dir + "/" + name
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func files(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }
}
