/// Usage texts for `strata --help` and `strata COMMAND --help`.
enum Help {
    static let main = """
    strata — compiles Core Animation scenes written in YAML to video, PNGs and checked golden frames.

    usage: strata COMMAND [options]

    commands:
      render SCENE -o OUT      render to out.mp4 (H.264), frames/ (PNG sequence), still.png or a contact sheet
      preview SCENE            live preview in the browser (timeline, playback, layers; reloads on save)
      watch SCENE -o OUT       render again whenever the scene or one of its assets changes
      plan SCENE --chunks N    print the manifest of a render cut into chunks (render farms)
      concat MANIFEST -o OUT   check the chunks of a plan and join them without encoding again
      check PATH...            compare rendered frames with golden PNGs (exit 1 on mismatch)
      inspect SCENE --time T   print the presentation tree at time T as JSON
      validate SCENE...        check a scene; errors as FILE:LINE:COLUMN: error: message
      schema                   print the JSON Schema of the scene format (for editors)

    options: --help, --version; 'strata COMMAND --help' for a command's options.
    exit status: 0 success, 1 mismatch or failure, 2 bad input.
    """

    static let command: [String: String] = [
        "render": """
        usage: strata render SCENE.yaml -o OUT [options]

        OUT is a .mp4 file (H.264, yuv420p, BT.709), a folder ending in '/' (PNG
        sequence 00000.png ...) or a .png file (one still; with --time or --frames N).
        OUT /dev/null renders every requested frame and discards it (times rendering
        alone; nothing is written).

          -o, --output PATH     output file or folder (written under a temporary name,
                                renamed when complete; nothing is left on failure)
          --time T              time of a still: 1.5s, 500ms or bare seconds
          --frames A-B          render frames A to B (inclusive), or one frame A
          --size WxH            canvas size in points (the root resizes; autoresizing
                                and constraints lay the layers out again)
          --variant NAME        a size from canvas.variants
          --all-variants        one output per canvas variant: -o DIR/ writes
                                DIR/<scene>-<variant>.mp4 (.png stills with --time)
          --fps N               frames per second
          --scale N             pixels per point
          --set NAME=VALUE      override a param (repeatable)
          --crf N               H.264 quality, 0 (lossless) ... 51 (default 20)
          --preset NAME         x264 preset: ultrafast ... veryslow (default veryfast)
          --threads N           encoder threads (explicit for reproducible bytes; default 2)
          -j, --jobs N          render threads (default: number of cores)
          -q, --quiet           no progress on stderr
          --contact-sheet CxR   -o sheet.png is C x R frames spread over the timeline
                                (or --frames A-B), tiled with frame and time under each
          --every T             a contact sheet of one frame every T (0.5s); with
                                --contact-sheet C, in C columns
          --chunk I/N           render chunk I (0-based) of N into -o DIR/ as a segment
                                (see 'strata plan --help'); env/N takes I from
                                SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX
          --chunk-frames K      chunks of K frames (with --chunk I or env), as planned
          --format mp4|png      what a chunk writes: an MP4 segment (default) or PNGs
        """,
        "plan": """
        usage: strata plan SCENE.yaml (--chunks N | --chunk-frames K) [-o MANIFEST] [options]

        Prints the manifest (JSON) of a render cut into chunks for separate
        processes or machines: the scene's digest (scene file, files it reads,
        --set, size, frame rate, format, encoder settings, strata build), the
        frames, fps, size, encoder settings, and each chunk's frames and output.
        Render each chunk with 'strata render SCENE --chunk I/N -o DIR/' and the
        same options, then join them with 'strata concat MANIFEST -o OUT'.

          --chunks N            N chunks of (nearly) equal length
          --chunk-frames K      chunks of K frames (the last may be shorter)
          --format mp4|png      MP4 segments (default), or PNG sequence folders
          -o, --output FILE     write the manifest there instead of printing it
          --frames A-B, --size WxH, --variant NAME, --fps N, --scale N,
          --set NAME=VALUE, --crf N, --preset NAME, --threads N
                                as for 'strata render'; the chunks must get the same
        """,
        "concat": """
        usage: strata concat MANIFEST -o OUT [--segments DIR] [--quiet]

        Checks that every chunk of MANIFEST is present, complete and rendered from
        its digest and frames (naming each chunk that is not), then joins them: MP4
        segments by stream copy (no frame is encoded again) into OUT.mp4 with
        continuous timestamps; PNG chunks into the folder OUT/ (hard links when
        possible). Written under a temporary name and renamed when complete.

          -o, --output OUT      out.mp4, or frames/ for PNG chunks
          --segments DIR        where the chunks are (default: the manifest's folder)
          -q, --quiet           no progress on stderr
        exit status: 0 joined, 1 a read or write failure, 2 a bad manifest or chunk.
        """,
        "preview": """
        usage: strata preview SCENE.yaml [--port N] [--host ADDRESS] [options]

        Serves a live preview page: the frame at any time, a timeline, playback at
        the scene's fps, variants and sizes, zoom, the presentation tree with layer
        outlines. Saving the scene or an asset reloads the page at the same time;
        a scene with errors shows them in the page and keeps the last good frame.
        Ctrl-C stops the server (exit 0).

          --port N              port (default \(PreviewOptions.defaultPort); 0: any free port)
          --host ADDRESS        address to listen on (default 127.0.0.1, loopback only)
          --set NAME=VALUE      override a param (repeatable)
          -j, --jobs N          render threads (default: number of cores)
        """,
        "watch": """
        usage: strata watch SCENE.yaml -o OUT [render options]

        Renders like 'strata render', then again whenever the scene file or one of
        its assets changes, printing the outcome or the diagnostics each time. The
        previous output stays in place while a render runs or when one fails.
        Takes every option of 'strata render' (see 'strata render --help').
        Ctrl-C stops watching (exit 0).
        """,
        "check": """
        usage: strata check PATH... [options]

        PATH is a scene file or a folder searched for *.yaml scenes. Renders the
        frames listed in each scene's golden.frames and the frames that have golden
        PNGs under golden/<scene path>/NNNNN.png, and compares them; a scene with
        canvas.variants is also checked at each variant (golden.variants, default
        all), laid out at that size, against golden/<scene path>@<variant>/.

          --golden DIR          golden folder for a single scene
          --update[=all|failed|missing]
                                write goldens (all by default); refused when CI=true
          --artifacts DIR       where failures, diffs and report.html go (default out/check)
          --junit FILE          also write JUnit XML
          --format text|github  github prints ::error annotations at the golden: line
          --channel N, --pixels F, --pixel-count N, --psnr DB, --antialiasing
                                tolerance overrides for every frame
          --video FILE.mp4      compare the golden frames of a rendered video instead
          --set NAME=VALUE      override a param
          -j, --jobs N          render threads
          -q, --quiet           no progress
        exit status: 0 all match, 1 a mismatch, missing golden or orphan, 2 bad input.
        """,
        "inspect": """
        usage: strata inspect SCENE.yaml [--time T | --frame N] [options]

        Prints {"time": t, "layers": [...]}: every layer depth-first (root first,
        path ""), with presentation values at time t; model values under "model"
        and active animations under "animations" when animations apply.

          --time T              1.5s, 500ms or bare seconds (default 0)
          --frame N             the time of frame N
          --size WxH, --variant NAME, --set NAME=VALUE
          --compact             one line of JSON
        """,
        "validate": """
        usage: strata validate SCENE.yaml... [--set NAME=VALUE]

        Parses and checks scenes. Prints every problem as FILE:LINE:COLUMN: error:
        message; exit 0 when valid, 2 otherwise.
        """,
        "schema": """
        usage: strata schema

        Prints the JSON Schema (draft 2020-12) of the scene format, for editors
        (e.g. the YAML language server's '# yaml-language-server: $schema=...').
        """,
    ]
}
