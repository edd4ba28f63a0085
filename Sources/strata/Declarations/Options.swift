import StrataCompiler
import StrataEncode
import StrataModel
import StrataPreview

/// Every option of the command line, each declared once. A command lists the
/// options it takes (`Commands`); the parser, `--help`, the man page and the
/// shell completions are all made from these declarations.
enum Options {
    // MARK: every command

    /// Options every command takes, after its own.
    static let everyCommand: [any AnyOption] = [color, help]

    static let help = Flag("--help", short: "h", help: "show this help")
    static let color = Option<ColorChoice>.choice(
        "--color", placeholder: "WHEN",
        help: "colour diagnostics: auto (on a terminal, unless NO_COLOR is set), always or never", default: .auto)

    // MARK: diagnostics (every command that reads scenes; --format names output formats: check's, a chunk's)

    static let diagnosticFormat = Option<DiagnosticFormat>.choice(
        "--diagnostics", placeholder: "FORMAT",
        help: "diagnostics on stderr: text (with the source line), or json (one object per line)", default: .text)

    // MARK: scene and size (render, check, inspect, validate)

    static let set = Option<ParamOverride>(
        "--set", placeholder: "NAME=VALUE", help: "override a param of the scene", repeatable: true,
        expected: "name=value", parse: ParamOverride.init)
    static let size = Option<Size>(
        "--size", placeholder: "WxH",
        help: "canvas size in points (the root resizes; autoresizing and constraints lay the layers out again)",
        expected: "a size like 1080x1920", parse: CommandLineValue.size)
    static let variant = Option<String>(
        "--variant", placeholder: "NAME", help: "a size from canvas.variants, laid out the same way")
    static let fps = Option<FrameRate>(
        "--fps", placeholder: "N", help: "frames per second, kept exact: 30, 29.97 (= 30000/1001) or 24000/1001",
        expected: "a frame rate like 30, 29.97 or 24000/1001", parse: { FrameRate(parsing: $0) })
    static let scale = Option<Double>(
        "--scale", placeholder: "N", help: "pixels per point", expected: "a number", parse: { Double($0) })

    // MARK: rendering (render, check)

    static let jobs = Option.integer(
        "--jobs", short: "j", in: RenderCommand.jobRange, expected: "a render thread count",
        help: "render threads", default: "the number of cores")
    static let strict = Flag(
        "--strict", help: "warnings are errors: a scene with any warning (an unused param, a missing font or glyph...) exits 2 before any output")
    static let quiet = Flag("--quiet", short: "q", help: "no progress on stderr (whatever --progress says), no summary line")
    static let progress = Option<ProgressStyle>.choice(
        "--progress", placeholder: "STYLE",
        help: "progress on stderr: auto (a bar on a terminal, else none), bar (redrawn in place), plain (a line every \(Int(ProgressStyle.plainInterval)) s, for logs) or none",
        default: .auto)

    // MARK: render

