import StrataCompiler
import StrataParse

/// Every command of the command line, each declared once with the options it
/// takes and how its parsed arguments become a command of the compiler.
enum Commands {
    /// In the order `strata --help`, the man page and the completions list them.
    static let all: [CommandSpec] = [render, preview, watch, plan, concat, check, inspect, validate, schema, completion, help, version]

    static let sceneFile = Positional(placeholder: "SCENE.yaml", noun: "a scene file", count: .one,
                                      completion: .files(extensions: ["yaml", "yml"]))

    /// The options of `render`, which `watch` takes too.
    static let renderOptions: [any AnyOption] = [
        Options.output, Options.time, Options.frames, Options.size, Options.variant, Options.allVariants,
        Options.fps, Options.scale, Options.set, Options.codec, Options.crf, Options.preset, Options.threads,
        Options.keyint, Options.loop, Options.gifPalette, Options.gifDither, Options.jobs, Options.memoryLimit,
        Options.quiet, Options.progress, Options.contactSheet, Options.every, Options.strict, Options.diagnosticFormat,
    ]

    static let render = CommandSpec(
        name: "render",
        summary: "render to a video (.mp4 .mov .webm .gif .apng .webp), frames/ (PNG sequence), still.png or a contact sheet",
        discussion: """
        OUT is a video file, a folder ending in '/' (PNG sequence 00000.png ...) or a \
        .png file (one still with --time or --frames N, or a contact sheet with \
        --contact-sheet or --every); numbered frames of an earlier render in the \
        folder are replaced, never mixed. Videos: .mp4 H.264 (default), HEVC or AV1; .mov \
        ProRes 4444 with alpha (default), ProRes 422 HQ/standard/LT/Proxy, H.264 or \
        HEVC; .webm VP9 with alpha (default) or AV1; .gif (palette from the whole \
        video or per frame, 1-bit transparency); .apng (lossless, alpha); .webp \
        (animated, alpha). A transparent canvas keeps its alpha where the format has \
        it and is a warning where not (composited over black). The scene's audio: \
        tracks become AAC in .mp4/.mov and Opus in .webm. OUT - writes raw video \
        (Y4M, or NUT with --stream-format nut) to standard output for another \
        program: strata render SCENE.yaml -o - | ffmpeg -i - out.mkv. OUT /dev/null \
        renders every requested frame and discards it (times rendering alone; \
        nothing is written). Output is written under a temporary name and renamed \
        when complete: nothing is left on failure or interrupt. SCENE.yaml - reads \
        the scene from standard input.
        """,
        positional: sceneFile,
        options: renderOptions + [Options.chunk, Options.chunkFrames, Options.chunkFormat, Options.streamFormat, Options.overwrite, Options.noOverwrite, Options.json],
        required: [(Options.output, outputMissing("render"))]
    ) { args throws(UsageError) in
        var command = try renderCommand(args)
        command.chunk = try chunkRequest(args)
        if let format = args[Options.streamFormat] {
            guard command.output == RenderCommand.standardOutput else {
                throw UsageError("--stream-format is the format of -o - (raw video on standard output); '\(command.output)' is a file")
            }
            command.streamFormat = format
        }
        switch (args[Options.overwrite], args[Options.noOverwrite]) {
        case (true, true): throw UsageError("give -y (replace an existing output) or -n (never replace it), not both")
        case (_, true): command.overwrite = .refuse
        default: command.overwrite = .replace
        }
        if args[Options.json] { command.summary = .json }
        return .run(command)
    }

    /// What `render` and `watch` say when `-o` is missing.
    static func outputMissing(_ command: String) -> String {
        "\(command) needs an output: -o out.mp4, -o frames/, -o still.png, -o sheet.png with --contact-sheet, or -o out/ with --all-variants"
    }

