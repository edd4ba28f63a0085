import Foundation
import StrataModel
import StrataParse

/// The `strata` command line: parses arguments, runs a command, prints
/// messages, returns the exit status (0 ok, 1 mismatch or failure, 2 bad input).
public enum CLI {
    public static let version = "0.1.0"

    public static func run(_ arguments: [String], authoring: AuthoringCommands = .unavailable) -> Int32 {
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
            case "render":
                guard let command = try parseRender(args, name: "render") else { return 0 }
                try command.run(warn: { printDiagnostics([$0]) })
                return 0
            case "watch":
                guard let command = try parseRender(args, name: "watch") else { return 0 }
                return try authoring.watch(command)
            case "preview":
                guard let options = try parsePreview(args) else { return 0 }
                return try authoring.preview(options)
            case "plan":
                guard let command = try parsePlan(args) else { return 0 }
                try command.run(warn: { printDiagnostics([$0]) })
                return 0
            case "concat":
                guard let command = try parseConcat(args) else { return 0 }
                try command.run(warn: { printDiagnostics([$0]) })
                return 0
            case "check": return try CheckCommand.parse(args).run()
            case "inspect": return try runInspect(args)
            case "validate": return try runValidate(args)
            case "schema":
                if wantsHelp(args) { print(Help.command["schema"]!); return 0 }
                print(sceneJSONSchema())
                return 0
            default:
                let known = ["render", "watch", "preview", "plan", "concat", "check", "inspect", "validate", "schema", "help"]
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

    /// The options of `render` (and of `watch`, which takes the same); nil after `--help`.
    /// `extra` takes the options of another command that renders (`plan`): true when it took one.
    static func parseRender(_ args: ArraySlice<String>, name: String, extra: ExtraOptions? = nil) throws -> RenderCommand? {
        if wantsHelp(args) { print(Help.command[name]!); return nil }
        var chunk: (selector: ChunkSelector?, frames: Int?, format: ChunkFormat?) = (nil, nil, nil)
        var p = ArgumentParser(args, command: name)
        var output: String?
        var command = RenderCommand(scenePath: "", output: "")
        var loadOverrides: [(name: String, value: String)] = []
        var sheet = ContactSheetOptions()
        while let arg = try p.next() {
            switch arg {
            case .option("-o"), .option("--output"): output = try p.value()
            case .option("--time"): command.time = try p.parsed(CommandLineValue.time, "a time like 1.5s")
            case .option("--frames"): command.frames = try p.parsed(CommandLineValue.frames, "frames like 0-119")
            case .option("--size"): command.overrides.size = try p.parsed(CommandLineValue.size, "a size like 1080x1920")
            case .option("--variant"): command.overrides.variant = try p.value()
            case .option("--all-variants"): command.allVariants = true
            case .option("--fps"): command.overrides.fps = try p.parsed({ Double($0) }, "a number")
            case .option("--scale"): command.overrides.scale = try p.parsed({ Double($0) }, "a number")
            case .option("--set"): loadOverrides.append(try p.assignment())
            case .option("--crf"): command.video.crf = try p.parsed({ Double($0).flatMap { (0...51).contains($0) ? $0 : nil } }, "a CRF in 0...51")
            case .option("--preset"): command.video.preset = try p.value()
            case .option("--threads"): command.video.threads = try p.parsed({ Int($0).flatMap { $0 >= 1 && $0 <= 64 ? $0 : nil } }, "an encoder thread count 1...64")
            case .option("--jobs"), .option("-j"): command.jobs = try p.parsed({ Int($0).flatMap { $0 >= 1 && $0 <= 256 ? $0 : nil } }, "a render thread count 1...256")
            case .option("--quiet"), .option("-q"): command.quiet = true
            case .option("--contact-sheet"): sheet.grid = try p.parsed(CommandLineValue.grid, "COLSxROWS like 4x3 (or COLS with --every), at most \(ContactSheet.maxTiles) tiles")
            case .option("--every"): sheet.every = try p.parsed({ CommandLineValue.time($0).flatMap { $0 > 0 ? $0 : nil } }, "a time > 0 like 0.5s")
            case .option("--chunk") where extra == nil: chunk.selector = try p.parsed(ChunkSelector.init(parsing:), "a chunk like 3/8, env/8, or 3 (or env) with --chunk-frames")
            case .option("--chunk-frames"): chunk.frames = try p.parsed({ Int($0).flatMap { $0 >= 1 ? $0 : nil } }, "a frame count >= 1")
            case .option("--format"): chunk.format = try p.parsed({ ChunkFormat(rawValue: $0) }, "a chunk format: " + ChunkFormat.names.joined(separator: ", "))
            case .positional(let path): try p.setScene(path)
            case .option(let o):
                if let extra, try extra.take(o, &p) { continue }
                throw p.unknown(o, known: ["-o", "--time", "--frames", "--size", "--variant", "--all-variants", "--fps", "--scale", "--set", "--crf", "--preset", "--threads", "--jobs", "--quiet", "--contact-sheet", "--every", "--chunk", "--chunk-frames", "--format"] + (extra?.names ?? []))
            }
        }
        command.scenePath = try p.scene()
        command.load = SceneLoadOptions(paramOverrides: loadOverrides)
        if let extra {
            guard chunk.frames == nil || extra.split == nil else { throw CompileError("give --chunks N or --chunk-frames K, not both") }
            extra.split = extra.split ?? chunk.frames.map(ChunkSplit.framesPerChunk)
            extra.format = chunk.format ?? .mp4
            command.output = output ?? ""
            return command
        }
        if let selector = chunk.selector {
            command.chunk = ChunkRequest(selector: selector, chunkFrames: chunk.frames, format: chunk.format ?? .mp4)
        } else if chunk.frames != nil || chunk.format != nil {
            throw CompileError("--chunk-frames and --format belong to a chunk render: add --chunk I/N (see 'strata plan --help')")
        }
        guard let output else { throw CompileError("\(name) needs an output: -o out.mp4, -o frames/, -o still.png, -o sheet.png with --contact-sheet, or -o out/ with --all-variants") }
        command.output = output
        command.contactSheet = try sheet.contactSheet()
        return command
    }

    /// Options `plan` takes besides the render settings it shares with `render`.
    final class ExtraOptions {
        let names: [String]
        let take: (String, inout ArgumentParser) throws -> Bool
        var split: ChunkSplit?
        var format: ChunkFormat = .mp4
        init(names: [String], take: @escaping (String, inout ArgumentParser) throws -> Bool) { self.names = names; self.take = take }
    }

    /// `strata plan SCENE --chunks N | --chunk-frames K [-o MANIFEST] [render options]`; nil after `--help`.
    static func parsePlan(_ args: ArraySlice<String>) throws -> PlanCommand? {
        var chunks: Int?
        let extra = ExtraOptions(names: ["--chunks"]) { option, p in
            guard option == "--chunks" else { return false }
            chunks = try p.parsed({ Int($0).flatMap { $0 >= 1 && $0 <= ChunkSplit.maxChunks ? $0 : nil } }, "a chunk count 1...\(ChunkSplit.maxChunks)")
            return true
        }
        guard var render = try parseRender(args, name: "plan", extra: extra) else { return nil }
        if let chunks {
            guard extra.split == nil else { throw CompileError("give --chunks N or --chunk-frames K, not both") }
            extra.split = .count(chunks)
        }
        guard let split = extra.split else { throw CompileError("plan needs --chunks N or --chunk-frames K") }
        let output = render.output.isEmpty ? nil : render.output
        render.output = ""
        return PlanCommand(render: render, split: split, format: extra.format, output: output)
    }

    /// `strata concat MANIFEST -o OUT [--segments DIR] [--quiet]`; nil after `--help`.
    static func parseConcat(_ args: ArraySlice<String>) throws -> ConcatCommand? {
        if wantsHelp(args) { print(Help.command["concat"]!); return nil }
        var p = ArgumentParser(args, command: "concat")
        var manifest: String?, output: String?, segments: String?, quiet = false
        while let arg = try p.next() {
            switch arg {
            case .option("-o"), .option("--output"): output = try p.value()
            case .option("--segments"): segments = try p.value()
            case .option("--quiet"), .option("-q"): quiet = true
            case .positional(let path):
                guard manifest == nil else { throw CompileError("concat takes one manifest; unexpected '\(path)'") }
                manifest = path
            case .option(let o): throw p.unknown(o, known: ["-o", "--segments", "--quiet"])
            }
        }
        guard let manifest else { throw CompileError("concat needs a manifest (made by 'strata plan'); see 'strata concat --help'") }
        guard let output else { throw CompileError("concat needs an output: -o out.mp4 (or -o frames/ for PNG chunks)") }
        var command = ConcatCommand(manifestPath: manifest, output: output)
        command.segmentsFolder = segments
        command.quiet = quiet
        return command
    }

    /// `strata preview SCENE [--port N] [--host H] [--set NAME=VALUE] [-j N]`; nil after `--help`.
    static func parsePreview(_ args: ArraySlice<String>) throws -> PreviewOptions? {
        if wantsHelp(args) { print(Help.command["preview"]!); return nil }
        var p = ArgumentParser(args, command: "preview")
        var options = PreviewOptions(scenePath: "")
        var sets: [(name: String, value: String)] = []
        while let arg = try p.next() {
            switch arg {
            case .option("--port"): options.port = try p.parsed({ UInt16($0) }, "a port number 0...65535 (0: any free port)")
            case .option("--host"): options.host = try p.value()
            case .option("--set"): sets.append(try p.assignment())
            case .option("--jobs"), .option("-j"): options.jobs = try p.parsed({ Int($0).flatMap { $0 >= 1 && $0 <= 256 ? $0 : nil } }, "a render thread count 1...256")
            case .positional(let path): try p.setScene(path)
            case .option(let o): throw p.unknown(o, known: ["--port", "--host", "--set", "--jobs"])
            }
        }
        options.scenePath = try p.scene()
        options.load = SceneLoadOptions(paramOverrides: sets)
        return options
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

/// `--contact-sheet` and `--every` as given, combined into one `ContactSheet`.
struct ContactSheetOptions {
    var grid: (columns: Int, rows: Int?)?
    var every: Double?

    func contactSheet() throws(CompileError) -> ContactSheet? {
        switch (grid, every) {
        case (nil, nil): return nil
        case (let g?, nil):
            guard let rows = g.rows else {
                throw CompileError("--contact-sheet \(g.columns) gives only the columns: add --every T, or give COLSxROWS like 4x3")
            }
            return ContactSheet(.grid(columns: g.columns, rows: rows))
        case (nil, let seconds?): return ContactSheet(.every(seconds: seconds, columns: nil))
        case (let g?, let seconds?):
            guard g.rows == nil else {
                throw CompileError("--contact-sheet COLSxROWS already sets the frames; with --every give only the columns, e.g. --contact-sheet \(g.columns) --every \(seconds)s")
            }
            return ContactSheet(.every(seconds: seconds, columns: g.columns))
        }
    }
}
