import StrataCompiler
import StrataPreview

/// The authoring loop: `preview` serves the scene to a browser, `watch`
/// renders it again on every save. Both run until Ctrl-C.
extension Commands {
    static let preview = CommandSpec(
        name: "preview",
        summary: "live preview in the browser (timeline, playback, layers; reloads on save)",
        discussion: """
        Serves a live preview page: the frame at any time, a timeline, playback at \
        the scene's fps, variants and sizes, zoom, the presentation tree with layer \
        outlines. Saving the scene or an asset reloads the page at the same time; \
        a scene with errors shows them in the page and keeps the last good frame. \
        Ctrl-C stops the server (exit 0).
        """,
        positional: sceneFile,
        options: [Options.port, Options.host, Options.set, Options.strict, Options.jobs, Options.diagnosticFormat],
        onInterrupt: .wake
    ) { args throws(UsageError) in
        var command = PreviewCommand(scenePath: args.positional, waitForStop: { Interrupts.waitForStop() })
        if let port = args[Options.port] { command.port = port }
        if let host = args[Options.host] { command.host = host }
        command.load = load(args)
        if let jobs = args[Options.jobs] { command.jobs = jobs }
        return .run(command)
    }

    static let watch = CommandSpec(
        name: "watch",
        summary: "render again whenever the scene or one of its assets changes",
        discussion: """
        Renders like 'strata render', then again whenever the scene file or one of \
        its assets changes, printing the outcome or the diagnostics each time. The \
        previous output stays in place while a render runs or when one fails. \
        Takes every option of 'strata render'. Ctrl-C stops watching (exit 0).
        """,
        positional: sceneFile,
        options: renderOptions,
        required: [(Options.output, outputMissing("watch"))],
        onInterrupt: .finish(message: "strata watch: stopped")
    ) { args throws(UsageError) in
        var render = try renderCommand(args)
        guard render.output != RenderCommand.standardOutput else {
            throw UsageError("watch renders again on every change into a file; -o - (standard output) is for render")
        }
        render.summary = .none
        return .run(WatchCommand(render: render))
    }
}