    /// The `RenderCommand` that `render` runs once and `watch` again on every change.
    static func renderCommand(_ args: ParsedArguments) throws(UsageError) -> RenderCommand {
        var command = RenderCommand(scenePath: args.positional, output: args[Options.output]!)
        readRenderSettings(args, into: &command)
        command.time = args[Options.time]
        command.allVariants = args[Options.allVariants]
        if let loop = args[Options.loop] { command.video.loop = loop }
        if let palette = args[Options.gifPalette] { command.video.gifPalette = palette }
        if let dither = args[Options.gifDither] { command.video.gifDither = dither }
        if let jobs = args[Options.jobs] { command.jobs = jobs }
        if let limit = args[Options.memoryLimit] { command.memoryLimit = limit }
        command.quiet = args[Options.quiet]
        if let style = args[Options.progress] { command.progressStyle = style }
        command.contactSheet = try contactSheet(args)
        return command
    }

    /// The options that decide what a render's frames and bytes are (what
    /// `plan` takes too): scene params, size, frame rate, frames, encoder.
    static let renderSettings: [any AnyOption] = [
        Options.frames, Options.size, Options.variant, Options.fps, Options.scale, Options.set, Options.strict,
        Options.codec, Options.crf, Options.preset, Options.threads, Options.keyint,
    ]

    static func readRenderSettings(_ args: ParsedArguments, into command: inout RenderCommand) {
        command.load = load(args)
        command.overrides = overrides(args)
        command.overrides.frameRate = args[Options.fps]
        command.overrides.scale = args[Options.scale]
        command.frames = args[Options.frames]
        command.codec = args[Options.codec]
        if let crf = args[Options.crf] { command.video.crf = crf }
        if let preset = args[Options.preset] { command.video.preset = preset }
        if let threads = args[Options.threads] { command.video.threads = threads }
        if let interval = args[Options.keyint] { command.video.keyframeInterval = interval }
    }

    /// `--contact-sheet` and `--every` together name one sheet.
    static func contactSheet(_ args: ParsedArguments) throws(UsageError) -> ContactSheet? {
        switch (args[Options.contactSheet], args[Options.every]) {
        case (nil, nil): return nil
        case (let grid?, nil):
            guard let rows = grid.rows else {
                throw UsageError("--contact-sheet \(grid.columns) gives only the columns: add --every T, or give COLSxROWS like 4x3")
            }
            return ContactSheet(.grid(columns: grid.columns, rows: rows))
        case (nil, let seconds?): return ContactSheet(.every(seconds: seconds, columns: nil))
        case (let grid?, let seconds?):
            guard grid.rows == nil else {
                throw UsageError("--contact-sheet COLSxROWS already sets the frames; with --every give only the columns, e.g. --contact-sheet \(grid.columns) --every \(seconds)s")
            }
            return ContactSheet(.every(seconds: seconds, columns: grid.columns))
        }
    }

    static let check = CommandSpec(
        name: "check",
        summary: "compare rendered frames with golden PNGs (exit 1 on mismatch)",
        discussion: """
        PATH is a scene file or a folder searched for *.yaml scenes. Renders the \
        frames listed in each scene's golden.frames and the frames that have golden \
        PNGs under golden/<scene path>/NNNNN.png, and compares them; a scene with \
        canvas.variants is also checked at each variant (golden.variants, default \
        all), laid out at that size, against golden/<scene path>@<variant>/. \
        The tolerance options apply over every frame's own tolerance.
        """,
        positional: Positional(placeholder: "PATH", noun: "scene files or folders", count: .oneOrMore,
                               completion: .files(extensions: ["yaml", "yml"])),
        options: [Options.golden, Options.update, Options.artifacts, Options.junit, Options.format, Options.channel,
                  Options.pixels, Options.pixelCount, Options.psnr, Options.antialiasing, Options.video, Options.set, Options.strict,
                  Options.jobs, Options.memoryLimit, Options.quiet, Options.progress, Options.diagnosticFormat],
        exitStatus: "0 all match, 1 a mismatch, missing golden or orphan, 2 bad input."
    ) { args throws(UsageError) in
        var command = CheckCommand(paths: args.positionals)
        command.goldenFolder = args[Options.golden]
        command.update = args[Options.update]
        if let artifacts = args[Options.artifacts] { command.artifacts = artifacts }
        command.junit = args[Options.junit]
        if let format = args[Options.format] { command.format = format }
        command.toleranceOverride.channel = args[Options.channel]
        command.toleranceOverride.pixels = args[Options.pixels]
        command.toleranceOverride.pixelCount = args[Options.pixelCount]
        command.toleranceOverride.psnr = args[Options.psnr]
        command.toleranceOverride.antialiasing = args[Options.antialiasing]
        command.video = args[Options.video]
        command.load = Commands.load(args)
        if let jobs = args[Options.jobs] { command.jobs = jobs }
        if let limit = args[Options.memoryLimit] { command.memoryLimit = limit }
        command.quiet = args[Options.quiet]
        if let style = args[Options.progress] { command.progressStyle = style }
        return .run(command)
    }

