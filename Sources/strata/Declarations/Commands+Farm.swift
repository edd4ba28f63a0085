import StrataCompiler

/// Render farms: `plan` cuts a render into chunks, `render --chunk` renders
/// one on any machine, `concat` checks and joins them (docs/scale-out.md).
extension Commands {
    static let plan = CommandSpec(
        name: "plan",
        summary: "print the manifest of a render cut into chunks, for render farms",
        discussion: """
        Prints the manifest (JSON) of a render cut into chunks for separate \
        processes or machines: the render's digest (the scene file and every file it \
        reads, --set, size, frame rate, format, encoder settings, the strata build), \
        the frames, fps, size, encoder settings, and each chunk's frames and output \
        name. Render each chunk with 'strata render SCENE --chunk I/N -o DIR/' and \
        the same options (the manifest's renderArguments), then join them with \
        'strata concat MANIFEST -o OUT'.
        """,
        positional: sceneFile,
        options: [Options.chunks, Options.chunkFrames, Options.chunkFormat, Options.manifestOutput] + renderSettings
    ) { args throws(UsageError) in
        var render = RenderCommand(scenePath: args.positional, output: "")
        readRenderSettings(args, into: &render)
        let split: ChunkSplit
        switch (args[Options.chunks], args[Options.chunkFrames]) {
        case (let n?, nil): split = .count(n)
        case (nil, let k?): split = .framesPerChunk(k)
        case (.some, .some): throw UsageError("give --chunks N or --chunk-frames K, not both")
        case (nil, nil): throw UsageError("plan needs --chunks N or --chunk-frames K")
        }
        return .run(PlanCommand(render: render, split: split, format: args[Options.chunkFormat] ?? .mp4,
                                output: args[Options.manifestOutput]))
    }

    static let concat = CommandSpec(
        name: "concat",
        summary: "check the chunks of a plan and join them without encoding again",
        discussion: """
        Checks that every chunk of MANIFEST is present, complete and rendered from \
        its digest and frames (naming each chunk that is not, and what differs), \
        then joins them: video segments (.mp4, .mov, .webm) by stream copy (no \
        frame is encoded again) with continuous timestamps, and the scene's audio \
        encoded once over the whole; PNG chunks into one folder (hard links when \
        possible). Written under a temporary name and renamed when complete.
        """,
        positional: Positional(placeholder: "MANIFEST", noun: "a manifest (made by 'strata plan')", count: .one,
                               completion: .files(extensions: ["json"])),
        options: [Options.joinedOutput, Options.segments, Options.quiet, Options.progress],
        required: [(Options.joinedOutput, "concat needs an output: -o out.mp4 (or -o frames/ for PNG chunks)")],
        exitStatus: "0 joined, 1 a read or write failure, 2 a bad manifest or chunk (each named)."
    ) { args throws(UsageError) in
        var command = ConcatCommand(manifestPath: args.positional, output: args[Options.joinedOutput]!)
        command.segmentsFolder = args[Options.segments]
        command.quiet = args[Options.quiet]
        if let style = args[Options.progress] { command.progressStyle = style }
        return .run(command)
    }

    /// `--chunk`, `--chunk-frames` and `--format` of `render`: one chunk of a plan.
    static func chunkRequest(_ args: ParsedArguments) throws(UsageError) -> ChunkRequest? {
        guard let selector = args[Options.chunk] else {
            guard args[Options.chunkFrames] == nil, args[Options.chunkFormat] == nil else {
                throw UsageError("--chunk-frames and --format belong to a chunk render: add --chunk I/N (see 'strata plan --help')")
            }
            return nil
        }
        return ChunkRequest(selector: selector, chunkFrames: args[Options.chunkFrames], format: args[Options.chunkFormat] ?? .mp4)
    }
}
