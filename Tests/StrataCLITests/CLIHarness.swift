import Foundation
import XCTest

/// Runs the built `strata` binary as a user would and captures what it prints.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
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

    @discardableResult
    static func run(_ args: [String], cwd: String? = nil, env: [String: String] = [:]) throws -> CLIResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = args
        if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        for (k, v) in env { environment[k] = v }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
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