    static let output = Option<String>(
        "--output", short: "o", placeholder: "OUT", completion: .files(extensions: []),
        help: "a video (\(VideoContainer.allCases.map(\.displayName).joined(separator: " "))), a folder ending in '/' (PNG sequence), a .png still, - (raw video on stdout), or /dev/null to render and discard")
    static let time = Option<Double>(
        "--time", placeholder: "T", help: "a time: 1.5s, 500ms or bare seconds",
        expected: "a time from 0 to \(Int(Limits.maxDuration))s like 1.5s",
        parse: { CommandLineValue.time($0).flatMap { $0 >= 0 ? $0 : nil } })
    static let frames = Option<ClosedRange<Int>>(
        "--frames", placeholder: "A-B", help: "frames A to B (inclusive), or one frame A",
        expected: "frames like 0-119 (at most \(Limits.maxFrames))", parse: CommandLineValue.frames)
    static let allVariants = Flag(
        "--all-variants", help: "one output per canvas variant: -o DIR/ writes DIR/<scene>-<variant>.mp4 (.png stills with --time)")
    static let codec = Option<VideoCodec>.choice(
        "--codec", placeholder: "NAME", help: "another codec of the output's format: .mp4 h264, hevc, av1; .mov prores-4444, prores-hq, prores, prores-lt, prores-proxy, h264, hevc; .webm vp9, av1")
    static let crf = Option<Double>(
        "--crf", placeholder: "N",
        help: "quality, lower is better; range (default) by codec: " + VideoCodec.allCases.compactMap { codec in
            codec.spec.crf.map { "\(codec.rawValue) \($0.range.text) (\($0.default.formatted))" }
        }.joined(separator: ", "),
        expected: "a CRF, a number of 0 or more (its range depends on the codec)",
        parse: { Double($0).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } })
    static let preset = Option<String>.choice(
        "--preset", placeholder: "NAME", VideoOptions.presets,
        help: "speed, fastest first (x264 and x265 presets; SVT-AV1 and libvpx get the speed of the same rank)",
        default: VideoOptions().preset, parse: { VideoOptions.presets.contains($0) ? $0 : nil })
    static let threads = Option.integer(
        "--threads", in: VideoOptions.threadRange, expected: "an encoder thread count",
        help: "encoder threads; explicit, never auto", default: String(VideoOptions().threads))
    static let loop = Option.integer(
        "--loop", in: VideoOptions.loopRange, expected: "a play count (0 plays forever)",
        help: "GIF, APNG and WebP: how many times the animation plays; 0 forever", default: String(VideoOptions().loop))
    static let keyint = Option.integer(
        "--keyint", in: VideoOptions.keyframeIntervalRange, expected: "a number of frames",
        help: "H.264, HEVC, AV1, VP9: at most N frames from one key frame (seek point) to the next",
        default: "the encoder's (x264 250)")
    static let gifPalette = Option<GIFPalette>.choice(
        "--gif-palette", placeholder: "MODE", help: "GIF: one palette for the whole video, or one per frame",
        default: VideoOptions().gifPalette)
    static let gifDither = Option<GIFDither>.choice(
        "--gif-dither", placeholder: "NAME", help: "GIF dithering: error diffusion, Floyd-Steinberg, ordered 8x8, or none",
        default: VideoOptions().gifDither)

    static let memoryLimit = Option<Int>(
        "--memory-limit", placeholder: "SIZE",
        help: "bytes the frames being drawn may hold together, like 8G or 512M (K, M, G, T: powers of 1024)",
        default: CompiledScene.bytes(Double(Limits.frameMemory)),
        expected: "a size like 8G or 512M from \(CompiledScene.bytes(Double(Limits.frameMemoryRange.lowerBound))) "
            + "to \(CompiledScene.bytes(Double(Limits.frameMemoryRange.upperBound)))",
        parse: { CommandLineValue.bytes($0).flatMap { Limits.frameMemoryRange.contains($0) ? $0 : nil } })
    static let overwrite = Flag("--overwrite", short: "y", help: "replace an existing output (the default, as ffmpeg's -y)")
    static let noOverwrite = Flag(
        "--no-overwrite", short: "n", help: "never replace an existing output: exit 1 before rendering (as ffmpeg's -n)")
    static let json = Flag(
        "--json", help: "say what was written as one JSON object on stdout (on stderr with -o -), terminal or not")
    static let streamFormat = Option<StreamFormat>.choice(
        "--stream-format", placeholder: "FORMAT",
        help: "with -o -: y4m (4:2:0, BT.709 limited range) or nut (raw RGBA with alpha)", default: .y4m)

    static let contactSheet = Option<(columns: Int, rows: Int?)>(
        "--contact-sheet", placeholder: "COLSxROWS",
        help: "-o sheet.png tiles COLS x ROWS frames spread over the timeline (or --frames A-B), each with its frame and time; COLS alone with --every",
        expected: "COLSxROWS like 4x3 (or COLS with --every), at most \(ContactSheet.maxTiles) tiles",
        parse: CommandLineValue.grid)
    static let every = Option<Double>(
        "--every", placeholder: "T", help: "a contact sheet of one frame every T (0.5s); with --contact-sheet COLS, in COLS columns",
        expected: "a time > 0 and at most \(Int(Limits.maxDuration))s like 0.5s",
        parse: { CommandLineValue.time($0).flatMap { $0 > 0 ? $0 : nil } })

    // MARK: render farms (plan, render --chunk, concat)

    static let chunk = Option<ChunkSelector>(
        "--chunk", placeholder: "I/N",
        help: "render chunk I (from 0) of N into -o DIR/ as a segment; env/N takes I from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX",
        expected: "a chunk like 3/8, env/8, or 3 (or env) with --chunk-frames", parse: ChunkSelector.init(parsing:))
    static let chunks = Option.integer(
        "--chunks", in: 1...ChunkSplit.maxChunks, expected: "a chunk count",
        help: "cut the render into N chunks of (nearly) equal length")
    static let chunkFrames = Option.integer(
        "--chunk-frames", placeholder: "K", in: 1...Int(Int32.max), expected: "a frame count",
        help: "cut the render into chunks of K frames (the last may be shorter)")
    static let chunkFormat = Option<ChunkFormat>.choice(
        "--format", placeholder: "FORMAT", help: "what each chunk writes: a segment of that container (in the codec of --codec) or a folder of PNGs",
        default: .mp4)
    static let manifestOutput = Option<String>(
        "--output", short: "o", placeholder: "FILE", completion: .files(extensions: ["json"]),
        help: "write the manifest to FILE (under a temporary name, renamed when complete) instead of printing it")
    static let joinedOutput = Option<String>(
        "--output", short: "o", placeholder: "OUT", completion: .files(extensions: ["mp4", "m4v", "mov", "webm"]),
        help: "the joined video (out.mp4, .mov or .webm, as the chunks), or a folder ending in '/' for PNG chunks")
    static let segments = Option<String>(
        "--segments", placeholder: "DIR", completion: .directories, help: "the folder the chunks were rendered into",
        default: "the manifest's folder")

    // MARK: preview

    static let port = Option<UInt16>(
        "--port", placeholder: "N", help: "port to listen on; 0 picks any free port, which the printed address names",
        default: String(PreviewCommand.defaultPort), expected: "a port number 0...65535 (0: any free port)",
        parse: { UInt16($0) })
    static let host = Option<String>(
        "--host", placeholder: "ADDRESS",
        help: "address to listen on; any but loopback lets other machines read the scene, and a warning says so",
        default: PreviewCommand.defaultHost)

    // MARK: inspect

    static let frame = Option<Int>(
        "--frame", placeholder: "N", help: "the time of frame N",
        expected: "a frame number from 0 to \(Limits.maxFrames)", parse: CommandLineValue.frame)
    static let compact = Flag("--compact", help: "one line of JSON")

    // MARK: check

    static let golden = Option<String>(
        "--golden", placeholder: "DIR", completion: .directories, help: "golden folder for a single scene",
        default: "golden/<scene path>")
    static let update = Option<CheckCommand.UpdateMode>.optionalChoice(
        "--update", placeholder: "MODE", implied: .all,
        help: "write the goldens of changed frames (all), of failing ones (failed) or missing ones (missing); refused when CI=true")
    static let artifacts = Option<String>(
        "--artifacts", placeholder: "DIR", completion: .directories,
        help: "where failures, diffs and report.html go", default: CheckCommand.defaultArtifacts)
    static let junit = Option<String>(
        "--junit", placeholder: "FILE", completion: .files(extensions: ["xml"]), help: "also write JUnit XML")
    static let format = Option<CheckCommand.Format>.choice(
        "--format", placeholder: "FORMAT",
        help: "github also prints ::error annotations (failing frames, scenes that fail to load)",
        default: .text)
    static let channel = Option.integer(
        "--channel", in: Tolerance.channelRange, expected: "a channel difference",
        help: "tolerance: largest per-channel difference that counts as equal, for every frame")
    static let pixels = Option<Double>(
        "--pixels", placeholder: "F", help: "tolerance: fraction of pixels that may differ, for every frame",
        expected: "a fraction 0...1", parse: { Double($0).flatMap { (0...1).contains($0) ? $0 : nil } })
    static let pixelCount = Option<Int>(
        "--pixel-count", placeholder: "N", help: "tolerance: count of pixels that may differ, for every frame",
        expected: "a pixel count", parse: { Int($0).flatMap { $0 >= 0 ? $0 : nil } })
    static let psnr = Option<Double>(
        "--psnr", placeholder: "DB", help: "tolerance: least PSNR in dB, for every frame",
        expected: "a PSNR in dB", parse: { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } })
    static let antialiasing = Flag(
        "--antialiasing", help: "tolerance: ignore differing pixels on anti-aliased edges, for every frame")
    static let video = Option<String>(
        "--video", placeholder: "FILE.mp4", completion: .files(extensions: ["mp4", "m4v"]),
        help: "compare the golden frames of a rendered video instead of rendering")

    // MARK: help

    static let man = Flag("--man", help: "print the manual page (roff) instead: strata help --man | man -l -")
}

extension Double {
    /// `20`, `0.5`: no trailing `.0` for whole numbers.
    var formatted: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

extension ClosedRange where Bound == Double {
    /// `0...51`.
    var text: String { "\(lowerBound.formatted)...\(upperBound.formatted)" }
}
