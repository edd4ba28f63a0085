import Foundation
import StrataEncode
import StrataModel
import StrataParse

/// The `strata` command line: parses arguments, runs a command, prints
/// messages, returns the exit status (0 ok, 1 mismatch or failure, 2 bad input).
public enum CLI {
    public static let version = "0.1.0"

    public static func run(_ arguments: [String]) -> Int32 {
        var args = ArraySlice(arguments)
        guard let command = args.popFirst() else {
            print(Help.main)
            return 2
        }
        do {
            switch command {
            case "-h", "--help", "help":
                if let topic = args.first, let text = Help.command[topic] { print(text) } else { print(Help.main) }
                return 0
            case "--version", "version":
                print("strata \(version)")
                return 0
            case "render": return try runRender(args)
            case "check": return try CheckCommand.parse(args).run()
            case "inspect": return try runInspect(args)
            case "validate": return try runValidate(args)
            case "schema":
                if wantsHelp(args) { print(Help.command["schema"]!); return 0 }
                print(sceneJSONSchema())
                return 0
            default:
                let known = ["render", "check", "inspect", "validate", "schema", "help"]
                throw CompileError("unknown command '\(command)'" + Suggest.didYouMean(command, in: known)
                                   + "; see 'strata --help'")
            }
        } catch let list as DiagnosticList {
            printDiagnostics(list.items)
            return 2
        } catch let error as CompileError {
            printError(error.message)
            return error.exitCode
        } catch let d as Diagnostic {
            printDiagnostics([d])
            return 2
        } catch {
            printError("\(error)")
            return 1
        }
    }

    static func wantsHelp(_ args: ArraySlice<String>) -> Bool {
        args.contains("--help") || args.contains("-h")
    }

    static func runRender(_ args: ArraySlice<String>) throws -> Int32 {
        if wantsHelp(args) { print(Help.command["render"]!); return 0 }
        var p = ArgumentParser(args, command: "render")
        var output: String?
        var command = RenderCommand(scenePath: "", output: "")
        var loadOverrides: [(name: String, value: String)] = []
        while let arg = try p.next() {
            switch arg {
            case .option("-o"), .option("--output"): output = try p.value()
            case .option("--time"): command.time = try p.parsed(CommandLineValue.time, "a time like 1.5s")
            case .option("--frames"): command.frames = try p.parsed(CommandLineValue.frames, "frames like 0-119")
            case .option("--size"): command.overrides.size = try p.parsed(CommandLineValue.size, "a size like 1080x1920")
            case .option("--variant"): command.overrides.variant = try p.value()
            case .option("--all-variants"): command.allVariants = true
            case .option("--fps"): command.overrides.frameRate = try p.parsed({ FrameRate(parsing: $0) }, "a frame rate like 30, 29.97 or 24000/1001")
            case .option("--scale"): command.overrides.scale = try p.parsed({ Double($0) }, "a number")
            case .option("--set"): loadOverrides.append(try p.assignment())
            case .option("--crf"): command.video.crf = try p.parsed({ Double($0).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }, "a CRF, a number of 0 or more (its range depends on the codec)")
            case .option("--codec"): command.codec = try p.parsed({ VideoCodec(rawValue: $0) }, "a codec: " + VideoCodec.names.joined(separator: ", "))
            case .option("--loop"): command.video.loop = try p.parsed({ Int($0).flatMap { (0...VideoOptions.maxLoop).contains($0) ? $0 : nil } }, "a play count 0...\(VideoOptions.maxLoop) (0 plays forever)")
            case .option("--gif-palette"): command.video.gifPalette = try p.parsed({ GIFPalette(rawValue: $0) }, "video or frame")
            case .option("--gif-dither"): command.video.gifDither = try p.parsed({ GIFDither(rawValue: $0) }, GIFDither.allCases.map(\.rawValue).joined(separator: ", "))
            case .option("--preset"): command.video.preset = try p.value()
            case .option("--threads"): command.video.threads = try p.parsed({ Int($0).flatMap { $0 >= 1 && $0 <= 64 ? $0 : nil } }, "an encoder thread count 1...64")
            case .option("--jobs"), .option("-j"): command.jobs = try p.parsed({ Int($0).flatMap { $0 >= 1 && $0 <= 256 ? $0 : nil } }, "a render thread count 1...256")
            case .option("--quiet"), .option("-q"): command.quiet = true
            case .positional(let path): try p.setScene(path)
            case .option(let o): throw p.unknown(o, known: ["-o", "--time", "--frames", "--size", "--variant", "--all-variants", "--fps", "--scale", "--set", "--crf", "--codec", "--loop", "--gif-palette", "--gif-dither", "--preset", "--threads", "--jobs", "--quiet"])
            }
        }
        command.scenePath = try p.scene()
        guard let output else { throw CompileError("render needs an output: -o out.mp4, -o frames/, -o still.png, or -o out/ with --all-variants") }
        command.output = output
        command.load = SceneLoadOptions(paramOverrides: loadOverrides)
        try command.run(warn: { printDiagnostics([$0]) })
        return 0
    }

