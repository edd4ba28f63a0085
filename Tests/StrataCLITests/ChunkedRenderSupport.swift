import Foundation
import StrataEncode
import StrataModel
import XCTest

/// A scene and helpers shared by the chunked-render tests.
enum Farm {
    /// 96 frames (4 s at 24 fps); the box moves 3.5 pixels a frame at
    /// --scale 2, so neighbouring frames differ and a duplicated or
    /// dropped frame at a join shows.
    static let scene = """
    strata: 1
    canvas: {size: [192, 108], fps: 24, duration: 4s, background: "#203040"}
    params:
      tint: "#ff4020"
    layers:
      - name: box
        bounds: [0, 0, 24, 24]
        position: [12, 54]
        backgroundColor: ${tint}
        cornerRadius: 6
        animations:
          - {keyPath: position.x, from: 12, to: 180, duration: 4s}
      - name: bar
        bounds: [0, 0, 192, 10]
        position: [96, 100]
        backgroundColor: "#40ff80"
        animations:
          - {keyPath: opacity, from: 0, to: 1, duration: 4s}
    """
    static let frameCount = 96
    static let scale = ["--scale", "2"]

    /// Starts `strata ARGS` without waiting.
    static func start(_ args: [String], env: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIHarness.binary)
        process.arguments = args
        var environment = ProcessInfo.processInfo.environment
        for name in ["CI", "SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"] { environment[name] = nil }
        environment.merge(env) { $1 }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Starts a chunk render and kills it (SIGKILL: no clean-up at all) while
    /// its segment is half written: stopped as soon as the temporary file
    /// appears, then killed. True once that happened; false if every attempt
    /// finished before it could be stopped.
    static func renderAndKill(_ args: [String], folder: String, segment: String) throws -> Bool {
        for _ in 0..<8 {
            let process = try start(args)
            var stopped = false
            while process.isRunning {
                if CLIHarness.files(in: folder).contains(where: { $0.hasPrefix("." + segment) && $0.hasSuffix(".tmp") }) {
                    kill(process.processIdentifier, SIGSTOP)
                    stopped = true
                    break
                }
                usleep(500)
            }
            if stopped, !FileManager.default.fileExists(atPath: folder + "/" + segment) {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return true
            }
            if stopped { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: folder + "/" + segment)
        }
        return false
    }

    static func pngFrames(_ folder: String) throws -> [Pixmap] {
        try CLIHarness.files(in: folder).filter { $0.hasSuffix(".png") }.map { try PNGCodec.read(path: folder + "/" + $0) }
    }

    /// Sums of absolute and squared differences of the colour channels (tests run unoptimized: one pass over raw bytes).
    private static func differences(_ a: Pixmap, _ b: Pixmap) -> (absolute: Int, squared: Int, samples: Int) {
        precondition(a.width == b.width && a.height == b.height)
        var absolute = 0, squared = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                var i = 0
                while i < p.count {
                    if i & 3 != 3 { let d = Int(p[i]) - Int(q[i]); absolute += abs(d); squared += d * d }
                    i += 1
                }
            }
        }
        return (absolute, squared, a.width * a.height * 3)
    }

    /// Mean absolute difference of the colour channels, 0...255.
    static func meanDifference(_ a: Pixmap, _ b: Pixmap) -> Double {
        let d = differences(a, b)
        return Double(d.absolute) / Double(d.samples)
    }

    /// Peak signal-to-noise ratio of the colour channels, dB.
    static func psnr(_ a: Pixmap, _ b: Pixmap) -> Double {
        let d = differences(a, b)
        let mse = Double(d.squared) / Double(d.samples)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
