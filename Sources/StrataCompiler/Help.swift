import StrataEncode

/// Usage texts for `strata --help` and `strata COMMAND --help`.
enum Help {
    static let main = """
    strata — compiles Core Animation scenes written in YAML to video, PNGs and checked golden frames.

    usage: strata COMMAND [options]

    commands:
      render SCENE -o OUT      render to .mp4 .mov .webm .gif .apng .webp, frames/ (PNGs) or still.png
      check PATH...            compare rendered frames with golden PNGs (exit 1 on mismatch)
      inspect SCENE --time T   print the presentation tree at time T as JSON
      validate SCENE...        check a scene; errors as FILE:LINE:COLUMN: error: message
      schema                   print the JSON Schema of the scene format (for editors)

    options: --help, --version; 'strata COMMAND --help' for a command's options.
    exit status: 0 success, 1 mismatch or failure, 2 bad input.
    """

    /// "h264 0...51 (20), hevc 0...51 (22), ..." from the codec table.
    static var crfHelp: String {
        VideoCodec.allCases.compactMap { codec in
            codec.spec.crf.map { "\(codec.rawValue) \(Int($0.range.lowerBound))...\(Int($0.range.upperBound)) (\(Int($0.default)))" }
        }.joined(separator: ", ")
    }

    static let command: [String: String] = [
        "render": """
        usage: strata render SCENE.yaml -o OUT [options]

        OUT is a video file, a folder ending in '/' (PNG sequence 00000.png ...) or a
        .png file (one still; with --time or --frames N). Video formats (default codec
        first; --codec picks another):
          .mp4   h264 (yuv420p), hevc (libx265, tagged hvc1), av1 (SVT-AV1)
          .mov   prores-4444 (with alpha), prores-hq, prores, prores-lt, prores-proxy, h264, hevc
          .webm  vp9 (with alpha), av1
          .gif   palette from the whole video (or per frame), 1-bit transparency
          .apng  lossless RGBA; .webp  animated WebP (lossy, quality 90, with alpha)
        Transparent canvases keep alpha where the format has it and warn where not
        (composited over black). audio: tracks become AAC (.mp4 .mov) or Opus (.webm).
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
          --fps N               frames per second, exact: 30, 29.97 (= 30000/1001), 24000/1001
          --scale N             pixels per point
          --set NAME=VALUE      override a param (repeatable)
          --codec NAME          another codec of the output's format (see above)
          --crf N               quality, lower is better; range (default) by codec:
                                \(crfHelp)
          --preset NAME         speed: ultrafast ... veryslow (default veryfast); x264 and
                                x265 presets, the same rank of SVT-AV1 and libvpx speeds
          --loop N              GIF/APNG: play N times, 0 forever (default 0)
          --gif-palette video|frame  one palette for the video (default) or per frame
          --gif-dither NAME     sierra (default), floyd-steinberg, bayer, none
          --threads N           encoder threads (default 2; never "auto")
          -j, --jobs N          render threads (default: number of cores)
          -q, --quiet           no progress on stderr
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