    static let inspect = CommandSpec(
        name: "inspect",
        summary: "print the presentation tree at a time as JSON",
        discussion: """
        Prints {"time": t, "layers": [...]}: every layer depth-first (root first, \
        path ""), with presentation values at time t (default 0); model values under \
        "model" and active animations under "animations" when animations apply.
        """,
        positional: sceneFile,
        options: [Options.time, Options.frame, Options.size, Options.variant, Options.set, Options.strict, Options.compact,
                  Options.diagnosticFormat]
    ) { args throws(UsageError) in
        var command = InspectCommand(scenePath: args.positional)
        command.load = Commands.load(args)
        command.overrides = Commands.overrides(args)
        command.compact = args[Options.compact]
        switch (args[Options.time], args[Options.frame]) {
        case (.some, .some): throw UsageError("give --time or --frame, not both")
        case (let time?, nil): command.instant = .seconds(time)
        case (nil, let frame?): command.instant = .frame(frame)
        case (nil, nil): break
        }
        return .run(command)
    }

    static let validate = CommandSpec(
        name: "validate",
        summary: "check scenes; errors as FILE:LINE:COLUMN: error: message",
        discussion: """
        Parses and checks scenes. Prints every problem as FILE:LINE:COLUMN: error: \
        message; exit 0 when every scene is valid, 2 otherwise. Every frame of every \
        video in contents is decoded, so damage anywhere in a clip is found (about \
        7.5 s of CPU per minute of 1080p H.264).
        """,
        positional: Positional(placeholder: "SCENE.yaml", noun: "a scene file", count: .oneOrMore,
                               completion: .files(extensions: ["yaml", "yml"])),
        options: [Options.set, Options.strict, Options.diagnosticFormat]
    ) { args throws(UsageError) in
        var command = ValidateCommand(paths: args.positionals)
        command.load = Commands.load(args)
        return .run(command)
    }

    static let schema = CommandSpec(
        name: "schema",
        summary: "print the JSON Schema of the scene format (for editors)",
        discussion: """
        Prints the JSON Schema (draft 2020-12, $id urn:strata:scene:1) of the scene format, \
        generated from the parser's own tables, for editors: save it with \
        'strata schema > strata.schema.json' and start a scene with \
        '# yaml-language-server: $schema=strata.schema.json' (a path relative to the scene).
        """,
        options: []
    ) { _ throws(UsageError) in .run(SchemaCommand()) }

    /// The parts of a scene load every command that reads scenes shares.
    static func load(_ args: ParsedArguments) -> SceneLoadOptions {
        SceneLoadOptions(paramOverrides: args.all(Options.set).map { ($0.name, $0.value) }, warningsAreErrors: args[Options.strict])
    }

    static func overrides(_ args: ParsedArguments) -> SceneOverrides {
        var overrides = SceneOverrides()
        overrides.size = args[Options.size]
        overrides.variant = args[Options.variant]
        return overrides
    }
}