    static func runInspect(_ args: ArraySlice<String>) throws -> Int32 {
        if wantsHelp(args) { print(Help.command["inspect"]!); return 0 }
        var p = ArgumentParser(args, command: "inspect")
        var time = 0.0
        var overrides = SceneOverrides()
        var sets: [(name: String, value: String)] = []
        var compact = false
        while let arg = try p.next() {
            switch arg {
            case .option("--time"): time = try p.parsed({ CommandLineValue.time($0).flatMap { $0 >= 0 ? $0 : nil } }, "a time like 1.5s")
            case .option("--frame"):
                let frame = try p.parsed({ Int($0).flatMap { $0 >= 0 ? $0 : nil } }, "a frame number")
                time = -1 - Double(frame)  // resolved once the fps is known
            case .option("--size"): overrides.size = try p.parsed(CommandLineValue.size, "a size like 1080x1920")
            case .option("--variant"): overrides.variant = try p.value()
            case .option("--set"): sets.append(try p.assignment())
            case .option("--compact"): compact = true
            case .positional(let path): try p.setScene(path)
            case .option(let o): throw p.unknown(o, known: ["--time", "--frame", "--size", "--variant", "--set", "--compact"])
            }
        }
        var (scene, warnings) = try SceneLoader.load(file: try p.scene(), options: SceneLoadOptions(paramOverrides: sets))
        printDiagnostics(warnings)
        printDiagnostics(try overrides.apply(to: &scene))
        if time < 0 { time = scene.time(ofFrame: Int(-1 - time)) }
        print(Inspector.inspect(scene, at: time).serialized(indent: compact ? nil : 2))
        return 0
    }

    static func runValidate(_ args: ArraySlice<String>) throws -> Int32 {
        if wantsHelp(args) { print(Help.command["validate"]!); return 0 }
        var p = ArgumentParser(args, command: "validate")
        var sets: [(name: String, value: String)] = []
        var paths: [String] = []
        while let arg = try p.next() {
            switch arg {
            case .option("--set"): sets.append(try p.assignment())
            case .positional(let path): paths.append(path)
            case .option(let o): throw p.unknown(o, known: ["--set"])
            }
        }
        guard !paths.isEmpty else { throw CompileError("validate needs a scene file") }
        var status: Int32 = 0
        for path in paths {
            do {
                let (_, warnings) = try SceneLoader.load(file: path, options: SceneLoadOptions(paramOverrides: sets))
                printDiagnostics(warnings)
            } catch {
                printDiagnostics(error.items)
                status = 2
            }
        }
        return status
    }

    static func printDiagnostics(_ items: [Diagnostic]) {
        guard !items.isEmpty else { return }
        FileHandle.standardError.write(Data((items.map(\.description).joined(separator: "\n") + "\n").utf8))
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("strata: error: \(message)\n".utf8))
    }
}
